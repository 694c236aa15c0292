import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TInboxNotification } from '@faena/contracts';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { markReadInInbox } from '../lib/inbox-model.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';
import { changeInbox, refetchInbox, rollbackInbox } from './inbox-cache.ts';

/** PATCH /notifications/inbox/check/by_notification_id/{id} → the item, now read. */
export function markAsRead(id: string): Promise<TInboxNotification> {
  return apiClient.patch<TInboxNotification>(`${NOTIFICATIONS_API}/inbox/check/by_notification_id/${encodeURIComponent(id)}`);
}

/** Spec §4: read at once, rolled back on failure, then the inbox is read again either way. */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: markAsRead,
    onMutate: (id) => changeInbox(queryClient, (data) => markReadInInbox(data, id, new Date().toISOString())),
    onError: (_error, _id, snapshot) => {
      rollbackInbox(queryClient, snapshot);
      toast.error(t('notifications.markReadFailed'), { id: 'notifications-mark-read-failed' });
    },
    onSettled: () => refetchInbox(queryClient),
  });
}
