import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { catalogKeys } from './catalog-keys.ts';

/** The list's state filter (decision 008: soft delete), as the screens name it. */
export type StatusFilter = 'active' | 'deleted' | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'deleted', 'all'];
export const IS_ACTIVE: Record<StatusFilter, 'true' | 'false' | 'all'> = { active: 'true', deleted: 'false', all: 'all' };

export const CATALOG_PAGE_SIZE = 20;

export interface CatalogPageParams {
  search: string;
  status: StatusFilter;
  page: number;
  pageSize?: number;
  /** Extra filters the API takes (locations: venue, parent). */
  filters?: Record<string, string>;
}

/** GET {catalogue}/?page&page_size&search&is_active → {count, next, previous, results}. */
export function getCatalogPage(def: CatalogDef, params: CatalogPageParams, signal?: AbortSignal): Promise<TPaged<CatalogRecord>> {
  return apiClient.get<TPaged<CatalogRecord>>(`${def.api}/`, {
    query: { page: params.page, page_size: params.pageSize ?? CATALOG_PAGE_SIZE, search: params.search.trim() || undefined, is_active: IS_ACTIVE[params.status], ...params.filters },
    signal,
  });
}

export function catalogPageQueryOptions(def: CatalogDef, params: CatalogPageParams) {
  return queryOptions({
    queryKey: [...catalogKeys.lists(def.key), params],
    queryFn: ({ signal }) => getCatalogPage(def, params, signal),
    // The previous page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCatalogPage(def: CatalogDef, params: CatalogPageParams, enabled = true) {
  return useQuery({ ...catalogPageQueryOptions(def, params), enabled });
}
