import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TUser } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

export interface UpdateProfileInput {
  name: string;
  picture: string | null;
}

/**
 * PATCH /api/auth/v3/me {name, picture} → the user (the profile_editing flag must be on; the
 * picture is the download link of an image the tenant stored). A failure shows the spec's
 * 'Error while trying to save' with a retry.
 */
export function updateProfile(input: UpdateProfileInput): Promise<TUser> {
  return apiClient.patch<TUser>('/api/auth/v3/me', { json: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, meta: { silent: true } });
}
