import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

/** The lists the person form and the filters choose from (each a paged list with `search`). */
export type OptionSource = 'positions' | 'business-lines' | 'venues' | 'companies';

export interface Option {
  value: string;
  label: string;
}

const URLS: Record<OptionSource, string> = {
  positions: '/api/audiences/v3/positions/',
  'business-lines': '/api/organization/v3/business-lines/',
  venues: '/api/organization/v3/venues/',
  companies: '/api/organization/v3/companies/',
};

interface Named {
  id: string;
  name?: string;
  title?: string;
  code?: string | null;
}

const toOption = (item: Named): Option => {
  const label = item.title ?? item.name ?? item.id;
  return { value: item.id, label: item.code && item.code !== label ? `${label} (${item.code})` : label };
};

/** The first 50 matches of `search` (empty: the first 50 in the list's order). */
export function useOptions(source: OptionSource, search: string, enabled = true) {
  return useQuery<Option[]>({
    queryKey: ['people', 'options', source, search.trim()],
    queryFn: ({ signal }) =>
      apiClient.get<TPaged<Named>>(URLS[source], { query: { page: 1, page_size: 50, search: search.trim() || null }, signal }).then((page): Option[] => page.results.map(toOption)),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
