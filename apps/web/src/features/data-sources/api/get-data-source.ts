import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDataSource, TDataSourceUsage } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { DATA_SOURCES_API, dataSourceKeys } from './data-source-keys.ts';

/** GET /data-sources/{id}/ — name, description, state and how many rows it holds. */
export function getDataSource(id: string, signal?: AbortSignal): Promise<TDataSource> {
  return apiClient.get<TDataSource>(`${DATA_SOURCES_API}/${encodeURIComponent(id)}/`, { signal });
}

export function dataSourceQueryOptions(id: string) {
  return queryOptions({ queryKey: dataSourceKeys.source(id), queryFn: ({ signal }) => getDataSource(id, signal), staleTime: 30_000 });
}

export function useDataSource(id: string | undefined) {
  return useQuery({ ...dataSourceQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** GET /data-sources/{id}/usage/ — the forms whose latest version reads the source. */
export function useDataSourceUsage(id: string) {
  return useQuery({
    queryKey: dataSourceKeys.usage(id),
    queryFn: ({ signal }) => apiClient.get<TDataSourceUsage>(`${DATA_SOURCES_API}/${encodeURIComponent(id)}/usage/`, { signal }),
    // forms change elsewhere: asked afresh each time the detail opens
    staleTime: 0,
  });
}
