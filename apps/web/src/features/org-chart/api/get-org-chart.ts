import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrgChart } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';

export const orgChartKeys = {
  all: ['org-chart'] as const,
  chart: ['org-chart', 'chart'] as const,
  positions: (search: string, holders: string, page: number) => ['org-chart', 'positions', search, holders, page] as const,
  position: (id: string) => ['org-chart', 'position', id] as const,
  holders: (id: string) => ['org-chart', 'holders', id] as const,
};

/** GET /org-chart/: every position as a node (title, up to three persons, additional_count) and parent → child edges. */
export function orgChartOptions() {
  return queryOptions({
    queryKey: orgChartKeys.chart,
    queryFn: ({ signal }) => apiClient.get<TOrgChart>(`${AUDIENCES_BASE}/org-chart/`, { signal }),
    staleTime: 30_000,
  });
}

export function useOrgChart() {
  return useQuery(orgChartOptions());
}
