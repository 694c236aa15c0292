import { useMutation } from '@tanstack/react-query';
import type { TUser } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

export interface UpdateProfileInput {
  name: string;
  picture: string | null;
}

/**
 * PATCH /api/auth/v3/me {name, picture} → the user. The server does not offer this yet (reported);
 * until it does, saving fails with the spec's 'Error while trying to save' and a retry.
 */
export function updateProfile(input: UpdateProfileInput): Promise<TUser> {
  return apiClient.patch<TUser>('/api/auth/v3/me', { json: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, meta: { silent: true } });
}
