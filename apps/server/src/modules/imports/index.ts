/** The imports module's public face: what other modules may use. */
export { headerOf, presumedNew, registerImporter, RowChecks } from './importer.ts';
export type { Importer, ImportRunContext, ParsedRow, RowError } from './importer.ts';
export { FileError } from './imports.reader.ts';
export { registerImportRoutes } from './imports.routes.ts';
export { diffProblem, keyedImporter, listed, lookupList, parseBoolean, parseNumber, splitList } from './keyed-importer.ts';
export type { FieldSpec, KeyedSpec } from './keyed-importer.ts';
export { uuidv7 } from './uuidv7.ts';
export { seedImportHistory } from './imports.seed.ts';
