import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TDataSourceRow, TDataSourceRowMove } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { DATA_SOURCES_API, dataSourceKeys } from './data-source-keys.ts';

export interface RowInput {
  key?: string;
  label?: string;
  is_active?: boolean;
}

/** POST /rows/ (201), PATCH /rows/{rowId} (edit, restore) or DELETE /rows/{rowId} (soft delete). */
export async function saveDataSourceRow({ sourceId, rowId, body }: { sourceId: string; rowId?: string | undefined; body: RowInput }): Promise<TDataSourceRow | null> {
  const rows = `${DATA_SOURCES_API}/${encodeURIComponent(sourceId)}/rows`;
  if (!rowId) return apiClient.post<TDataSourceRow>(`${rows}/`, { json: body });
  const url = `${rows}/${encodeURIComponent(rowId)}`;
  if (body.is_active === false && Object.keys(body).length === 1) {
    await apiClient.delete<void>(url, { responseType: 'none' });
    return null;
  }
  return apiClient.patch<TDataSourceRow>(url, { json: body });
}

/** Any write to a source's rows: its pages refetch, and so does its row count. */
export function useSaveDataSourceRow(sourceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rowId?: string | undefined; body: RowInput }) => saveDataSourceRow({ sourceId, ...input }),
    // Every caller shows its own error (on the field, or a toast in its words).
    meta: { silent: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: dataSourceKeys.rows(sourceId) });
      void client.invalidateQueries({ queryKey: dataSourceKeys.source(sourceId), exact: true });
      void client.invalidateQueries({ queryKey: dataSourceKeys.lists });
    },
  });
}

/** POST /rows/{rowId}/move: a row of a manually ordered source changes place (decision 018). */
export function useMoveDataSourceRow(sourceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rowId, to }: { rowId: string; to: TDataSourceRowMove }) =>
      apiClient.post<TDataSourceRow>(`${DATA_SOURCES_API}/${encodeURIComponent(sourceId)}/rows/${encodeURIComponent(rowId)}/move`, { json: { to } }),
    meta: { silent: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: dataSourceKeys.rows(sourceId) }),
  });
}
