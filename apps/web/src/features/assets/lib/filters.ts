import { ASSET_ORDERINGS, MAINTENANCE_STATUSES, type TAssetFilters } from '@faena/contracts/assets';

export const ASSET_PAGE_SIZES = [20, 50, 100] as const;
export type AssetOrdering = (typeof ASSET_ORDERINGS)[number];

/** The list's state as the address holds it: /assets/list?search=&type=&category=&venue=&status=&responsible=&page=&page_size=&ordering=. */
export interface AssetListState {
  filters: TAssetFilters;
  page: number;
  pageSize: number;
  ordering: AssetOrdering;
}

const FILTER_KEYS = ['search', 'type', 'category', 'venue', 'status', 'responsible', 'parent'] as const satisfies readonly (keyof TAssetFilters)[];

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** Reads the address; what it does not understand falls back to the defaults (never an error). */
export function parseListState(params: URLSearchParams): AssetListState {
  const filters: TAssetFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'status') {
      if ((MAINTENANCE_STATUSES as readonly string[]).includes(value)) filters.status = value as TAssetFilters['status'];
    } else filters[key] = value;
  }
  const size = positive(params.get('page_size'), 20);
  const ordering = params.get('ordering');
  return {
    filters,
    page: positive(params.get('page'), 1),
    pageSize: (ASSET_PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    ordering: ordering && (ASSET_ORDERINGS as readonly string[]).includes(ordering) ? (ordering as AssetOrdering) : 'code',
  };
}

/** Writes the state back: defaults are left out, so the plain list is plain /assets/list. */
export function listStateParams(state: AssetListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value) params.set(key, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== 20) params.set('page_size', String(state.pageSize));
  if (state.ordering !== 'code') params.set('ordering', state.ordering);
  return params;
}

/** A filter changed: back to the first page. */
export function withFilter(state: AssetListState, key: keyof TAssetFilters, value: string | null): AssetListState {
  const filters: TAssetFilters = { ...state.filters };
  if (value) (filters as Record<string, string>)[key] = value;
  else delete filters[key];
  return { ...state, filters, page: 1 };
}

export function activeFilterCount(filters: TAssetFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'search' && filters[key]).length;
}
