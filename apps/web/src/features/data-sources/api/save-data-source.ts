import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TDataSource, TDataSourceRowOrder } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { DATA_SOURCES_API, dataSourceKeys } from './data-source-keys.ts';

export interface DataSourceInput {
  name?: string;
  description?: string | null;
  is_active?: boolean;
  row_order?: TDataSourceRowOrder;
}

/** POST /data-sources/ (201) or PATCH /data-sources/{id}/; DELETE is the soft delete. */
export async function saveDataSource({ id, body }: { id?: string | undefined; body: DataSourceInput }): Promise<TDataSource | null> {
  if (!id) return apiClient.post<TDataSource>(`${DATA_SOURCES_API}/`, { json: body });
  const url = `${DATA_SOURCES_API}/${encodeURIComponent(id)}/`;
  if (body.is_active === false && Object.keys(body).length === 1) {
    await apiClient.delete<void>(url, { responseType: 'none' });
    return null;
  }
  return apiClient.patch<TDataSource>(url, { json: body });
}

/** Create, edit, delete (is_active false) or restore (is_active true) a source. */
export function useSaveDataSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDataSource,
    // Every caller shows its own error (on the field, or a toast in its words).
    meta: { silent: true },
    onSuccess: (source, { id, body }) => {
      if (source) client.setQueryData(dataSourceKeys.source(source.id), source);
      else if (id) client.setQueryData<TDataSource>(dataSourceKeys.source(id), (old) => (old ? ({ ...old, ...body } as TDataSource) : old));
      void client.invalidateQueries({ queryKey: dataSourceKeys.lists });
      // A new order lists the rows anew.
      if (id && body.row_order !== undefined) void client.invalidateQueries({ queryKey: dataSourceKeys.rows(id) });
      // Form pickers list the sources too.
      void client.invalidateQueries({ queryKey: ['forms', 'data-sources'] });
    },
  });
}
