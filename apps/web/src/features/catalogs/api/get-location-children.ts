import { queryOptions, useQueries } from '@tanstack/react-query';
import type { TLocation, TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { CATALOGS } from '../lib/catalog-defs.ts';
import { catalogKeys } from './catalog-keys.ts';
import { IS_ACTIVE, type StatusFilter } from './get-catalog-page.ts';

const PAGE = 200;

/** The locations directly inside one (`?parent={id}`), every page: what a tree node shows when opened. */
export async function getLocationChildren(parent: string, status: StatusFilter, signal?: AbortSignal): Promise<TLocation[]> {
  const children: TLocation[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiClient.get<TPaged<TLocation>>(`${CATALOGS.locations.api}/`, { query: { page, page_size: PAGE, parent, is_active: IS_ACTIVE[status] }, signal });
    children.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return children;
  }
}

export function locationChildrenQueryOptions(parent: string, status: StatusFilter) {
  // Under the catalogue's lists: any location write refreshes the opened branches too.
  return queryOptions({ queryKey: [...catalogKeys.lists('locations'), 'children', parent, status], queryFn: ({ signal }) => getLocationChildren(parent, status, signal), staleTime: 30_000 });
}

type ChildrenResult = { data?: TLocation[] | undefined; isError: boolean };

/** Stable (module-level), so the combined answer changes identity only when a branch's answer does. */
const combine = (results: ChildrenResult[]) => ({ lists: results.map((result) => result.data), failed: results.map((result) => result.isError) });

/** The children of every opened node, in the order of `parents` (undefined while loading). */
export function useLocationChildren(parents: readonly string[], status: StatusFilter) {
  return useQueries({ queries: parents.map((parent) => locationChildrenQueryOptions(parent, status)), combine });
}
