import { useMutation } from '../../../shared/api/use-mutation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';

/** POST /api/auth/v3/magic-link {email} → 204; the e-mail carries a link and a 6-digit code. */
export function requestMagicLink(email: string): Promise<void> {
  return apiClient.post<void>('/api/auth/v3/magic-link', { json: { email }, auth: false, responseType: 'none' });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink, meta: { silent: true } });
}
