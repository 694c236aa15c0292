import { useQuery } from '@tanstack/react-query';
import type { TChartQuery, TPublicReport } from '@faena/contracts';
import { REPORTS_BASE } from '@faena/contracts/reports';
import { apiClient } from '../../../shared/api/api-client.ts';

/** A public report, read signed out (no token is sent even with a session in this browser). */
export function usePublicReport(publicId: string, query: TChartQuery) {
  return useQuery({
    queryKey: ['public-report', publicId, query],
    queryFn: ({ signal }) => apiClient.get<TPublicReport>(`${REPORTS_BASE}/public/${encodeURIComponent(publicId)}/`, { signal, auth: false, query: { ...query } }),
    retry: false,
  });
}
