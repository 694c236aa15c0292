/**
 * Work saved on this device and not yet sent (the Sync screen lists it). Offline mode is not built
 * yet, so nothing queues here; the offline modules will add their entries through this module.
 */
export interface PendingWorkItem {
  id: string;
  /** i18n key of the kind of work (a form answer, a photo, ...). */
  kindKey: string;
  title: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

export async function listPendingWork(): Promise<PendingWorkItem[]> {
  return [];
}

export const OFFLINE_MODE_AVAILABLE = false;
