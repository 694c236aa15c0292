import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDataSourceRow, TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { DATA_SOURCES_API, IS_ACTIVE, dataSourceKeys, type StatusFilter } from './data-source-keys.ts';

export const ROWS_PAGE_SIZE = 50;

export interface RowsQuery {
  search: string;
  status: StatusFilter;
  page: number;
}

/** GET /data-sources/{id}/rows/?search&is_active&page — the key/label rows (spec forms §3). */
export function getDataSourceRows(id: string, query: RowsQuery, signal?: AbortSignal): Promise<TPaged<TDataSourceRow>> {
  return apiClient.get<TPaged<TDataSourceRow>>(`${DATA_SOURCES_API}/${encodeURIComponent(id)}/rows/`, {
    query: { page: query.page, page_size: ROWS_PAGE_SIZE, search: query.search.trim() || undefined, is_active: IS_ACTIVE[query.status] },
    signal,
  });
}

export function dataSourceRowsQueryOptions(id: string, query: RowsQuery) {
  return queryOptions({ queryKey: [...dataSourceKeys.rows(id), query], queryFn: ({ signal }) => getDataSourceRows(id, query, signal), placeholderData: keepPreviousData, staleTime: 30_000 });
}

export function useDataSourceRows(id: string, query: RowsQuery) {
  return useQuery(dataSourceRowsQueryOptions(id, query));
}
