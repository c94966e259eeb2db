/** What other features use of editions: the admin screens' edition picker and the editions' list. */
export { EDITION_PARAM, EditionPicker, editionCaption, useChosenEdition } from './components/edition-picker';
export { useEditions } from './api/get-editions';
