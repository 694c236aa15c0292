import type { CatalogKey } from '../lib/catalog-defs.ts';

/** Query keys of the catalogue screens: one branch per catalogue, so a write refreshes its own. */
export const catalogKeys = {
  all: ['catalogs'] as const,
  catalog: (key: CatalogKey) => ['catalogs', key] as const,
  lists: (key: CatalogKey) => ['catalogs', key, 'list'] as const,
  item: (key: CatalogKey, id: string) => ['catalogs', key, 'item', id] as const,
  usage: (key: CatalogKey, id: string) => ['catalogs', key, 'usage', id] as const,
};
