import { useMutation } from '../api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../api/api-client.ts';
import { sessionStore } from './session.ts';

/** DELETE /api/auth/v3/impersonation → the original person's session again. */
export function stopImpersonation(): Promise<TTokenPair> {
  return apiClient.delete<TTokenPair>('/api/auth/v3/impersonation');
}

export function useStopImpersonation() {
  return useMutation({
    mutationFn: stopImpersonation,
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
