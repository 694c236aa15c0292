import { useInfiniteQuery } from '@tanstack/react-query';
import type { TPaged, TPersonHistoryEntry } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { peopleKeys, personUrl } from './get-people.ts';

export const HISTORY_PAGE_SIZE = 10;

/** GET /persons/{id}/history/ (MANAGE_PEOPLE): the changes made to the person, newest first, a page at a time. */
export function usePersonHistory(id: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: peopleKeys.history(id),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => apiClient.get<TPaged<TPersonHistoryEntry>>(`${personUrl(id)}/history/`, { query: { page: pageParam, page_size: HISTORY_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages, lastPage) => (pages.length * HISTORY_PAGE_SIZE < last.count ? lastPage + 1 : undefined),
  });
}
