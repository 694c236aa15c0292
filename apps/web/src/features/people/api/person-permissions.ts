import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TPassportPermissions } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { peopleKeys } from './get-people.ts';

const BASE = '/api/permissions/v3';

export const permissionKeys = {
  all: ['permissions', 'all'] as const,
  passport: (passport: string) => ['permissions', 'passport', passport] as const,
};

/** getAllAvailablePermissions: every key with its meaning. */
export function useAllPermissions() {
  return useQuery({
    queryKey: permissionKeys.all,
    queryFn: ({ signal }) => apiClient.get<{ key: string; meaning: string }[]>(`${BASE}/permissions`, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** getOrCreatePermissionsByPassport. */
export function usePassportPermissions(passport: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: permissionKeys.passport(passport ?? ''),
    enabled: enabled && Boolean(passport),
    queryFn: ({ signal }) => apiClient.get<TPassportPermissions>(`${BASE}/by-passport/${encodeURIComponent(passport ?? '')}`, { signal }),
  });
}

/**
 * PATCH /by-passport/{passport} (MANAGE_PEOPLE): the keys the editor turned on and off, so what
 * was granted meanwhile (a position's defaults, another manager) stays.
 */
export function useChangePassportPermissions(passport: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (change: { added: string[]; removed: string[] }) => apiClient.patch<TPassportPermissions>(`${BASE}/by-passport/${encodeURIComponent(passport)}`, { json: change }),
    onSuccess: (answer) => {
      client.setQueryData(permissionKeys.passport(passport), answer);
      // The caller's own set may have changed: the shell reads it from the site config.
      void client.invalidateQueries({ queryKey: ['site-config'] });
      void client.invalidateQueries({ queryKey: peopleKeys.histories });
    },
  });
}
