import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TCreatePersonRequest, TPerson, TUpdatePersonRequest } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { invalidatePeopleAndPositions } from '../../../shared/directory/directory-api.ts';
import { PERSONS_BASE, peopleKeys, personUrl } from './get-people.ts';

/** POST /persons/ (create) or PATCH /persons/{id}/ (edit); 400 `{errors: {field: [msg]}}` on bad fields. */
export function useSavePerson(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: TCreatePersonRequest | TUpdatePersonRequest) =>
      id ? apiClient.patch<TPerson>(`${personUrl(id)}/`, { json: input }) : apiClient.post<TPerson>(`${PERSONS_BASE}/`, { json: input }),
    onSuccess: (person) => {
      client.setQueryData(peopleKeys.detail(person.id), person);
      // their positions may have changed, and the person saved may be whoever is signed in
      invalidatePeopleAndPositions(client, peopleKeys.detail(person.id));
    },
  });
}
