import { useQuery } from '@tanstack/react-query';
import type { TPaged, TPersonListItem, TPosition } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { orgChartKeys } from './get-org-chart.ts';

/** GET /positions/{id}/: the position with up to 100 of its people and `people_count`. */
export function usePosition(id: string | undefined) {
  return useQuery({
    queryKey: orgChartKeys.position(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiClient.get<TPosition>(`${AUDIENCES_BASE}/positions/${encodeURIComponent(id ?? '')}/`, { signal }),
  });
}

const HOLDERS_PAGE = 200;
/** The contract's limit of people per position write. */
export const MAX_HOLDERS = 5000;

/**
 * Every holder of a position (the detail lists 100 at most): the edit form replaces the whole
 * list, so it must start from all of them. Pages of the people list filtered by position.
 */
export function usePositionHolders(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: orgChartKeys.holders(id ?? ''),
    enabled: Boolean(id) && enabled,
    queryFn: async ({ signal }) => {
      const holders: TPersonListItem[] = [];
      for (let page = 1; holders.length < MAX_HOLDERS; page++) {
        const answer = await apiClient.get<TPaged<TPersonListItem>>(`${AUDIENCES_BASE}/persons/`, { signal, query: { position: id ?? '', status: 'all', page, page_size: HOLDERS_PAGE } });
        holders.push(...answer.results);
        if (!answer.next || answer.results.length === 0) break;
      }
      return holders;
    },
  });
}
