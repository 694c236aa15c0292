import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import { removeFromInbox } from '../lib/inbox-model.ts';
import { changeInbox, rollbackInbox } from './inbox-cache.ts';

export class DeleteUnavailableError extends Error {
  override name = 'DeleteUnavailableError';
}

/**
 * Spec §7 names a `destroy` mutation, but the messaging service has no delete (decision 007):
 * it always fails as unavailable, without a request.
 */
export function deleteNotification(id: string): Promise<never> {
  return Promise.reject(new DeleteUnavailableError(`Deleting notification ${id} is not available`));
}

/** Spec §4: the item leaves at once; the delete is unavailable, so it comes back and the spec's message shows. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: (id) => changeInbox(queryClient, (data) => removeFromInbox(data, id)),
    onError: (_error, _id, snapshot) => {
      rollbackInbox(queryClient, snapshot);
      toast.info(t('notifications.deleteUnavailable'), { id: 'notifications-delete-unavailable' });
    },
  });
}
