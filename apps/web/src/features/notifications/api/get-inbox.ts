import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TInboxPage } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { INBOX_PAGE_SIZE, nextInboxPage, offsetOfPage } from '../lib/inbox-model.ts';

/** The notifications service (spec §7), paths verbatim. */
export const NOTIFICATIONS_API = '/api/notifications-engine/v3/notifications';

/** One cache entry per signed-in person: the query cache is cleared whenever the identity changes. */
export const inboxQueryKey = ['notifications', 'inbox'] as const;

/** GET /notifications/inbox?offset&limit — page 1 is the newest 20. */
export function getInboxPage(page: number, signal?: AbortSignal): Promise<TInboxPage> {
  return apiClient.get<TInboxPage>(`${NOTIFICATIONS_API}/inbox`, { query: { offset: offsetOfPage(page), limit: INBOX_PAGE_SIZE }, signal });
}

export function inboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: inboxQueryKey,
    queryFn: ({ pageParam, signal }) => getInboxPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextInboxPage(lastPage, lastPageParam),
    // The stream says when something arrives; focus and reconnects refetch too.
    staleTime: 60_000,
  });
}

export function useInbox(enabled = true) {
  return useInfiniteQuery({ ...inboxQueryOptions(), enabled });
}
