import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLink, TLinkList, TLinkUpdate, TLinkWrite } from '@faena/contracts';
import { LINKS_BASE } from '@faena/contracts/links';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';

const LINKS_URL = `${LINKS_BASE}/links`;

export const linksKeys = { all: ['links'] as const, mine: ['links', 'mine'] as const, manage: ['links', 'manage'] as const };

/** GET /links/: the links the person sees (for everyone and for their audiences). */
export function useLinks() {
  return useQuery({ queryKey: linksKeys.mine, queryFn: ({ signal }) => apiClient.get<TLinkList>(`${LINKS_URL}/`, { signal }) });
}

/** GET /links/manage/ (MANAGE_POSTS): every link. */
export function useManagedLinks(enabled: boolean) {
  return useQuery({ queryKey: linksKeys.manage, queryFn: ({ signal }) => apiClient.get<TLinkList>(`${LINKS_URL}/manage/`, { signal }), enabled });
}

/** POST /links/ or PATCH /links/{id}/; 400 field errors (an address that is not http or https). */
export function useSaveLink(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: TLinkWrite | TLinkUpdate) =>
      id ? apiClient.patch<TLink>(`${LINKS_URL}/${encodeURIComponent(id)}/`, { json: input }) : apiClient.post<TLink>(`${LINKS_URL}/`, { json: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: linksKeys.all }),
  });
}

export function useDeleteLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`${LINKS_URL}/${encodeURIComponent(id)}/`),
    onSuccess: () => void client.invalidateQueries({ queryKey: linksKeys.all }),
  });
}
