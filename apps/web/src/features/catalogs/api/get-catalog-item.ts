import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { TCatalogUsage } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { catalogKeys } from './catalog-keys.ts';

/** GET {catalogue}/{id}/ — the full record (spec forms §7 retrieveFullVenue, retrieveFullLocation, retrieve…Detail). */
export function getCatalogItem(def: CatalogDef, id: string, signal?: AbortSignal): Promise<CatalogRecord> {
  return apiClient.get<CatalogRecord>(`${def.api}/${encodeURIComponent(id)}/`, { signal });
}

export function catalogItemQueryOptions(def: CatalogDef, id: string) {
  return queryOptions({ queryKey: catalogKeys.item(def.key, id), queryFn: ({ signal }) => getCatalogItem(def, id, signal), staleTime: 30_000 });
}

export function useCatalogItem(def: CatalogDef, id: string | null | undefined) {
  return useQuery({ ...catalogItemQueryOptions(def, id ?? ''), enabled: Boolean(id) });
}

/** Several records of one catalogue by id (names of references: categories, a parent). */
export function useCatalogItems(def: CatalogDef, ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => catalogItemQueryOptions(def, id)) });
}

/** GET {catalogue}/{id}/usage/ (writers) — the persons, venues and locations that point at the record. */
export function catalogUsageQueryOptions(def: CatalogDef, id: string) {
  return queryOptions({
    queryKey: catalogKeys.usage(def.key, id),
    queryFn: ({ signal }) => apiClient.get<TCatalogUsage>(`${def.api}/${encodeURIComponent(id)}/usage/`, { signal }),
    // other catalogues' writes change it (a location made under a venue): asked afresh each time
    staleTime: 0,
  });
}

export function useCatalogUsage(def: CatalogDef, id: string, enabled: boolean) {
  return useQuery({ ...catalogUsageQueryOptions(def, id), enabled });
}
