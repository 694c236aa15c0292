/** The data-sources module's public face: what other modules may use. */
export { insertDataSource, insertRow } from './data-sources.repository.ts';
export { activeRowKeysSql } from './data-sources.repository.ts';
