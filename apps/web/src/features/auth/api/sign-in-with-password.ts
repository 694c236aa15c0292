import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';

export interface PasswordSignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/v3/sign-in/password → a token pair. */
export function signInWithPassword(input: PasswordSignInInput): Promise<TTokenPair> {
  return apiClient.post<TTokenPair>('/api/auth/v3/sign-in/password', { json: input, auth: false });
}

export function useSignInWithPassword() {
  return useMutation({
    mutationFn: signInWithPassword,
    meta: { silent: true },
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
