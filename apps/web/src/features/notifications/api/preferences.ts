import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreference, TNotificationPreferences } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';

export const preferencesQueryKey = ['notifications', 'preferences'] as const;

/** GET /notifications/preferences — per kind, whether it also comes as push. */
export function usePreferences() {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: ({ signal }) => apiClient.get<TNotificationPreferences>(`${NOTIFICATIONS_API}/preferences`, { signal }) });
}

/** PUT /notifications/preferences with one kind's choice; the screen shows the choice at once and puts it back if the save fails. */
export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (choice: TNotificationPreference) => apiClient.put<TNotificationPreferences>(`${NOTIFICATIONS_API}/preferences`, { json: { preferences: [choice] } }),
    onMutate: async (choice) => {
      await client.cancelQueries({ queryKey: preferencesQueryKey });
      const before = client.getQueryData<TNotificationPreferences>(preferencesQueryKey);
      if (before) client.setQueryData<TNotificationPreferences>(preferencesQueryKey, { preferences: before.preferences.map((each) => (each.kind === choice.kind ? choice : each)) });
      return { before };
    },
    onError: (_error, _choice, context) => {
      if (context?.before) client.setQueryData(preferencesQueryKey, context.before);
    },
    onSuccess: (saved) => client.setQueryData(preferencesQueryKey, saved),
  });
}
