/** The forms module's public face: what other modules may use. */
export { getForm, getForms, submitResponse } from './forms.service.ts';
export { formsUsingDataSource, insertForm } from './forms.repository.ts';
export { knownReferences, registerReferenceCatalog } from './forms.references.ts';
