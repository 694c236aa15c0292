import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@faena/contracts';
import { apiClient } from '../../api/api-client.ts';
import { FORMS_API } from './get-form.ts';

/** A stored response (spec §3 Form response; API.md Forms). */
export interface FormResponseView {
  id: string;
  form: string;
  form_version: number;
  created_at: string;
  updated_at: string;
  response: Record<string, unknown>;
  user: { id: string; passport: string; name: string } | null;
}

export const RESPONSES_PAGE_SIZE = 10;

/** GET /api/forms/v3/forms/{id}/responses/?page= — all with MANAGE_WF, otherwise the caller's own. */
export function getResponses(formId: string, page: number, signal?: AbortSignal): Promise<TPaged<FormResponseView>> {
  return apiClient.get<TPaged<FormResponseView>>(`${FORMS_API}/${encodeURIComponent(formId)}/responses/`, { query: { page, page_size: RESPONSES_PAGE_SIZE }, signal });
}

export function responsesQueryOptions(formId: string, page: number) {
  return queryOptions({ queryKey: ['forms', 'responses', formId, page], queryFn: ({ signal }) => getResponses(formId, page, signal), placeholderData: keepPreviousData });
}

export function useResponses(formId: string, page: number) {
  return useQuery(responsesQueryOptions(formId, page));
}
