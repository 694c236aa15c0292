import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBiConnection, TChartKind, TChartQuery, TPublicLink, TReport, TReportCategory, TReportList, TReportView } from '@faena/contracts';
import { REPORTS_BASE } from '@faena/contracts/reports';
import { apiClient } from '../../../shared/api/api-client.ts';
import { refreshDelay } from '../lib/embed-token.ts';

export const reportsKeys = {
  all: ['reports'] as const,
  list: ['reports', 'list'] as const,
  categories: ['reports', 'categories'] as const,
  charts: ['reports', 'charts'] as const,
  detail: (id: string) => ['reports', 'detail', id] as const,
  view: (id: string, query: TChartQuery) => ['reports', 'view', id, query] as const,
  links: (id: string) => ['reports', 'links', id] as const,
  connections: ['reports', 'connections'] as const,
};

/** The viewer's zone: days and weeks of a chart are the viewer's. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function reportsListOptions() {
  return queryOptions({ queryKey: reportsKeys.list, queryFn: ({ signal }) => apiClient.get<TReportList>(`${REPORTS_BASE}/reports/`, { signal }) });
}
export const useReportsList = () => useQuery(reportsListOptions());

export const useCategories = (enabled = true) =>
  useQuery({ queryKey: reportsKeys.categories, queryFn: ({ signal }) => apiClient.get<{ results: TReportCategory[] }>(`${REPORTS_BASE}/categories/`, { signal }), enabled });

export const useChartKinds = () =>
  useQuery({ queryKey: reportsKeys.charts, queryFn: ({ signal }) => apiClient.get<{ results: TChartKind[] }>(`${REPORTS_BASE}/charts/`, { signal }), staleTime: Infinity });

export const useReport = (id: string | undefined) =>
  useQuery({ queryKey: reportsKeys.detail(id ?? ''), queryFn: ({ signal }) => apiClient.get<TReport>(`${REPORTS_BASE}/reports/${encodeURIComponent(id!)}/`, { signal }), enabled: !!id });

/** A report's chart data, or a freshly minted embed (its token lives 10 minutes: minted again two minutes before it expires). */
export function useReportView(id: string, query: TChartQuery) {
  return useQuery({
    queryKey: reportsKeys.view(id, query),
    queryFn: ({ signal }) => apiClient.get<TReportView>(`${REPORTS_BASE}/reports/${encodeURIComponent(id)}/view/`, { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.embed ? refreshDelay(q.state.data.embed) : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export const usePublicLinks = (id: string) =>
  useQuery({ queryKey: reportsKeys.links(id), queryFn: ({ signal }) => apiClient.get<{ results: TPublicLink[] }>(`${REPORTS_BASE}/reports/${encodeURIComponent(id)}/public-links/`, { signal }) });

export const useBiConnections = () =>
  useQuery({ queryKey: reportsKeys.connections, queryFn: ({ signal }) => apiClient.get<{ results: TBiConnection[] }>(`${REPORTS_BASE}/bi-connections/`, { signal }) });
