import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { markAllReadInInbox } from '../lib/inbox-model.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';
import { changeInbox, refetchInbox, rollbackInbox } from './inbox-cache.ts';

/** PATCH /notifications/inbox/check/all → how many were marked. */
export function markAllAsRead(): Promise<{ checked: number }> {
  return apiClient.patch<{ checked: number }>(`${NOTIFICATIONS_API}/inbox/check/all`);
}

/** Like marking one: everything read at once, rolled back on failure, then read again. */
export function useMarkAllAsRead() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: markAllAsRead,
    onMutate: () => changeInbox(queryClient, (data) => markAllReadInInbox(data, new Date().toISOString())),
    onError: (_error, _variables, snapshot) => {
      rollbackInbox(queryClient, snapshot);
      toast.error(t('notifications.markAllReadFailed'), { id: 'notifications-mark-all-failed' });
    },
    onSettled: () => refetchInbox(queryClient),
  });
}
