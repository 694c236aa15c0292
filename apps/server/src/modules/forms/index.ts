/** The forms module's public face: what other modules may use. */
export { getForm, submitResponse } from './forms.service.ts';
