/** The catalogs module's public face: what other modules may use. */
export { findLocation, findVenue } from './catalogs.repository.ts';
export { locationNames, venueNames } from './catalogs.repository.ts';
export { activeIds, codeLookup, insertItem, insertLocation, insertVenue, itemNames } from './catalogs.repository.ts';
export type { ItemKind } from './catalogs.repository.ts';
export { itemCodes, venueCodes } from './catalogs.repository.ts';
export { activeLocationIdsSql, activeVenueIdsSql } from './catalogs.repository.ts';
