import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TKanban,
  TKanbanBoard,
  TKanbanCard,
  TKanbanMove,
  TKanbanOptions,
  TKanbanWrite,
  TWfExport,
  TWfExportCreate,
  TWfPublicReceipt,
  TWfPublicSetting,
  TWfPublicStartForm,
  TWfPublicTracking,
} from '@faena/contracts/workflows-extras';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';

/** Executions exports, kanban boards and public start links (decision 025). */
export const WFX_API = '/api/workflow-backend/v3';

export const wfxKeys = {
  all: ['workflows', 'extras'] as const,
  kanbans: (typeId: string) => [...wfxKeys.all, 'kanbans', typeId] as const,
  kanban: (typeId: string, id: string) => [...wfxKeys.all, 'kanban', typeId, id] as const,
  options: (typeId: string) => [...wfxKeys.all, 'options', typeId] as const,
  board: (typeId: string, id: string) => [...wfxKeys.all, 'board', typeId, id] as const,
  publicSetting: (typeId: string) => [...wfxKeys.all, 'public-setting', typeId] as const,
  export: (id: string) => [...wfxKeys.all, 'export', id] as const,
  publicForm: (path: string) => ['public-workflow', 'form', path] as const,
  tracking: (code: string) => ['public-workflow', 'tracking', code] as const,
};

// ------------------------------------------------------------------------------------ kanban

export function useKanbans(typeId: string) {
  return useQuery({ queryKey: wfxKeys.kanbans(typeId), queryFn: ({ signal }) => apiClient.get<{ results: TKanban[] }>(`${WFX_API}/workflow-types/${typeId}/kanbans/`, { signal }) });
}

export function useKanban(typeId: string, id: string | undefined) {
  return useQuery({
    queryKey: wfxKeys.kanban(typeId, id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TKanban>(`${WFX_API}/workflow-types/${typeId}/kanbans/${id ?? ''}/`, { signal }),
    enabled: Boolean(id),
  });
}

export function useKanbanOptions(typeId: string) {
  return useQuery({ queryKey: wfxKeys.options(typeId), queryFn: ({ signal }) => apiClient.get<TKanbanOptions>(`${WFX_API}/workflow-types/${typeId}/kanban-options/`, { signal }) });
}

/** Refetched every 15 s and whenever the board's event stream says an execution moved (see KanbanBoardPage). */
export function useBoard(typeId: string, id: string) {
  return useQuery({
    queryKey: wfxKeys.board(typeId, id),
    queryFn: ({ signal }) => apiClient.get<TKanbanBoard>(`${WFX_API}/workflow-types/${typeId}/kanbans/${id}/board/`, { signal }),
    refetchInterval: 15_000,
  });
}

export function useSaveKanban(typeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: TKanbanWrite & { id?: string | undefined }) =>
      id ? apiClient.put<TKanban>(`${WFX_API}/workflow-types/${typeId}/kanbans/${id}/`, { json: input }) : apiClient.post<TKanban>(`${WFX_API}/workflow-types/${typeId}/kanbans/`, { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: wfxKeys.all }),
  });
}

export function useDeleteKanban(typeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`${WFX_API}/workflow-types/${typeId}/kanbans/${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: wfxKeys.all }),
  });
}

export function useMoveCard(typeId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (move: TKanbanMove) => apiClient.post<TKanbanCard | null>(`${WFX_API}/workflow-types/${typeId}/kanbans/${id}/moves/`, { json: move }),
    onSettled: () => client.invalidateQueries({ queryKey: wfxKeys.board(typeId, id) }),
  });
}

/** A form definition (the task's form opened before a move). */
export function useFormDefinition(formId: string | null) {
  return useQuery({
    queryKey: ['forms', 'definition', formId ?? ''],
    queryFn: ({ signal }) => apiClient.get<{ id: string; name: string; description: unknown[] }>(`/api/forms/v3/forms/${formId ?? ''}/`, { signal }),
    enabled: Boolean(formId),
  });
}

// ------------------------------------------------------------------------------------ public links (admin)

export function usePublicSetting(typeId: string) {
  return useQuery({ queryKey: wfxKeys.publicSetting(typeId), queryFn: ({ signal }) => apiClient.get<TWfPublicSetting>(`${WFX_API}/workflow-types/${typeId}/public-link/`, { signal }) });
}

export function useSetPublicSetting(typeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiClient.put<TWfPublicSetting>(`${WFX_API}/workflow-types/${typeId}/public-link/`, { json: { enabled } }),
    onSuccess: (data) => client.setQueryData(wfxKeys.publicSetting(typeId), data),
  });
}

// ------------------------------------------------------------------------------------ exports

export function useStartExport(typeId: string) {
  return useMutation({
    mutationFn: (input: Partial<TWfExportCreate>) => apiClient.post<TWfExport>(`${WFX_API}/workflow-types/${typeId}/executions/exports/`, { json: input }),
  });
}

/** Polled every second while the job runs. */
export function useExportStatus(id: string | null) {
  return useQuery({
    queryKey: wfxKeys.export(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TWfExport>(`${WFX_API}/executions-exports/${id ?? ''}/`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'DONE' || query.state.data.status === 'FAILED' || query.state.data.status === 'EXPIRED') ? false : 1000),
  });
}

// ------------------------------------------------------------------------------------ public pages (no sign-in)

/** The server path of a public link: legacy (a version) or by group (the type). */
export function publicApiPath(params: { workflowType: string; workflowId?: string | undefined; wfGroupId?: string | undefined; bpmnId: string }): string {
  const type = encodeURIComponent(params.workflowType);
  const bpmn = encodeURIComponent(params.bpmnId);
  return params.wfGroupId !== undefined
    ? `${WFX_API}/public/workflow-types/${type}/by-group/${encodeURIComponent(params.wfGroupId)}/start/${bpmn}/`
    : `${WFX_API}/public/workflow-types/${type}/versions/${encodeURIComponent(params.workflowId ?? '')}/start/${bpmn}/`;
}

export function usePublicForm(path: string) {
  return useQuery({ queryKey: wfxKeys.publicForm(path), queryFn: ({ signal }) => apiClient.get<TWfPublicStartForm>(path, { signal, auth: false }), retry: false });
}

export function usePublicStart(path: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (variables: Record<string, unknown>) => apiClient.post<TWfPublicReceipt>(path, { json: { variables }, auth: false }),
  });
}

export function useTracking(code: string) {
  return useQuery({
    queryKey: wfxKeys.tracking(code),
    queryFn: ({ signal }) => apiClient.get<TWfPublicTracking>(`${WFX_API}/public/tracking/${encodeURIComponent(code)}/`, { signal, auth: false }),
    retry: false,
  });
}
