import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TPosition } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { orgChartKeys } from './get-org-chart.ts';

export const POSITIONS_PAGE_SIZE = 25;

/** Which positions the list shows: every one, the vacant ones (nobody holds them) or the held ones. */
export const HOLDER_FILTERS = ['all', 'vacant', 'held'] as const;
export type HolderFilter = (typeof HOLDER_FILTERS)[number];

/** GET /positions/?search=&vacant=&page=: a page of positions ordered by title. */
export function usePositions(search: string, holders: HolderFilter, page: number) {
  return useQuery({
    queryKey: orgChartKeys.positions(search, holders, page),
    queryFn: ({ signal }) =>
      apiClient.get<TPaged<TPosition>>(`${AUDIENCES_BASE}/positions/`, {
        signal,
        query: { search: search.trim() || null, vacant: holders === 'all' ? null : String(holders === 'vacant'), page, page_size: POSITIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
