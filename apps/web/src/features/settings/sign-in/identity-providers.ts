import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateIdentityProviderRequest, TIdentityProvider, TSignInSettings, TUpdateIdentityProviderRequest } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { RemoteSource } from '../../../shared/ui/remote-select.tsx';

const A = '/api/auth/v3';
const KEY = ['sign-in', 'providers'] as const;
const SETTINGS_KEY = ['sign-in', 'settings'] as const;

/** GET /api/auth/v3/sso/providers (MANAGE_PEOPLE): the tenant's identity providers (decision 029). */
export const providersQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: ({ signal }) => apiClient.get<TIdentityProvider[]>(`${A}/sso/providers`, { signal }) });
export const signInSettingsQueryOptions = () => queryOptions({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => apiClient.get<TSignInSettings>(`${A}/sign-in-settings`, { signal }) });

export const useProviders = () => useQuery(providersQueryOptions());
export const useSignInSettings = () => useQuery(signInSettingsQueryOptions());

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['sign-in'] }), client.invalidateQueries({ queryKey: ['tenant'] })]);
}

export function useCreateProvider() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: TCreateIdentityProviderRequest) => apiClient.post<TIdentityProvider>(`${A}/sso/providers`, { json: input }), meta: { silent: true }, onSuccess: refresh });
}

/** `silent`: a form shows the error itself (field errors next to their fields). */
export function useUpdateProvider({ silent = false } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TUpdateIdentityProviderRequest & { id: string }) => apiClient.patch<TIdentityProvider>(`${A}/sso/providers/${id}`, { json: input }),
    ...(silent ? { meta: { silent: true } } : {}),
    onSuccess: refresh,
  });
}

/** Positions a provider hands out (by default, or by group). */
export const POSITIONS_SOURCE: RemoteSource<{ id: string; title: string }> = { key: ['remote', 'positions'], url: '/api/audiences/v3/positions/', toChoice: (p) => ({ value: p.id, label: p.title }) };

export function useDeleteProvider() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiClient.delete<void>(`${A}/sso/providers/${id}`, { responseType: 'none' }), onSuccess: refresh });
}

export function useSaveSignInSettings() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (methods: TSignInSettings['methods']) => apiClient.put<TSignInSettings>(`${A}/sign-in-settings`, { json: { methods } }), onSuccess: refresh });
}
