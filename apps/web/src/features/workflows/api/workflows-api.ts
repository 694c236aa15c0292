import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWfModelProblem, TWorkflowCategory, TWorkflowType, TWorkflowTypeDetail, TWorkflowVersion } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';

export const WF_API = '/api/workflow-backend/v3';

export const wfKeys = {
  all: ['workflows'] as const,
  categories: () => [...wfKeys.all, 'categories'] as const,
  types: () => [...wfKeys.all, 'types'] as const,
  type: (id: string) => [...wfKeys.all, 'type', id] as const,
  version: (id: string) => [...wfKeys.all, 'version', id] as const,
  forms: () => [...wfKeys.all, 'forms'] as const,
};

/** GET /workflow-categories/ */
export function useCategories() {
  return useQuery(
    queryOptions({
      queryKey: wfKeys.categories(),
      queryFn: ({ signal }) => apiClient.get<{ results: TWorkflowCategory[] }>(`${WF_API}/workflow-categories/`, { signal }),
    }),
  );
}

/** allWorkflowTypes: GET /workflow-types/ (MANAGE_WF). */
export function useWorkflowTypes() {
  return useQuery({
    queryKey: wfKeys.types(),
    queryFn: ({ signal }) => apiClient.get<{ results: TWorkflowType[] }>(`${WF_API}/workflow-types/`, { signal }),
  });
}

/** retrieveWorkflowType: GET /workflow-types/{id}/ with its versions. */
export function useWorkflowType(id: string | undefined) {
  return useQuery({
    queryKey: wfKeys.type(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TWorkflowTypeDetail>(`${WF_API}/workflow-types/${id ?? ''}/`, { signal }),
    enabled: Boolean(id),
  });
}

/** GET /versions/{id}/ */
export function useVersion(id: string | undefined) {
  return useQuery({
    queryKey: wfKeys.version(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TWorkflowVersion>(`${WF_API}/versions/${id ?? ''}/`, { signal }),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}

/** The forms a user task may use: GET /api/forms/v3/forms/. */
export function useFormOptions() {
  return useQuery({
    queryKey: wfKeys.forms(),
    queryFn: ({ signal }) => apiClient.get<{ results: { id: string; name: string }[] }>('/api/forms/v3/forms/', { signal }),
  });
}

/** A form's latest definition (its fields name the process variables its answer sets). */
export function formDefinitionQuery(id: string) {
  return queryOptions({
    queryKey: [...wfKeys.forms(), id] as const,
    queryFn: ({ signal }) => apiClient.get<{ id: string; name: string; description: unknown[] }>(`/api/forms/v3/forms/${encodeURIComponent(id)}/`, { signal }),
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: wfKeys.all });
}

export function useCreateCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => apiClient.post<TWorkflowCategory>(`${WF_API}/workflow-categories/`, { json: { name } }),
    onSuccess: invalidate,
  });
}

export function usePatchCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; name?: string; position?: number }) => apiClient.patch<TWorkflowCategory>(`${WF_API}/workflow-categories/${id}/`, { json: patch }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiClient.delete<unknown>(`${WF_API}/workflow-categories/${id}/`),
    onSuccess: invalidate,
  });
}

export interface TypeInput {
  name: string;
  category: string | null;
  description: string;
  icon: string | null;
}

export function useCreateType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TypeInput) => apiClient.post<TWorkflowType>(`${WF_API}/workflow-types/`, { json: input }),
    onSuccess: invalidate,
  });
}

export function usePatchType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...patch }: Partial<TypeInput> & { id: string; is_archived?: boolean; is_dispatchable?: boolean }) =>
      apiClient.patch<TWorkflowType>(`${WF_API}/workflow-types/${id}/`, { json: patch }),
    onSuccess: invalidate,
  });
}

/** POST /workflow-types/{id}/versions/ {bpmn_xml} → a new draft. */
export function useCreateVersion() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ typeId, xml }: { typeId: string; xml: string }) => apiClient.post<TWorkflowVersion>(`${WF_API}/workflow-types/${typeId}/versions/`, { json: { bpmn_xml: xml } }),
    onSuccess: invalidate,
  });
}

/** PUT /versions/{id}/ (autosave; the caller shows the save state, so the mutation is silent). */
export function saveVersion(id: string, xml: string) {
  return apiClient.put<TWorkflowVersion>(`${WF_API}/versions/${id}/`, { json: { bpmn_xml: xml } });
}

export function validateVersion(id: string) {
  return apiClient.post<{ problems: TWfModelProblem[] }>(`${WF_API}/versions/${id}/validate/`, { json: {} });
}

export function publishVersion(id: string) {
  return apiClient.post<TWorkflowVersion>(`${WF_API}/versions/${id}/publish/`, { json: {} });
}

export function fetchVersion(id: string) {
  return apiClient.get<TWorkflowVersion>(`${WF_API}/versions/${id}/`);
}
