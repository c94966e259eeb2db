/** What other features use of registration: a person's registrations, for the user table, and how one is worded. */
export { type PersonRegistration, useUserRegistrations } from './api/events';
export { statusText } from './components/event-registrations';
/** "Open registration" prefilled from an edition's or NACLO session's content, for the editions screen. */
export { OpenRegistration } from './components/open-registration';
