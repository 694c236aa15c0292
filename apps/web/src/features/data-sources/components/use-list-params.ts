import { useSearchParams } from 'react-router';
import { STATUS_FILTERS, type StatusFilter } from '../api/data-source-keys.ts';

export interface ListParams {
  search: string;
  status: StatusFilter;
  page: number;
}

/** Search, state filter and page in the address (`?search=&status=&page=`): back returns to the same place. */
export function useListParams(): [ListParams, (patch: Partial<ListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? '';
  const current: ListParams = {
    search: params.get('search') ?? '',
    status: (STATUS_FILTERS as readonly string[]).includes(rawStatus) ? (rawStatus as StatusFilter) : 'active',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const update = (patch: Partial<ListParams>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
        if (patch.search !== undefined) set('search', patch.search.trim() === '' ? '' : patch.search, '');
        if (patch.status !== undefined) set('status', patch.status, 'active');
        const page = patch.page ?? (patch.search !== undefined || patch.status !== undefined ? 1 : undefined);
        if (page !== undefined) set('page', String(page), '1');
        return next;
      },
      { replace: true },
    );
  return [current, update];
}
