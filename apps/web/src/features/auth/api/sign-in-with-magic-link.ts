import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';

export type MagicLinkSignInInput = { email: string; code: string } | { email: string; token: string };

/** POST /api/auth/v3/sign-in/magic-link {email, code | token} → a token pair. */
export function signInWithMagicLink(input: MagicLinkSignInInput): Promise<TTokenPair> {
  return apiClient.post<TTokenPair>('/api/auth/v3/sign-in/magic-link', { json: input, auth: false });
}

export function useSignInWithMagicLink() {
  return useMutation({
    mutationFn: signInWithMagicLink,
    meta: { silent: true },
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
