import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';

export interface CreateInviteInput {
  email: string;
  name?: string;
}

export interface Invite {
  id: string;
  email: string;
  name: string | null;
  link: string;
  expires_at: string;
}

/** POST /api/auth/v3/invites (MANAGE_PEOPLE) → the invite with its link (also e-mailed). */
export function createInvite(input: CreateInviteInput): Promise<Invite> {
  return apiClient.post<Invite>('/api/auth/v3/invites', { json: input });
}

export function useCreateInvite() {
  return useMutation({ mutationFn: createInvite, meta: { silent: true } });
}
