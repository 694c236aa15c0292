import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';

/** POST /api/auth/v3/impersonation {person_id} (IMPERSONATE_USERS) → a pair acting as that person. */
export function startImpersonation(personId: string): Promise<TTokenPair> {
  return apiClient.post<TTokenPair>('/api/auth/v3/impersonation', { json: { person_id: personId } });
}

export function useStartImpersonation() {
  return useMutation({
    mutationFn: startImpersonation,
    meta: { silent: true },
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
