import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TPaged, TPersonExport } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import type { FileLanguage } from '../../../shared/imports/imports-api.ts';
import { downloadWithCookie } from '../../../shared/uploads/upload-api.ts';
import { filterQuery, PERSONS_BASE, type PeopleFilters } from './get-people.ts';

const EXPORTS = `${PERSONS_BASE}/exports`;
export const exportKeys = {
  list: ['people', 'exports'] as const,
  one: (id: string) => ['people', 'exports', id] as const,
};
const isRunning = (status: TPersonExport['status']) => status === 'PENDING' || status === 'RUNNING';

/** The tenant's exports, newest first (MANAGE_PEOPLE); polled while one of them runs. */
export function usePersonExports(enabled: boolean) {
  return useQuery({
    queryKey: exportKeys.list,
    enabled,
    queryFn: ({ signal }) => apiClient.get<TPaged<TPersonExport>>(`${EXPORTS}/`, { query: { page: 1, page_size: 5 }, signal }),
    refetchInterval: (query) => (query.state.data?.results.some((item) => isRunning(item.status)) ? 1000 : false),
  });
}

/** exportPersons: a CSV or XLSX of the list as filtered, made in the background, its header row in the screen's language. */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ format, filters, language }: { format: 'csv' | 'xlsx'; filters: PeopleFilters; language: FileLanguage }) => {
      const query = filterQuery(filters);
      const sent = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== ''));
      return apiClient.post<TPersonExport>(`${EXPORTS}/`, { json: { format, filters: sent, language } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: exportKeys.list }),
  });
}

/** Downloads a finished export: the session cookie lets the browser stream it to disk itself. */
export function downloadExport(item: TPersonExport): Promise<void> {
  return downloadWithCookie(item.download_url ?? `${EXPORTS}/${encodeURIComponent(item.id)}/download`, item.file_name);
}
