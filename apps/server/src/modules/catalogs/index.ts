/** The catalogs module's public face: what other modules may use. */
export { findLocation, findVenue } from './catalogs.repository.ts';
