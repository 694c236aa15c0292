import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TTokenPair } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session.ts';

export interface AcceptInviteInput {
  token: string;
  name: string;
  password: string;
}

/** POST /api/auth/v3/invites/{token}/accept {name, password} → a token pair (signed in). */
export function acceptInvite({ token, ...body }: AcceptInviteInput): Promise<TTokenPair> {
  return apiClient.post<TTokenPair>(`/api/auth/v3/invites/${encodeURIComponent(token)}/accept`, { json: body, auth: false });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: acceptInvite,
    meta: { silent: true },
    onSuccess: (pair) => {
      sessionStore.signIn(pair);
    },
  });
}
