import { useSearchParams } from 'react-router';
import { STATUS_FILTERS, type StatusFilter } from '../api/get-catalog-page.ts';

export interface ListParams {
  search: string;
  status: StatusFilter;
  page: number;
  /** Locations: the venue the tree is limited to. */
  venue: string | null;
}

/**
 * The list's search, state filter, page and venue live in the address (`?search=&status=&page=`),
 * so going back from a detail returns to the same place and a filtered list can be shared.
 */
export function useListParams(): [ListParams, (patch: Partial<ListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const current: ListParams = {
    search: params.get('search') ?? '',
    status: (STATUS_FILTERS as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as StatusFilter) : 'active',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    venue: params.get('venue') || null,
  };
  const update = (patch: Partial<ListParams>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const set = (key: string, value: string | null, fallback: string) => (value === null || value === fallback ? next.delete(key) : next.set(key, value));
        if (patch.search !== undefined) set('search', patch.search.trim() === '' ? null : patch.search, '');
        if (patch.status !== undefined) set('status', patch.status, 'active');
        if (patch.venue !== undefined) set('venue', patch.venue, '');
        // A new search or filter starts again at page 1.
        const page = patch.page ?? (patch.search !== undefined || patch.status !== undefined || patch.venue !== undefined ? 1 : undefined);
        if (page !== undefined) set('page', String(page), '1');
        return next;
      },
      { replace: true },
    );
  };
  return [current, update];
}
