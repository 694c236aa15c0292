import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPasswordResetPreview, TPersonCredentialStatus, TSignOutEverywhereResponse } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { peopleKeys, personUrl } from './get-people.ts';

/** getCredentialStatus: GET /persons/{id}/credential-status/ (MANAGE_PEOPLE). */
export function useCredentialStatus(id: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.credential(id),
    enabled,
    queryFn: ({ signal }) => apiClient.get<TPersonCredentialStatus>(`${personUrl(id)}/credential-status/`, { signal }),
  });
}

/** POST /persons/{id}/sign-out-everywhere (MANAGE_PEOPLE): every open session of the person is closed. */
export function useSignOutEverywhere(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => apiClient.post<TSignOutEverywhereResponse>(`${personUrl(id)}/sign-out-everywhere`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.credential(id) });
      void client.invalidateQueries({ queryKey: peopleKeys.history(id) });
    },
  });
}

/** POST /persons/{id}/password-reset (MANAGE_PEOPLE): a link to choose a new password, e-mailed to the person only. */
export function useSendPasswordReset(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => apiClient.post<TPasswordResetPreview>(`${personUrl(id)}/password-reset`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.history(id) });
    },
  });
}
