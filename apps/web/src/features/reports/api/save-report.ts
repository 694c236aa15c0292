import { useQueryClient } from '@tanstack/react-query';
import type { TBiConnection, TBiConnectionWrite, TBiProvider, TPublicLink, TReport, TReportCategory, TReportUpdate, TReportWrite } from '@faena/contracts';
import { REPORTS_BASE } from '@faena/contracts/reports';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { reportsKeys } from './get-reports.ts';

const enc = encodeURIComponent;

/** Categories: create, rename, order, delete (each refreshes the categories and the list). */
export function useCategoryMutations() {
  const client = useQueryClient();
  const done = () => Promise.all([client.invalidateQueries({ queryKey: reportsKeys.categories }), client.invalidateQueries({ queryKey: reportsKeys.list })]);
  return {
    create: useMutation({ mutationFn: (name: string) => apiClient.post<TReportCategory>(`${REPORTS_BASE}/categories/`, { json: { name } }), onSuccess: done }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => apiClient.patch<TReportCategory>(`${REPORTS_BASE}/categories/${enc(id)}/`, { json: { name } }),
      onSuccess: done,
    }),
    order: useMutation({ mutationFn: (ids: string[]) => apiClient.put<{ results: TReportCategory[] }>(`${REPORTS_BASE}/categories/order/`, { json: { ids } }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: string) => apiClient.delete<void>(`${REPORTS_BASE}/categories/${enc(id)}/`, { responseType: 'none' }), onSuccess: done }),
  };
}

export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: TReportWrite | TReportUpdate }) =>
      id ? apiClient.patch<TReport>(`${REPORTS_BASE}/reports/${enc(id)}/`, { json: input }) : apiClient.post<TReport>(`${REPORTS_BASE}/reports/`, { json: input }),
    onSuccess: (report) =>
      Promise.all([
        client.invalidateQueries({ queryKey: reportsKeys.list }),
        client.invalidateQueries({ queryKey: reportsKeys.categories }),
        client.invalidateQueries({ queryKey: reportsKeys.detail(report.id) }),
      ]),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`${REPORTS_BASE}/reports/${enc(id)}/`, { responseType: 'none' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: reportsKeys.list }), client.invalidateQueries({ queryKey: reportsKeys.categories })]),
  });
}

export function useLinkMutations(reportId: string) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: reportsKeys.links(reportId) });
  return {
    create: useMutation({
      mutationFn: (expiresAt: string | null) => apiClient.post<TPublicLink>(`${REPORTS_BASE}/reports/${enc(reportId)}/public-links/`, { json: { expires_at: expiresAt } }),
      onSuccess: done,
    }),
    revoke: useMutation({ mutationFn: (linkId: string) => apiClient.post<TPublicLink>(`${REPORTS_BASE}/reports/${enc(reportId)}/public-links/${enc(linkId)}/revoke/`), onSuccess: done }),
  };
}

export function useSaveConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, input }: { provider: TBiProvider; input: TBiConnectionWrite }) => apiClient.put<TBiConnection>(`${REPORTS_BASE}/bi-connections/${provider}/`, { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKeys.connections }),
  });
}
