import { useQuery } from '@tanstack/react-query';
import type { TPerson } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE, directoryKeys } from '../../../shared/directory/directory-api.ts';

/**
 * GET /persons/me/ (retrievePersonalData, any member): the caller's own record in the directory.
 * Under `directoryKeys.me`, which saving a person (the caller may be the one saved) makes stale.
 */
export function useMyRecord() {
  return useQuery({
    queryKey: directoryKeys.me,
    queryFn: ({ signal }) => apiClient.get<TPerson>(`${AUDIENCES_BASE}/persons/me/`, { signal }),
    retry: false,
  });
}
