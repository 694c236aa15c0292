import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { catalogKeys } from './catalog-keys.ts';
import { afterCatalogWrite } from './save-catalog-item.ts';

/** Soft delete (DELETE → 204, is_active false) or restore (PATCH {is_active: true}). */
export async function setCatalogItemActive(def: CatalogDef, id: string, active: boolean): Promise<CatalogRecord | null> {
  const url = `${def.api}/${encodeURIComponent(id)}/`;
  if (active) return apiClient.patch<CatalogRecord>(url, { json: { is_active: true } });
  await apiClient.delete<void>(url, { responseType: 'none' });
  return null;
}

export function useSetCatalogItemActive(def: CatalogDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setCatalogItemActive(def, id, active),
    // Every caller shows its own error (on the field, or a toast in its words).
    meta: { silent: true },
    onSuccess: (record, { id, active }) => {
      if (!record) client.setQueryData<CatalogRecord>(catalogKeys.item(def.key, id), (old) => (old ? { ...old, is_active: active } : old));
      afterCatalogWrite(client, def, record);
    },
  });
}
