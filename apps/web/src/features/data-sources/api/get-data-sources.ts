import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDataSource, TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { DATA_SOURCES_API, IS_ACTIVE, dataSourceKeys, type StatusFilter } from './data-source-keys.ts';

export const SOURCES_PAGE_SIZE = 20;

export interface SourcesQuery {
  search: string;
  status: StatusFilter;
  page: number;
}

/** GET /data-sources/?search&is_active&page&page_size. */
export function getDataSources(query: SourcesQuery, signal?: AbortSignal): Promise<TPaged<TDataSource>> {
  return apiClient.get<TPaged<TDataSource>>(`${DATA_SOURCES_API}/`, {
    query: { page: query.page, page_size: SOURCES_PAGE_SIZE, search: query.search.trim() || undefined, is_active: IS_ACTIVE[query.status] },
    signal,
  });
}

export function dataSourcesQueryOptions(query: SourcesQuery) {
  return queryOptions({ queryKey: [...dataSourceKeys.lists, query], queryFn: ({ signal }) => getDataSources(query, signal), placeholderData: keepPreviousData, staleTime: 30_000 });
}

export function useDataSources(query: SourcesQuery) {
  return useQuery(dataSourcesQueryOptions(query));
}
