/** The org-chart module's public face: what other modules may use. */
export { changeHolders, changePersonPositions, findPositions, holdersSql, hasPositions, insertPosition, positionLookup, positionsJsonSql, positionsOfPersons, setHolders, setParents, setPersonPositions, teamOf } from './org-chart.repository.ts';
export { assertCanGrant, grantPositionDefaults } from './org-chart.service.ts';
