import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TOccurrence, TOccurrenceDetail } from '@faena/contracts/activities';
import { apiClient } from '../../shared/api/api-client.ts';
import type { FormView } from '../../shared/forms/api/get-form.ts';
import { ACCESS, canAccess, type AccessContext } from '../../shared/access/access.ts';
import { whenIdle } from '../../shared/lib/when-idle.ts';

const EVERY_MS = 15 * 60_000;

/** GET /api/activities/v3/occurrences/offline/: the person's own occurrences of the next days, with what their pages read. */
interface OfflineOccurrences {
  from: string;
  to: string;
  results: TOccurrence[];
  details: TOccurrenceDetail[];
  forms: FormView[];
}

/**
 * The person's own occurrences of the next `days` in one read (it was one read per occurrence, up
 * to 60, one after another): the list, the detail of each open one and their forms are put in the
 * cache under the keys the occurrence pages and the form read, so those pages open offline from
 * the kept reads exactly as when read one by one.
 */
export async function readAheadOwnOccurrences(client: QueryClient, days = 3): Promise<void> {
  const [{ occurrencesQueryOptions, occurrenceQueryOptions }, { formQueryOptions }] = await Promise.all([
    import('../../features/activities/api/activities-api.ts'),
    import('../../shared/forms/api/get-form.ts'),
  ]);
  const bundle = await apiClient.get<OfflineOccurrences>('/api/activities/v3/occurrences/offline/', { query: { days: String(days) } });
  client.setQueryData(occurrencesQueryOptions(bundle.from, bundle.to, true).queryKey, { results: bundle.results });
  for (const detail of bundle.details) client.setQueryData(occurrenceQueryOptions(detail.public_id, detail.recurrenceId).queryKey, detail);
  for (const form of bundle.forms) client.setQueryData(formQueryOptions(form.id).queryKey, form);
}

/**
 * While online, reads the person's own work of the next days — their occurrences with details and
 * forms (one read), their open workflow tasks with their executions — so those screens open offline from the
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
        if (activities) await readAheadOwnOccurrences(client).catch(() => undefined);
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
