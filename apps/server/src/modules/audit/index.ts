/** The audit module's public face: what other modules may use. */
export { subjectHistory } from './audit.repository.ts';
