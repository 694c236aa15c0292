import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';

/**
 * POST /api/auth/v3/impersonation {person_id} (IMPERSONATE_USERS, audited) → a pair acting as that
 * person; the shell shows the 'impersonating {name}' banner with its exit button.
 */
export function useImpersonate() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (personId: string) => apiClient.post<TTokenPair>('/api/auth/v3/impersonation', { json: { person_id: personId } }),
    onSuccess: (pair) => sessionStore.signIn(pair),
  });
}
