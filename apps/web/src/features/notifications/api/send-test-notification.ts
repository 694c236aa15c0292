import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { TInboxNotification } from '@faena/contracts';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../shared/api/api-client.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';
import { refetchInbox } from './inbox-cache.ts';

/** POST /notifications/test → a notification of kind `test` for the caller (429 past 120 a minute). */
export function sendTestNotification(): Promise<TInboxNotification> {
  return apiClient.post<TInboxNotification>(`${NOTIFICATIONS_API}/test`);
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: sendTestNotification,
    // The stream normally brings it; reading the inbox also covers a stream that is down.
    onSuccess: () => refetchInbox(queryClient),
    onError: (error) => {
      const limited = isHttpError(error) && error.status === 429;
      toast.error(t(limited ? 'notifications.test.tooMany' : 'notifications.test.failed'), { id: 'notifications-test-failed' });
    },
  });
}
