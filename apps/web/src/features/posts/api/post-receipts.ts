import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPostReceipts } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { postUrl, postsKeys } from './get-posts.ts';

export type ReceiptFilter = 'all' | 'unread' | 'unacknowledged' | 'read' | 'acknowledged';
export const RECEIPTS_PAGE_SIZE = 20;

/** GET /posts/{id}/receipts/ (its author or MANAGE_POSTS). */
export function useReceipts(id: string, filter: ReceiptFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: postsKeys.receipts(id, filter, page),
    queryFn: ({ signal }) => apiClient.get<TPostReceipts>(`${postUrl(id)}/receipts/?filter=${filter}&page=${page}&page_size=${RECEIPTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    // the author watches it fill up
    refetchInterval: 15_000,
  });
}

/** POST /posts/{id}/remind/: "Recordar" to those who have not read (or acknowledged) it. */
export function useRemind(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ reminded: number }>(`${postUrl(id)}/remind/`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['posts', 'receipts', id] }),
  });
}
