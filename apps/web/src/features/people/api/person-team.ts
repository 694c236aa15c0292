import { useQuery } from '@tanstack/react-query';
import type { TPersonTeam } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { peopleKeys, personUrl } from './get-people.ts';

/** GET /persons/{id}/team/ (VIEW_PEOPLE): who is right above and right below the person in the chart. */
export function usePersonTeam(id: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.team(id),
    enabled,
    queryFn: ({ signal }) => apiClient.get<TPersonTeam>(`${personUrl(id)}/team/`, { signal }),
  });
}
