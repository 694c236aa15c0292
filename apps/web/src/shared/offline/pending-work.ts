import type { TFunction } from 'i18next';
import { confirm } from '../ui/modal.tsx';
import { offlineQueue } from './offline-queue.ts';
import type { QueuedSubmission } from './offline-db.ts';

/** Work saved on this device and not yet sent (the Sync screen lists it; decision 031). */
export type PendingWorkItem = QueuedSubmission;

export function listPendingWork(): Promise<PendingWorkItem[]> {
  return offlineQueue.list();
}

export const OFFLINE_MODE_AVAILABLE = true;

/**
 * Before signing out (decision 031): with work of this person still on the device (pending, failed
 * or in conflict), asks first, saying how many and that it stays here for this person only and is
 * sent at their next sign-in on this device. True to go on (nothing unsent, or confirmed).
 */
export async function confirmSignOutWithPendingWork(t: TFunction): Promise<boolean> {
  const count = (await listPendingWork().catch(() => [])).length;
  if (count === 0) return true;
  return confirm({
    id: 'sign-out-pending-work',
    title: t('offline.signOutTitle'),
    message: t('offline.signOutPending', { count }),
    confirmLabel: t('shell.signOut'),
    cancelLabel: t('common.cancel'),
  }).catch(() => false);
}
