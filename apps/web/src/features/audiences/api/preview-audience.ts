import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAudienceRules, TPaged, TPersonListItem } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';
import { audienceKeys } from './audience-keys.ts';

export const PREVIEW_PAGE_SIZE = 20;

export const isEmptyRules = (rules: TAudienceRules) => rules.positions.length + rules.venues.length + rules.business_lines.length + rules.persons.length === 0;

/** POST /audiences/preview: the enabled persons draft rules resolve to (a page and the count). */
export function useAudiencePreview(rules: TAudienceRules, page: number) {
  return useQuery({
    queryKey: audienceKeys.preview(rules, page),
    enabled: !isEmptyRules(rules),
    queryFn: ({ signal }) => apiClient.post<TPaged<TPersonListItem>>(`${AUDIENCES_BASE}/audiences/preview`, { signal, query: { page, page_size: PREVIEW_PAGE_SIZE }, json: { rules } }),
    placeholderData: keepPreviousData,
  });
}
