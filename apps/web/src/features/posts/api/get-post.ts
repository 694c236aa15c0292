import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPost } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { postUrl, postsKeys } from './get-posts.ts';

/** GET /posts/{id}/ */
export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: postsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TPost>(`${postUrl(id!)}/`, { signal }),
    enabled: id !== undefined,
  });
}

type Receipt = { read_at: string | null; acknowledged_at: string | null };

function useReceiptMutation(id: string, action: 'read' | 'ack') {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: action === 'read' },
    mutationFn: () => apiClient.post<Receipt>(`${postUrl(id)}/${action}/`),
    onSuccess: (receipt) => {
      client.setQueryData<TPost>(postsKeys.detail(id), (post) => (post ? { ...post, ...receipt } : post));
      // the feed's order and counts depend on it
      void client.invalidateQueries({ queryKey: ['posts', 'feed'] });
    },
  });
}

/** POST /posts/{id}/read/: opening a post marks it read. */
export const useMarkRead = (id: string) => useReceiptMutation(id, 'read');
/** POST /posts/{id}/ack/: "Leído y entendido". */
export const useAcknowledge = (id: string) => useReceiptMutation(id, 'ack');
