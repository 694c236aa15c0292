import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormField } from '@faena/domain/forms/schema';
import { apiClient } from '../../api/api-client.ts';

/** A form as the server answers it: the latest version (API.md Forms). */
export interface FormView {
  id: string;
  version: number;
  name: string;
  description: FormField[];
  created_at: string;
  updated_at: string;
}

export const FORMS_API = '/api/forms/v3/forms';

/** GET /api/forms/v3/forms/{id}/ — the latest version. */
export function getForm(id: string, signal?: AbortSignal): Promise<FormView> {
  return apiClient.get<FormView>(`${FORMS_API}/${encodeURIComponent(id)}/`, { signal });
}

export function formQueryOptions(id: string | undefined) {
  return queryOptions({ queryKey: ['forms', 'form', id], queryFn: ({ signal }) => getForm(id!, signal), enabled: id !== undefined, staleTime: 30_000 });
}

export function useForm(id: string | undefined) {
  return useQuery(formQueryOptions(id));
}
