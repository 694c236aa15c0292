/** The org-chart module's public face: what other modules may use. */
export {
  addHoldingsSql,
  changeHolders,
  changePersonPositions,
  dropHoldingsOutside,
  findPositions,
  holdersSql,
  hasPositions,
  insertPosition,
  positionLookup,
  positionsJsonSql,
  positionsOfPersons,
  setHolders,
  setParents,
  setPersonPositions,
  takenDefaultsSql,
  teamOf,
} from './org-chart.repository.ts';
export { assertCanGrant, grantPositionDefaults, tellPositionChanges } from './org-chart.service.ts';
export { positionCodesOfPersons } from './org-chart.repository.ts';
export { heldPositionIdsSql, positionsTitled } from './org-chart.repository.ts';
export { holdsPositionSql } from './org-chart.repository.ts';
