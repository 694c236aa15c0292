import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TPaged, TWfExecution, TWfExecutionSummary, TWfStartForm, TWfUserTask, TWfUserTaskDetail, TWorkflowType } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { isQueued, submitOrQueue } from '../../../shared/offline/offline-queue.ts';
import { WF_API, wfKeys } from '../api/workflows-api.ts';

/** The run-time calls (decision 025): my types, start forms, my tasks, executions. */

export const runKeys = {
  myTypes: () => [...wfKeys.all, 'my-types'] as const,
  startForm: (typeId: string, version: string, bpmnId: string) => [...wfKeys.all, 'start-form', typeId, version, bpmnId] as const,
  myTasks: (typeId: string) => [...wfKeys.all, 'my-tasks', typeId] as const,
  executions: (query: ExecutionFilters) => [...wfKeys.all, 'executions', query] as const,
  execution: (id: string) => [...wfKeys.all, 'execution', id] as const,
  task: (id: string) => [...wfKeys.all, 'task', id] as const,
};

/** myWorkflowTypes: GET /my-workflow-types/ (the same query the shell's tabs use). */
export function useMyWorkflowTypes() {
  return useQuery({
    queryKey: runKeys.myTypes(),
    queryFn: ({ signal }) => apiClient.get<{ results: TWorkflowType[] }>(`${WF_API}/my-workflow-types/`, { signal }),
    staleTime: 60_000,
  });
}

export function useStartForm(typeId: string, version?: string, bpmnId?: string) {
  return useQuery({
    queryKey: runKeys.startForm(typeId, version ?? '', bpmnId ?? ''),
    queryFn: ({ signal }) => apiClient.get<TWfStartForm>(`${WF_API}/workflow-types/${encodeURIComponent(typeId)}/start-form/`, { signal, query: { version, bpmn_id: bpmnId } }),
    retry: false,
  });
}

export function useMyTasks(typeId?: string) {
  return useQuery({
    queryKey: runKeys.myTasks(typeId ?? ''),
    queryFn: ({ signal }) => apiClient.get<{ results: TWfUserTask[] }>(`${WF_API}/my-tasks/`, { signal, query: { workflow_type: typeId } }),
    refetchInterval: 60_000,
  });
}

export interface ExecutionFilters {
  workflow_type?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  started_by?: string | undefined;
  current_step?: string | undefined;
  page: number;
  page_size: number;
}

/** myExecutions: GET /executions/ with filters and paging. */
export function useExecutions(filters: ExecutionFilters) {
  return useQuery({
    queryKey: runKeys.executions(filters),
    queryFn: ({ signal }) => apiClient.get<TPaged<TWfExecutionSummary>>(`${WF_API}/executions/`, { signal, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useExecution(id: string) {
  return useQuery({
    queryKey: runKeys.execution(id),
    queryFn: ({ signal }) => apiClient.get<TWfExecution>(`${WF_API}/executions/${encodeURIComponent(id)}/`, { signal }),
    retry: false,
  });
}

/**
 * The person's open tasks, each with its detail and its execution, read into the query cache so
 * the task form opens offline (decision 031; the shell calls it while online).
 */
export async function prefetchOwnTasks(client: QueryClient): Promise<void> {
  const mine = await client.fetchQuery({ queryKey: runKeys.myTasks(''), queryFn: ({ signal }) => apiClient.get<{ results: TWfUserTask[] }>(`${WF_API}/my-tasks/`, { signal }), staleTime: 0 });
  for (const task of mine.results.slice(0, 40)) {
    await client.prefetchQuery({ queryKey: runKeys.task(task.id), queryFn: ({ signal }) => apiClient.get<TWfUserTaskDetail>(`${WF_API}/user-tasks/${encodeURIComponent(task.id)}/`, { signal }) });
    await client.prefetchQuery({
      queryKey: runKeys.execution(task.execution),
      queryFn: ({ signal }) => apiClient.get<TWfExecution>(`${WF_API}/executions/${encodeURIComponent(task.execution)}/`, { signal }),
    });
  }
}

export function useTask(id: string | null) {
  return useQuery({
    queryKey: runKeys.task(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TWfUserTaskDetail>(`${WF_API}/user-tasks/${encodeURIComponent(id ?? '')}/`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useStartExecution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, variables, startEvent }: { versionId: string; variables: Record<string, unknown>; startEvent: string }) =>
      apiClient.post<TWfExecution>(`${WF_API}/versions/${encodeURIComponent(versionId)}/executions/`, { json: { variables, start_event: startEvent } }),
    onSuccess: () => client.invalidateQueries({ queryKey: wfKeys.all }),
  });
}

export function useAnswerTask() {
  const client = useQueryClient();
  return useMutation({
    // offline it is kept on the device and sent by the sync queue (decision 031)
    networkMode: 'always',
    mutationFn: ({ taskId, response, title = '', href = null }: { taskId: string; response: Record<string, unknown>; title?: string; href?: string | null }) =>
      submitOrQueue<unknown>({ kind: 'workflow-task', title, href, method: 'POST', path: `${WF_API}/user-tasks/${encodeURIComponent(taskId)}/responses/`, json: { response } }),
    onSettled: (answer) => (isQueued(answer) ? undefined : client.invalidateQueries({ queryKey: wfKeys.all })),
  });
}
