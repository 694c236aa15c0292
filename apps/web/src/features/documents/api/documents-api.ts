import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { DOCUMENT_MANAGER_BASE } from '@faena/contracts/documents';
import type { TDocument, TDocumentType, TFolder } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

const DM = DOCUMENT_MANAGER_BASE;
export const documentKeys = {
  all: ['documents'] as const,
  types: ['documents', 'types'] as const,
  type: (id: string) => ['documents', 'types', id] as const,
  folders: ['documents', 'folders'] as const,
  list: (folderId: string | null, search: string) => ['documents', 'list', folderId, search] as const,
};

export function useDocumentTypes() {
  return useQuery({
    queryKey: documentKeys.types,
    queryFn: () => apiClient.get<{ results: TDocumentType[] }>(`${DM}/document-types/`).then((r) => r.results),
  });
}
export function useDocumentType(id: string | undefined) {
  return useQuery({
    queryKey: documentKeys.type(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => apiClient.get<TDocumentType>(`${DM}/document-types/${encodeURIComponent(id ?? '')}/`),
  });
}
export function useFolders() {
  return useQuery({
    queryKey: documentKeys.folders,
    queryFn: () => apiClient.get<{ results: TFolder[] }>(`${DM}/folders/`).then((r) => r.results),
  });
}
export function useDocuments(folderId: string | null, search: string) {
  return useQuery({
    queryKey: documentKeys.list(folderId, search),
    queryFn: () =>
      apiClient
        .get<{ results: TDocument[] }>(`${DM}/documents/`, {
          query: { folder_id: folderId, search: search.trim() || null },
        })
        .then((r) => r.results),
  });
}

export type TypeInput = {
  name: string;
  description: string | null;
  allowed_formats: string[];
  is_active: boolean;
};

/** Every write of the area, each invalidating what it changes. */
export function useDocumentsMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: documentKeys.all });
  const m = <A>(fn: (args: A) => Promise<unknown>) => ({
    mutationFn: fn,
    onSuccess: refresh,
  });
  return {
    saveType: useMutation(
      m(({ id, input }: { id?: string | undefined; input: TypeInput }) =>
        id
          ? apiClient.patch<TDocumentType>(`${DM}/document-types/${id}/`, {
              json: input,
            })
          : apiClient.post<TDocumentType>(`${DM}/document-types/`, {
              json: input,
            }),
      ),
    ),
    createFolder: useMutation(m((input: { name: string; parent_id: string | null }) => apiClient.post<TFolder>(`${DM}/folders/`, { json: input }))),
    updateFolder: useMutation(m(({ id, ...input }: { id: string; name?: string; parent_id?: string | null }) => apiClient.patch<TFolder>(`${DM}/folders/${id}/`, { json: input }))),
    deleteFolder: useMutation(
      m((id: string) =>
        apiClient.delete<void>(`${DM}/folders/${id}/`, {
          responseType: 'none',
        }),
      ),
    ),
    createDocument: useMutation(m((input: { upload_id: string; folder_id: string | null; document_type_id: string | null }) => apiClient.post<TDocument>(`${DM}/documents/`, { json: input }))),
    updateDocument: useMutation(
      m(({ id, ...input }: { id: string; title?: string; folder_id?: string | null; document_type_id?: string | null }) => apiClient.patch<TDocument>(`${DM}/documents/${id}/`, { json: input })),
    ),
    deleteDocument: useMutation(
      m((id: string) =>
        apiClient.delete<void>(`${DM}/documents/${id}/`, {
          responseType: 'none',
        }),
      ),
    ),
  };
}
