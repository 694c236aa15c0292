/** The people module's public face: what other modules may use. */
export { findPersonByPassport, personSummaries } from './people.repository.ts';
