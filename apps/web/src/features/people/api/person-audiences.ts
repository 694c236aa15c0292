import { useQuery } from '@tanstack/react-query';
import type { TPersonAudiences } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { peopleKeys, personUrl } from './get-people.ts';

/** GET /persons/{id}/audiences/ (VIEW_PEOPLE): the audiences a person is in, and by which rules. */
export function usePersonAudiences(id: string) {
  return useQuery({
    queryKey: peopleKeys.audiences(id),
    queryFn: ({ signal }) => apiClient.get<TPersonAudiences>(`${personUrl(id)}/audiences/`, { signal }),
  });
}
