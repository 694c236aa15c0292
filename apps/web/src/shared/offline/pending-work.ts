import { offlineQueue } from './offline-queue.ts';
import type { QueuedSubmission } from './offline-db.ts';

/** Work saved on this device and not yet sent (the Sync screen lists it; decision 031). */
export type PendingWorkItem = QueuedSubmission;

export function listPendingWork(): Promise<PendingWorkItem[]> {
  return offlineQueue.list();
}

export const OFFLINE_MODE_AVAILABLE = true;
