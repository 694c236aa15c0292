import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../session/use-session.ts';
import type { SubmissionKind } from './offline-db.ts';
import { offlineQueue, ownerOf } from './offline-queue.ts';
import { persistQueries } from './query-persistence.ts';

export const pendingWorkKeys = { all: ['offline-queue'] as const };

/** The query roots a sent submission changes (the areas own them; only these are refreshed). */
const REFRESHES: Record<SubmissionKind, string> = {
  'activity-completion': 'activities',
  'checklist-execution': 'checklists',
  'workflow-task': 'workflows',
};

/** The signed-in person's queue, read again whenever it changes. Works offline (networkMode always). */
export function usePendingWork() {
  const session = useSession();
  const owner = ownerOf(session);
  const client = useQueryClient();
  useEffect(() => offlineQueue.subscribe(() => void client.invalidateQueries({ queryKey: pendingWorkKeys.all })), [client]);
  return useQuery({
    queryKey: [...pendingWorkKeys.all, owner, 'items'],
    queryFn: async () => ({ items: await offlineQueue.list(), lastSyncAt: await offlineQueue.lastSyncAt() }),
    networkMode: 'always',
    enabled: owner !== null,
  });
}

/** Pending and failed submissions and conflicts: what the shell's badge counts. */
export function usePendingCount(): number {
  return usePendingWork().data?.items.length ?? 0;
}

/**
 * Sends the signed-in person's queue when the app starts, when the connection returns, when the
 * person signs in, and when a back-off ends; refreshes the areas whose submissions went through.
 * Mounted once in the shell.
 */
export function OfflineSyncRuntime() {
  const owner = ownerOf(useSession());
  const client = useQueryClient();
  // the reads forms and the person's own work need, kept for opening screens offline
  useEffect(() => (owner ? persistQueries(client, owner) : undefined), [owner, client]);
  useEffect(() => {
    // a browser without IndexedDB (some private modes) keeps nothing on the device: nothing to send
    if (!owner || typeof indexedDB === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let before = new Map<string, SubmissionKind>();
    const snapshot = async () => new Map((await offlineQueue.list()).map((item) => [item.id, item.kind] as const));
    const schedule = async () => {
      if (!navigator.onLine) return; // the 'online' event starts the next pass
      const due = await offlineQueue.nextDueAt();
      clearTimeout(timer);
      if (due !== null && !stopped) timer = setTimeout(() => void kick().catch(() => undefined), Math.max(1000, due - Date.now()));
    };
    const kick = async () => {
      if (stopped) return;
      before = await snapshot();
      await offlineQueue.flush().catch(() => undefined);
      const after = await snapshot();
      const sent = new Set([...before].filter(([id]) => !after.has(id)).map(([, kind]) => REFRESHES[kind]));
      for (const root of sent) void client.invalidateQueries({ queryKey: [root] });
      await schedule();
    };
    // a pass that fails (the device store closed under it) waits for the next event or timer
    const onOnline = () =>
      void offlineQueue
        .wakeUp()
        .then(kick)
        .catch(() => undefined);
    window.addEventListener('online', onOnline);
    // a submission queued or failed meanwhile: its next attempt gets a timer
    const unsubscribe = offlineQueue.subscribe(() => void schedule().catch(() => undefined));
    void kick().catch(() => undefined);
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [owner, client]);
  return null;
}
