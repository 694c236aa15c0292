import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged, TPerson } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

/** GET /api/audiences/v3/persons/?page&page_size&search (VIEW_PEOPLE). */
export function searchPeople(search: string, signal?: AbortSignal): Promise<TPaged<TPerson>> {
  return apiClient.get<TPaged<TPerson>>('/api/audiences/v3/persons/', { query: { page: 1, page_size: 20, search: search || undefined }, signal });
}

export function searchPeopleQueryOptions(search: string) {
  return queryOptions({ queryKey: ['people', 'search', search], queryFn: ({ signal }) => searchPeople(search, signal), staleTime: 30_000, placeholderData: keepPreviousData });
}

export function useSearchPeople(search: string, enabled: boolean) {
  return useQuery({ ...searchPeopleQueryOptions(search), enabled });
}
