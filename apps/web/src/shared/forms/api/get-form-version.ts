import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client.ts';
import { FORMS_API, type FormView } from './get-form.ts';

/** GET /api/forms/v3/forms/{id}/versions/{version}/ — a response is shown with the version it answered. */
export function getFormVersion(id: string, version: number, signal?: AbortSignal): Promise<FormView> {
  return apiClient.get<FormView>(`${FORMS_API}/${encodeURIComponent(id)}/versions/${version}/`, { signal });
}

export function formVersionQueryOptions(id: string, version: number) {
  return queryOptions({ queryKey: ['forms', 'form', id, 'version', version], queryFn: ({ signal }) => getFormVersion(id, version, signal), staleTime: Infinity });
}

export function useFormVersion(id: string, version: number | undefined) {
  return useQuery({ ...formVersionQueryOptions(id, version ?? 0), enabled: version !== undefined });
}
