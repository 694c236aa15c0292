import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSiteConfig } from '@faena/contracts';
import { apiClient } from '../api/api-client.ts';
import { useTenant } from '../tenant/tenant-context.tsx';
import { canAccess, type AccessContext, type AccessRule } from '../access/access.ts';
import { useSession } from './use-session.ts';

/** GET /api/permissions/v3/my-site-config: the signed-in person's permissions, staff flag, modules and flags. */
export function getSiteConfig(signal?: AbortSignal): Promise<TSiteConfig> {
  return apiClient.get<TSiteConfig>('/api/permissions/v3/my-site-config', { signal });
}

export function siteConfigQueryOptions(userKey: string | null) {
  return queryOptions({
    queryKey: ['site-config', userKey],
    queryFn: ({ signal }) => getSiteConfig(signal),
    enabled: userKey !== null,
    staleTime: 60_000,
  });
}

/** Keyed by person and impersonator, so impersonating refetches. */
export function useSiteConfig() {
  const session = useSession();
  const key = session ? `${session.user.id}:${session.user.impersonator?.id ?? ''}` : null;
  return useQuery(siteConfigQueryOptions(key));
}

/** What the access rules need, from the site config (tenant values until it arrives). */
export function useAccessContext(): { ctx: AccessContext; isLoading: boolean; error: unknown } {
  const tenant = useTenant();
  const { data, isLoading, error } = useSiteConfig();
  return {
    ctx: {
      permissions: data?.permissions ?? [],
      isStaff: data?.is_staff ?? false,
      disabledModules: data?.disabled_modules ?? tenant.disabledModules,
      flags: data?.feature_flags ?? tenant.featureFlags,
    },
    isLoading,
    error,
  };
}

/** Whether the signed-in person may use what `rule` guards (a screen, so a link to it). */
export function useCanAccess(rule: AccessRule): boolean {
  return canAccess(rule, useAccessContext().ctx);
}
