import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MANAGER_BASE } from '@faena/contracts/documents';
import type { TDocumentShare, TSharedDocument } from '@faena/contracts/document-shares';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';

const DM = DOCUMENT_MANAGER_BASE;
export const shareKeys = {
  shares: (documentId: string) => ['documents', 'shares', documentId] as const,
  mine: ['documents', 'shared-with-me'] as const,
  one: (id: string) => ['documents', 'shared-with-me', id] as const,
};

/** Who a document is shared with (MANAGE_DOCUMENTATIONS). */
export const useDocumentShares = (documentId: string) =>
  useQuery({
    queryKey: shareKeys.shares(documentId),
    queryFn: ({ signal }) => apiClient.get<{ results: TDocumentShare[] }>(`${DM}/documents/${encodeURIComponent(documentId)}/shares/`, { signal }).then((r) => r.results),
  });

export function useShareMutations(documentId: string) {
  const client = useQueryClient();
  const set = (results: TDocumentShare[]) => client.setQueryData(shareKeys.shares(documentId), results);
  const share = useMutation({
    mutationFn: (personIds: string[]) =>
      apiClient.post<{ results: TDocumentShare[] }>(`${DM}/documents/${encodeURIComponent(documentId)}/shares/`, { json: { person_ids: personIds } }).then((r) => r.results),
    onSuccess: set,
  });
  const unshare = useMutation({
    mutationFn: (personId: string) => apiClient.delete(`${DM}/documents/${encodeURIComponent(documentId)}/shares/${encodeURIComponent(personId)}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.shares(documentId) }),
  });
  return { share, unshare };
}

/** The documents shared with the signed-in person. */
export const useSharedWithMe = () =>
  useQuery({ queryKey: shareKeys.mine, queryFn: ({ signal }) => apiClient.get<{ results: TSharedDocument[] }>(`${DM}/shared-with-me/`, { signal }).then((r) => r.results) });

export const useSharedDocument = (id: string) =>
  useQuery({ queryKey: shareKeys.one(id), queryFn: ({ signal }) => apiClient.get<TSharedDocument>(`${DM}/shared-with-me/${encodeURIComponent(id)}/`, { signal }), retry: false });
