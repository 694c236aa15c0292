import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAudience, TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { audienceKeys } from './audience-keys.ts';

export const AUDIENCES_PAGE_SIZE = 20;

/** GET /audiences/?search=&page=. */
export function useAudiences(search: string, page: number) {
  return useQuery({
    queryKey: audienceKeys.list(search, page),
    queryFn: ({ signal }) => apiClient.get<TPaged<TAudience>>(`${AUDIENCES_BASE}/audiences/`, { signal, query: { search: search || null, page, page_size: AUDIENCES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
