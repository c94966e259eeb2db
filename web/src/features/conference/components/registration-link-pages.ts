/*
 * The pages e-mailed links open (a visitor's confirmation, a registration's
 * own link): one chunk, so the route table carries one import for both.
 */
export { RegistrationConfirmPage } from './registration-confirm-page';
export { RegistrationManagePage } from './registration-manage-page';
