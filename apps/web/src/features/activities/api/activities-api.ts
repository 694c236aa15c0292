import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TActivity,
  TActivityDetail,
  TActivityWrite,
  TCalendarFeed,
  TCategory,
  TCompletion,
  TCompletionRequest,
  TOccurrence,
  TOccurrenceDetail,
  TOccurrenceList,
  TOccurrenceWrite,
  TRecurrencePreview,
  TRecurrencePreviewRequest,
} from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { isQueued, submitOrQueue } from '../../../shared/offline/offline-queue.ts';

export const ACTIVITIES_API = '/api/activities/v3';

/** Filters of the occurrence lists (kept in the address). */
export interface OccurrenceFilters {
  status?: string | undefined;
  venue?: string | undefined;
  category?: string | undefined;
  responsible?: string | undefined;
  priority?: string | undefined;
  search?: string | undefined;
}

export const activityKeys = {
  all: ['activities'] as const,
  occurrences: (from: string, to: string, mine: boolean, filters: OccurrenceFilters) => ['activities', 'occurrences', from, to, mine, filters] as const,
  occurrence: (id: string, recurrenceId: string) => ['activities', 'occurrence', id, recurrenceId] as const,
  activity: (id: string) => ['activities', 'activity', id] as const,
  categories: ['activities', 'categories'] as const,
  feed: ['activities', 'calendar-feed'] as const,
  preview: (body: TRecurrencePreviewRequest) => ['activities', 'preview', body] as const,
};

const enc = encodeURIComponent;
export const occurrenceUrl = (id: string, recurrenceId: string) => `${ACTIVITIES_API}/activities/${enc(id)}/occurrences/${enc(recurrenceId)}/`;

/** GET /occurrences/ — the occurrences starting in [from, to); mine=false is everyone's (MANAGE_TASKS). */
export function occurrencesQueryOptions(from: string, to: string, mine: boolean, filters: OccurrenceFilters = {}) {
  return queryOptions({
    queryKey: activityKeys.occurrences(from, to, mine, filters),
    queryFn: ({ signal }) => apiClient.get<TOccurrenceList>(`${ACTIVITIES_API}/occurrences/`, { signal, query: { from, to, mine: String(mine), ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useOccurrences(from: string, to: string, mine: boolean, filters: OccurrenceFilters = {}, enabled = true) {
  return useQuery({ ...occurrencesQueryOptions(from, to, mine, filters), enabled });
}

export function occurrenceQueryOptions(id: string, recurrenceId: string) {
  return queryOptions({
    queryKey: activityKeys.occurrence(id, recurrenceId),
    queryFn: ({ signal }) => apiClient.get<TOccurrenceDetail>(occurrenceUrl(id, recurrenceId), { signal }),
  });
}

export function useOccurrence(id: string, recurrenceId: string, enabled = true) {
  return useQuery({ ...occurrenceQueryOptions(id, recurrenceId), enabled });
}

export function useActivity(id: string | undefined) {
  return useQuery({
    queryKey: activityKeys.activity(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TActivityDetail>(`${ACTIVITIES_API}/activities/${enc(id ?? '')}/`, { signal }),
    enabled: Boolean(id),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: activityKeys.categories,
    queryFn: ({ signal }) => apiClient.get<{ results: TCategory[] }>(`${ACTIVITIES_API}/categories/`, { signal }),
    staleTime: 60_000,
  });
}

/** POST /recurrence/preview/ — the next occurrences of a rule as it is being written. */
export function useRecurrencePreview(body: TRecurrencePreviewRequest | null) {
  return useQuery({
    queryKey: activityKeys.preview(body ?? { start: '' }),
    queryFn: ({ signal }) => apiClient.post<TRecurrencePreview>(`${ACTIVITIES_API}/recurrence/preview/`, { signal, json: body }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

function useActivityWrite<Input, Answer>(request: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

/** POST /activities/ (MANAGE_TASKS). */
export const useCreateActivity = () => useActivityWrite((body: TActivityWrite) => apiClient.post<TActivity>(`${ACTIVITIES_API}/activities/`, { json: body }));

/** PUT /activities/{id}/ — "Todas". */
export const useUpdateActivity = (id: string) => useActivityWrite((body: TActivityWrite) => apiClient.put<TActivity>(`${ACTIVITIES_API}/activities/${enc(id)}/`, { json: body }));

/** POST /activities/{id}/split/ — "Esta y las siguientes": answers the new series. */
export const useSplitActivity = (id: string) =>
  useActivityWrite((body: TActivityWrite & { recurrence_id: string }) => apiClient.post<TActivity>(`${ACTIVITIES_API}/activities/${enc(id)}/split/`, { json: body }));

/** PUT /activities/{id}/occurrences/{rid}/ — "Solo esta". */
export const useEditOccurrence = (id: string) =>
  useActivityWrite(({ recurrenceId, body }: { recurrenceId: string; body: TOccurrenceWrite }) => apiClient.put<TOccurrence>(occurrenceUrl(id, recurrenceId), { json: body }));

/** DELETE /activities/{id}/occurrences/{rid}/ — this occurrence cancelled. */
export const useCancelOccurrence = (id: string) => useActivityWrite((recurrenceId: string) => apiClient.delete<void>(occurrenceUrl(id, recurrenceId)));

/** DELETE /activities/{id}/ — the whole series. */
export const useDeleteActivity = (id: string) => useActivityWrite(() => apiClient.delete<void>(`${ACTIVITIES_API}/activities/${enc(id)}/`));

/** POST …/completion/ — complete or cancel one occurrence (a form's answer as `response`). */
export const useCompleteOccurrence = (id: string, recurrenceId: string, title = '') => {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    // offline it is kept on the device and sent by the sync queue (decision 031)
    networkMode: 'always',
    mutationFn: (body: TCompletionRequest) =>
      submitOrQueue<TCompletion>({ kind: 'activity-completion', title, href: `/activities/${id}/${recurrenceId}`, method: 'POST', path: `${occurrenceUrl(id, recurrenceId)}completion/`, json: body }),
    onSuccess: (answer) => (isQueued(answer) ? undefined : client.invalidateQueries({ queryKey: activityKeys.all })),
  });
};

/** DELETE …/completion/ — reopen. */
export const useReopenOccurrence = (id: string, recurrenceId: string) => useActivityWrite(() => apiClient.delete<void>(`${occurrenceUrl(id, recurrenceId)}completion/`));

/** GET …/ics — the occurrence as one VEVENT. */
export const occurrenceIcs = (id: string, recurrenceId: string) => apiClient.get<string>(`${occurrenceUrl(id, recurrenceId)}ics`, { responseType: 'text' });

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.feed,
    queryFn: ({ signal }) => apiClient.get<TCalendarFeed>(`${ACTIVITIES_API}/calendar-feed/`, { signal }),
    enabled,
  });
}

export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => apiClient.post<TCalendarFeed>(`${ACTIVITIES_API}/calendar-feed/reset/`),
    onSuccess: (feed) => client.setQueryData(activityKeys.feed, feed),
  });
}
