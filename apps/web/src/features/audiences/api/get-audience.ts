import { useQuery } from '@tanstack/react-query';
import type { TAudience } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { audienceKeys } from './audience-keys.ts';

/** GET /audiences/{id}/. */
export function useAudience(id: string | undefined) {
  return useQuery({
    queryKey: audienceKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiClient.get<TAudience>(`${AUDIENCES_BASE}/audiences/${encodeURIComponent(id ?? '')}/`, { signal }),
  });
}
