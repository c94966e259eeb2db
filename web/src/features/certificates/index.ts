/**
 * What other features use of certificates: the form for an edition's
 * signatory, on the editions screen, and the question that asks for one
 * once the edition's registration is open.
 */
export { SignatoryForm } from './components/signatory-form';
export { SignatoryPrompt } from './components/signatory-prompt';
