import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TOrganization } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

const CURRENT = '/api/organization/v3/current';
export const organizationKey = ['organization', 'current'] as const;

/** getCurrentOrganization: name and logo (any member). */
export function useOrganization() {
  return useQuery({ queryKey: organizationKey, queryFn: ({ signal }) => apiClient.get<TOrganization>(CURRENT, { signal }) });
}

/** PATCH /current {name?, logo_upload_id?, timezone?, brand_color?} (MANAGE_PEOPLE). */
export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: { name?: string; logo_upload_id?: string | null; timezone?: string; brand_color?: string | null }) => apiClient.patch<TOrganization>(CURRENT, { json: input }),
    onSuccess: (organization) => client.setQueryData(organizationKey, organization),
  });
}
