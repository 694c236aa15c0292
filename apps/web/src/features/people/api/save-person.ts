import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TCreatePersonRequest, TPerson, TUpdatePersonRequest } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { directoryKeys } from '../../../shared/directory/directory-api.ts';
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
      void client.invalidateQueries({ queryKey: [...peopleKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: peopleKeys.history(person.id) });
      void client.invalidateQueries({ queryKey: peopleKeys.teams });
      void client.invalidateQueries({ queryKey: peopleKeys.memberships });
      // the person saved may be whoever is signed in: their profile shows their record
      void client.invalidateQueries({ queryKey: directoryKeys.me });
    },
  });
}
