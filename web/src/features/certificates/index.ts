/** What other features use of certificates: the form for an edition's signatory, on the editions screen. */
export { SignatoryForm } from './components/signatory-form';
