import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { CATALOGS, type CatalogDef, type CatalogRecord } from '../lib/catalog-defs.ts';
import { catalogKeys } from './catalog-keys.ts';

/** POST {catalogue}/ (201) or PATCH {catalogue}/{id}/ with only the changed fields. */
export function saveCatalogItem(def: CatalogDef, input: { id?: string | undefined; body: Record<string, unknown> }): Promise<CatalogRecord> {
  return input.id ? apiClient.patch<CatalogRecord>(`${def.api}/${encodeURIComponent(input.id)}/`, { json: input.body }) : apiClient.post<CatalogRecord>(`${def.api}/`, { json: input.body });
}

/**
 * After a write: the record's cache holds the answer; the catalogue's lists refetch, and so do the
 * lists of catalogues that show its names (a renamed venue changes the locations' venue_name).
 */
export function afterCatalogWrite(client: QueryClient, def: CatalogDef, record: CatalogRecord | null): void {
  if (record) client.setQueryData(catalogKeys.item(def.key, record.id), record);
  void client.invalidateQueries({ queryKey: catalogKeys.lists(def.key) });
  for (const other of Object.values(CATALOGS)) {
    if (other.key !== def.key && other.fields.some((field) => field.ref === def.key)) void client.invalidateQueries({ queryKey: catalogKeys.catalog(other.key) });
  }
}

export function useSaveCatalogItem(def: CatalogDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string | undefined; body: Record<string, unknown> }) => saveCatalogItem(def, input),
    // Every caller shows its own error (on the field, or a toast in its words).
    meta: { silent: true },
    onSuccess: (record) => afterCatalogWrite(client, def, record),
  });
}
