import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';

export interface InvitePreview {
  email: string;
  name: string | null;
  tenant_name: string;
  expires_at: string;
}

/** GET /api/auth/v3/invites/{token} → who is invited, to which organisation. */
export function getInvite(token: string, signal?: AbortSignal): Promise<InvitePreview> {
  return apiClient.get<InvitePreview>(`/api/auth/v3/invites/${encodeURIComponent(token)}`, { auth: false, signal });
}

export function inviteQueryOptions(token: string) {
  return queryOptions({ queryKey: ['invite', token], queryFn: ({ signal }) => getInvite(token, signal), enabled: token !== '', staleTime: Infinity });
}

export function useInvite(token: string) {
  return useQuery(inviteQueryOptions(token));
}
