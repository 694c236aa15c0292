import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TPosition } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { orgChartKeys } from './get-org-chart.ts';

export const POSITIONS_PAGE_SIZE = 25;

/** GET /positions/?search=&page=: a page of positions ordered by title. */
export function usePositions(search: string, page: number) {
  return useQuery({
    queryKey: orgChartKeys.positions(search, page),
    queryFn: ({ signal }) =>
      apiClient.get<TPaged<TPosition>>(`${AUDIENCES_BASE}/positions/`, { signal, query: { search: search.trim() || null, page, page_size: POSITIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
