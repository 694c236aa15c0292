import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TChecklistCategory,
  TChecklistCategoryCreate,
  TChecklistCategoryUpdate,
  TChecklistDetail,
  TChecklistSchedule,
  TChecklistScheduleCreate,
  TChecklistStats,
  TChecklistSummary,
  TChecklistWrite,
  TCorrectiveAction,
  TCorrectiveActionCreate,
  TExecution,
  TExecutionExport,
  TExecutionExportRequest,
  TExecutionFilters,
  TExecutionSave,
  TExecutionStart,
  TExecutionSubmit,
  TExecutionSummary,
  TExecutionUpgrade,
  TReportMailRequest,
  TReportMailSent,
} from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { isQueued, submitOrQueue } from '../../../shared/offline/offline-queue.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';

/** The checklists service (decision 026). */
export const CHECKLISTS_API = '/api/checklists/v3';

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const PAGE_SIZE = 20;

export const checklistKeys = {
  all: ['checklists'] as const,
  categories: (archived: boolean) => ['checklists', 'categories', archived] as const,
  list: (category: string, search: string, page: number, archived: boolean) => ['checklists', 'list', category, search, page, archived] as const,
  detail: (id: string) => ['checklists', 'detail', id] as const,
  executions: ['checklists', 'executions'] as const,
  executionList: (filters: TExecutionFilters, page: number) => ['checklists', 'executions', 'list', filters, page] as const,
  execution: (id: string) => ['checklists', 'executions', 'one', id] as const,
  stats: (id: string, venue: string, bucket: string, from: string, to: string) => ['checklists', 'stats', id, venue, bucket, from, to] as const,
};

const enc = encodeURIComponent;
export const executionUrl = (id: string) => `${CHECKLISTS_API}/executions/${enc(id)}/`;
/** The PDF report of one execution (the file cookie or the bearer authorises it). */
export const reportPdfUrl = (id: string) => `${CHECKLISTS_API}/executions/${enc(id)}/report.pdf`;

export function useChecklistCategories(archived = false) {
  return useQuery({
    queryKey: checklistKeys.categories(archived),
    queryFn: ({ signal }) => apiClient.get<{ results: TChecklistCategory[] }>(`${CHECKLISTS_API}/categories/`, { signal, query: archived ? { archived: 'true' } : {} }),
    staleTime: 30_000,
  });
}

export function useChecklists(category: string, search: string, page: number, archived = false) {
  return useQuery({
    queryKey: checklistKeys.list(category, search, page, archived),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<TChecklistSummary>>(`${CHECKLISTS_API}/checklists/`, {
        signal,
        query: { category: category || undefined, search: search || undefined, page, page_size: PAGE_SIZE, archived: archived ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * With no connection, a list page never read on this device is made from the lists that are kept
 * (decision 031): every kept checklist of the category (all: any) whose name has the search, one page.
 */
export function keptChecklists(client: QueryClient, category: string, search: string, archived = false): Paged<TChecklistSummary> {
  const seen = new Map<string, TChecklistSummary>();
  for (const [key, data] of client.getQueriesData<Paged<TChecklistSummary>>({ queryKey: ['checklists', 'list'] })) {
    if (key[5] !== archived) continue;
    for (const checklist of data?.results ?? []) if (!seen.has(checklist.id)) seen.set(checklist.id, checklist);
  }
  const needle = search.trim().toLocaleLowerCase();
  const results = [...seen.values()]
    .filter((checklist) => (!category || checklist.category?.id === category) && (!needle || checklist.name.toLocaleLowerCase().includes(needle)))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { count: results.length, next: null, previous: null, results };
}

/** The categories of the kept lists, when the categories themselves were never read on this device. */
export function keptCategories(client: QueryClient): { id: string; name: string }[] {
  const seen = new Map<string, { id: string; name: string }>();
  for (const checklist of keptChecklists(client, '', '').results) {
    if (checklist.category && !seen.has(checklist.category.id)) seen.set(checklist.category.id, checklist.category);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function checklistQueryOptions(id: string) {
  return queryOptions({
    queryKey: checklistKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<TChecklistDetail>(`${CHECKLISTS_API}/checklists/${enc(id)}/`, { signal }),
  });
}

/** How long a read-ahead definition counts as fresh (the list reads ahead at most this often). */
export const READ_AHEAD_FRESH_MS = 5 * 60_000;
/** Most definitions one read-ahead asks for (the server's limit). */
export const READ_AHEAD_MAX = 100;

/**
 * Reads ahead, in one request (GET /checklists/definitions/?ids=…), the details of the listed
 * checklists I can execute whose detail this device holds for less than 5 minutes, and keeps each
 * under the detail's own query key: the execute screen finds it there, online or not (decision 031).
 * The server answers only those I may still execute; the others are left as they were.
 */
export async function readAheadDefinitions(client: QueryClient, ids: readonly string[], signal?: AbortSignal): Promise<number> {
  const now = Date.now();
  const wanted = [...new Set(ids)].filter((id) => now - (client.getQueryState(checklistKeys.detail(id))?.dataUpdatedAt ?? 0) > READ_AHEAD_FRESH_MS).slice(0, READ_AHEAD_MAX);
  if (wanted.length === 0) return 0;
  const answer = await apiClient.get<{ results: TChecklistDetail[] }>(`${CHECKLISTS_API}/checklists/definitions/`, { signal, query: { ids: wanted.join(',') } });
  for (const detail of answer.results) client.setQueryData(checklistKeys.detail(detail.id), detail);
  return answer.results.length;
}

export function useChecklist(id: string | undefined) {
  return useQuery({ ...checklistQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export function executionsQueryOptions(filters: TExecutionFilters, page: number) {
  return queryOptions({
    queryKey: checklistKeys.executionList(filters, page),
    queryFn: ({ signal }) => apiClient.get<Paged<TExecutionSummary>>(`${CHECKLISTS_API}/executions/`, { signal, query: { ...filters, page, page_size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useExecutions(filters: TExecutionFilters, page: number, enabled = true) {
  return useQuery({ ...executionsQueryOptions(filters, page), enabled });
}

export function useExecution(id: string) {
  return useQuery({
    queryKey: checklistKeys.execution(id),
    queryFn: ({ signal }) => apiClient.get<TExecution>(executionUrl(id), { signal }),
  });
}

export function useChecklistStats(id: string, venue: string, bucket: 'day' | 'week' | 'month', from: string, to: string) {
  return useQuery({
    queryKey: checklistKeys.stats(id, venue, bucket, from, to),
    queryFn: ({ signal }) => apiClient.get<TChecklistStats>(`${CHECKLISTS_API}/checklists/${enc(id)}/stats/`, { signal, query: { venue: venue || undefined, bucket, from, to } }),
    placeholderData: keepPreviousData,
  });
}

function useChecklistWrite<Input, Answer>(request: (input: Input) => Promise<Answer>, invalidate: readonly unknown[] = checklistKeys.all) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: invalidate }),
  });
}

export const useCreateCategory = () => useChecklistWrite((body: TChecklistCategoryCreate) => apiClient.post<TChecklistCategory>(`${CHECKLISTS_API}/categories/`, { json: body }));
export const useUpdateCategory = () =>
  useChecklistWrite(({ id, body }: { id: string; body: TChecklistCategoryUpdate }) => apiClient.patch<TChecklistCategory>(`${CHECKLISTS_API}/categories/${enc(id)}/`, { json: body }));

export const useCreateChecklist = () => useChecklistWrite((body: TChecklistWrite) => apiClient.post<TChecklistDetail>(`${CHECKLISTS_API}/checklists/`, { json: body }));
export const useUpdateChecklist = (id: string) => useChecklistWrite((body: TChecklistWrite) => apiClient.put<TChecklistDetail>(`${CHECKLISTS_API}/checklists/${enc(id)}/`, { json: body }));
export const useArchiveChecklist = () => useChecklistWrite((id: string) => apiClient.delete<void>(`${CHECKLISTS_API}/checklists/${enc(id)}/`));

/** POST /checklists/{id}/executions/ — a new draft, or my open draft of it. */
export const startExecution = (checklistId: string, body: TExecutionStart) => apiClient.post<TExecution>(`${CHECKLISTS_API}/checklists/${enc(checklistId)}/executions/`, { json: body });

/** PATCH /executions/{id}/ — the autosave. */
export const saveExecution = (id: string, body: TExecutionSave) => apiClient.patch<TExecution>(executionUrl(id), { json: body });

/** POST /executions/{id}/submit/ — offline it is kept on the device and sent by the sync queue (decision 031). */
export const useSubmitExecution = (id: string, title = '') => {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    networkMode: 'always',
    mutationFn: (body: TExecutionSubmit) =>
      submitOrQueue<TExecution>({ kind: 'checklist-execution', title, href: '/checklists/executions', method: 'POST', path: `${executionUrl(id)}submit/`, json: body }),
    onSuccess: (answer) => (isQueued(answer) ? undefined : client.invalidateQueries({ queryKey: checklistKeys.executions })),
  });
};
export const useUpgradeExecution = (id: string) => useChecklistWrite(() => apiClient.post<TExecutionUpgrade>(`${executionUrl(id)}upgrade/`, { json: {} }), checklistKeys.executions);
export const useCreateAction = (executionId: string) =>
  useChecklistWrite((body: TCorrectiveActionCreate) => apiClient.post<TCorrectiveAction>(`${executionUrl(executionId)}actions/`, { json: body }), checklistKeys.executions);

/** POST /executions/{id}/report-mail/ — the PDF report sent by e-mail (attached), to people of the directory and typed addresses. */
export const useMailReport = (executionId: string) =>
  useMutation({ meta: { silent: true }, mutationFn: (body: TReportMailRequest) => apiClient.post<TReportMailSent>(`${executionUrl(executionId)}report-mail/`, { json: body }) });

/** POST /executions/export/ — a background job; GET /executions/exports/{id}/ follows it. */
export const startExport = (body: TExecutionExportRequest) => apiClient.post<TExecutionExport>(`${CHECKLISTS_API}/executions/export/`, { json: body });
export const readExport = (id: string, signal?: AbortSignal) => apiClient.get<TExecutionExport>(`${CHECKLISTS_API}/executions/exports/${enc(id)}/`, { signal });

export function useSchedules(checklistId: string) {
  return useQuery({
    queryKey: ['checklists', 'schedules', checklistId],
    queryFn: ({ signal }) => apiClient.get<{ results: TChecklistSchedule[] }>(`${CHECKLISTS_API}/checklists/${enc(checklistId)}/schedules/`, { signal }),
  });
}

/** POST /checklists/{id}/schedules/ — one recurring activity per chosen venue. */
export const useCreateSchedules = (checklistId: string) =>
  useChecklistWrite(
    (body: TChecklistScheduleCreate) => apiClient.post<{ results: TChecklistSchedule[] }>(`${CHECKLISTS_API}/checklists/${enc(checklistId)}/schedules/`, { json: body }),
    ['checklists', 'schedules', checklistId],
  );
