import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THomeFeed } from '@faena/contracts';
import { HOME_BASE } from '@faena/contracts/home';
import { apiClient } from '../../../shared/api/api-client.ts';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET /api/home/v3/feed/: everything the home shows, in one round trip ("today" is the viewer's). */
export function homeFeedOptions() {
  return queryOptions({
    queryKey: ['home', 'feed'] as const,
    queryFn: ({ signal }) => apiClient.get<THomeFeed>(`${HOME_BASE}/feed/`, { signal, query: { tz: zone() } }),
    staleTime: 30_000,
  });
}

export const useHomeFeed = (enabled: boolean) => useQuery({ ...homeFeedOptions(), enabled });
