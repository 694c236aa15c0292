import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACCESS, canAccess, type AccessContext } from '../../shared/access/access.ts';
import { whenIdle } from '../../shared/lib/when-idle.ts';

const EVERY_MS = 15 * 60_000;

/**
 * While online, reads the person's own work of the next days — their occurrences with details and
 * forms, their open workflow tasks with their executions — so those screens open offline from the
 * kept reads (decision 031). Once the app is idle, then every 15 minutes and when the connection
 * returns; the areas' code is loaded on demand, as their routes load it.
 */
export function useOfflinePrefetch(ctx: AccessContext | null, personKey: string | null): void {
  const client = useQueryClient();
  const activities = ctx !== null && canAccess(ACCESS.activities, ctx);
  const workflows = ctx !== null && canAccess(ACCESS.workflows, ctx);
  useEffect(() => {
    if (!personKey || (!activities && !workflows)) return undefined;
    let running = false;
    const run = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        if (activities) await (await import('../../features/activities/api/activities-api.ts')).prefetchOwnOccurrences(client).catch(() => undefined);
        if (workflows) await (await import('../../features/workflows/run/run-api.ts')).prefetchOwnTasks(client).catch(() => undefined);
      } finally {
        running = false;
      }
    };
    const cancelIdle = whenIdle(() => void run(), 5_000);
    const timer = window.setInterval(() => void run(), EVERY_MS);
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    return () => {
      cancelIdle();
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [client, personKey, activities, workflows]);
}
