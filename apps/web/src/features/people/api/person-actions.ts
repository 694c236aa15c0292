import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TBulkInviteRequest, TBulkInviteResponse, TBulkPersonPositionRequest, TBulkPersonPositionResponse, TBulkPersonStatusRequest, TBulkPersonStatusResponse, TPerson } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { invalidatePeopleAndPositions } from '../../../shared/directory/directory-api.ts';
import { PERSONS_BASE, peopleKeys, personUrl } from './get-people.ts';

export interface Invite {
  id: string;
  email: string;
  name: string | null;
  link: string;
  expires_at: string;
}

/** POST /persons/{id}/disable or /enable (MANAGE_PEOPLE): a disabled person loses access at once. */
export function useSetPersonDisabled(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (disabled: boolean) => apiClient.post<TPerson>(`${personUrl(id)}/${disabled ? 'disable' : 'enable'}`),
    onSuccess: (person) => {
      client.setQueryData(peopleKeys.detail(person.id), person);
      // their access, the lists, their audiences, and the chart (which names active holders only)
      invalidatePeopleAndPositions(client, peopleKeys.detail(person.id));
    },
  });
}

/** POST /persons/{id}/invite (MANAGE_PEOPLE): an invitation to their primary e-mail, with its link. */
export function useInvitePerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => apiClient.post<Invite>(`${personUrl(id)}/invite`),
    onSuccess: () => {
      // the person (and the list) now say invited; their history and access card too
      void client.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });
}

/**
 * A POST /persons/bulk-… action on the list's selection (MANAGE_PEOPLE): the people lists and
 * details refresh, and with `positions` (who is active or holds what changed) the chart, the
 * audiences and the pickers too.
 */
function useBulkAction<Input, Answer>(path: string, positions = false) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: Input) => apiClient.post<Answer>(`${PERSONS_BASE}/${path}`, { json: input }),
    onSuccess: () => (positions ? invalidatePeopleAndPositions(client) : void client.invalidateQueries({ queryKey: peopleKeys.all })),
  });
}

/** POST /persons/bulk-invite: several people invited at once, the rest skipped by why. */
export const useInviteMany = () => useBulkAction<TBulkInviteRequest, TBulkInviteResponse>('bulk-invite');

/** POST /persons/bulk-status: several people disabled or enabled at once (the chart names active holders only). */
export const useSetManyDisabled = () => useBulkAction<TBulkPersonStatusRequest, TBulkPersonStatusResponse>('bulk-status', true);

/** POST /persons/bulk-position: a position given to, or taken from, several people; the chart changes too. */
export const useSetManyPosition = () => useBulkAction<TBulkPersonPositionRequest, TBulkPersonPositionResponse>('bulk-position', true);
