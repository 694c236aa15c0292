import type { Jobs } from './jobs.ts';
import type { Platform } from './platform.ts';

export interface Recurring {
  /** The queue the runs go through. */
  queue: string;
  /** Seconds from one run's start to the next. */
  everySeconds: number;
  /** Seconds after the process starts before its first run (default 60). */
  firstAfterSeconds?: number;
  /** A run's time limit before the queue fails it and retries (default 15 minutes). */
  expireInSeconds?: number;
  /** One pass; it must be idempotent (a rare second copy, or a retry, runs it again). */
  run: () => Promise<void>;
}

const SLOT = 'sweep';
const scheduled = new WeakMap<Jobs, Map<string, Promise<void>>>();

/**
 * Maintenance that runs again and again (expired uploads, retention) as a job on the
 * PostgreSQL-backed queue (platform/jobs.ts; its cron is off, so each run enqueues the next one
 * `everySeconds` later). Every process enqueues a first run shortly after it starts; one
 * singleton key per time slot keeps several processes from piling up copies. A failed run is
 * retried by the queue. Once per job queue and name, however many apps are built over one
 * platform (tests build several).
 */
export function scheduleRecurring(platform: Platform, recurring: Recurring): Promise<void> {
  let byQueue = scheduled.get(platform.jobs);
  if (!byQueue) {
    byQueue = new Map();
    scheduled.set(platform.jobs, byQueue);
  }
  let done = byQueue.get(recurring.queue);
  if (!done) {
    done = define(platform, recurring);
    byQueue.set(recurring.queue, done);
  }
  return done;
}

async function define(platform: Platform, { queue, everySeconds, firstAfterSeconds = 60, expireInSeconds = 15 * 60, run }: Recurring): Promise<void> {
  const next = (startAfter: number) => platform.jobs.send(null, queue, {}, { startAfter, singletonKey: SLOT, singletonSeconds: everySeconds });
  await platform.jobs.define(
    queue,
    async () => {
      await next(everySeconds);
      await run();
    },
    {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds,
      concurrency: 1,
      pollingIntervalSeconds: 30,
    },
  );
  await next(firstAfterSeconds);
}
