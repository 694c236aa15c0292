import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPostState, TPostSummary } from '@faena/contracts';
import { POSTS_BASE } from '@faena/contracts/posts';
import { apiClient } from '../../../shared/api/api-client.ts';

export const POSTS_URL = `${POSTS_BASE}/posts`;
export const postUrl = (id: string) => `${POSTS_URL}/${encodeURIComponent(id)}`;
export const FEED_PAGE_SIZE = 20;

export interface FeedPage {
  count: number;
  /** Posts still unread or awaiting the caller's acknowledgement. */
  pending: number;
  next: string | null;
  results: TPostSummary[];
}

export const postsKeys = {
  all: ['posts'] as const,
  feed: (page: number, search: string) => ['posts', 'feed', page, search] as const,
  managed: (state: TPostState | 'all', page: number, search: string) => ['posts', 'managed', state, page, search] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  receipts: (id: string, filter: string, page: number) => ['posts', 'receipts', id, filter, page] as const,
};

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** GET /posts/: the caller's feed (pinned, then unread or awaiting acknowledgement, then newest). */
export function feedOptions(page: number, search: string) {
  return queryOptions({
    queryKey: postsKeys.feed(page, search),
    queryFn: ({ signal }) => apiClient.get<FeedPage>(`${POSTS_URL}/?${query({ page, page_size: FEED_PAGE_SIZE, search })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFeed(page: number, search: string) {
  return useQuery(feedOptions(page, search));
}

/** GET /posts/manage/ (MANAGE_POSTS): every post in any state. */
export function useManagedPosts(state: TPostState | 'all', page: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: postsKeys.managed(state, page, search),
    queryFn: ({ signal }) =>
      apiClient.get<{ count: number; results: TPostSummary[] }>(`${POSTS_URL}/manage/?${query({ page, page_size: FEED_PAGE_SIZE, search, state: state === 'all' ? undefined : state })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
