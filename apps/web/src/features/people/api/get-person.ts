import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPerson } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { peopleKeys, personUrl } from './get-people.ts';

/** getPerson: GET /persons/{id}/ (404 for unknown, malformed or another tenant's ids). */
export function personQueryOptions(id: string) {
  return queryOptions({
    queryKey: peopleKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<TPerson>(`${personUrl(id)}/`, { signal }),
  });
}

export function usePerson(id: string | undefined) {
  return useQuery({ ...personQueryOptions(id ?? ''), enabled: Boolean(id) });
}
