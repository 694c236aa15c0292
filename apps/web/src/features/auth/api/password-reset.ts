import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasswordResetPreview, TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { sessionStore } from '../../../shared/session/session.ts';

const BASE = '/api/auth/v3/password-reset';

/** POST /password-reset {email}: the same answer whether or not the address has an account (decision 017). */
export function useRequestPasswordReset() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (email: string) => apiClient.post<void>(BASE, { json: { email }, auth: false }),
  });
}

/** GET /password-reset/{token}: whose password the link changes, until when. */
export function passwordResetQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) => apiClient.get<TPasswordResetPreview>(`${BASE}/${encodeURIComponent(token)}`, { auth: false, signal }),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

export function usePasswordReset(token: string) {
  return useQuery(passwordResetQueryOptions(token));
}

/** POST /password-reset/{token} {password}: the new password, and a session with it. */
export function useResetPassword() {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ token, password }: { token: string; password: string }) => apiClient.post<TTokenPair>(`${BASE}/${encodeURIComponent(token)}`, { json: { password }, auth: false }),
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
