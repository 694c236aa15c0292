import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { APP_ROLE, type Database, type Drizzle } from './db/database.ts';

/** pg-boss keeps its tables in its own schema, out of the tenant-isolated `public` one. */
export const JOBS_SCHEMA = 'pgboss';

export interface QueueOptions {
  /** Attempts after the first failure (default 5), with exponential back-off from retryDelay seconds. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  /** A job running longer than this is failed (and retried). Default 60 s. */
  expireInSeconds?: number;
  /** How long a finished job is kept for inspection. Default one day. */
  deleteAfterSeconds?: number;
}

export interface WorkerOptions {
  /** Jobs handled at once by this process (one fetch takes up to this many). Default 4. */
  concurrency?: number;
  /** How often an idle worker looks for jobs; `wake` cuts the wait short. Default 2 s. */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Seconds to wait, or an instant, before the job may run. */
  startAfter?: number | Date;
  /** At most one queued job per key (with singletonSeconds: per time slot). */
  singletonKey?: string;
  singletonSeconds?: number;
  priority?: number;
  retryLimit?: number;
}

export interface JobInfo {
  id: string;
  retryCount: number;
  /** Aborted when the queue stops: a long handler ends between steps and its job is retried. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

interface Definition {
  handler: JobHandler<never>;
  queue: QueueOptions;
  worker: WorkerOptions;
  workerId: string | null;
}

/**
 * Background work through a PostgreSQL-backed queue (pg-boss 11) on both engines: every
 * statement pg-boss issues goes through `Database.queueSql`, so on PGlite it waits its turn
 * like any transaction. `send(tx, ...)` enqueues inside the caller's transaction: the job exists
 * if and only if the business change commits (a transactional outbox), on every engine.
 *
 * Jobs run at least once: a handler must be safe to run again after a crash or a time-out.
 */
export class Jobs {
  private boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private started = false;
  private stopping = false;
  private stopSignal = new AbortController();

  private readonly db: Database;
  private readonly log: Logger;
  constructor(db: Database, log: Logger) {
    this.db = db;
    this.log = log;
    this.boss = this.newBoss();
  }

  private newBoss(): PgBoss {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.db.queueSql(text, values) },
      schema: JOBS_SCHEMA,
      // Cron schedules are not used yet; the supervisor (expiry, retention) is.
      schedule: false,
      supervise: true,
      migrate: true,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    return boss;
  }

  /** Creates or upgrades the queue's schema, lets the app role enqueue, starts the workers defined so far. */
  async start(): Promise<void> {
    if (this.started) return;
    // Processes starting together on a fresh database can collide creating pg-boss's schema
    // (PostgreSQL may not see the other's catalog rows yet); the loser tries again and finds it.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.start();
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        this.log.warn({ err: error, attempt }, 'job queue start failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        this.boss = this.newBoss();
      }
    }
    // The app role may add jobs (in a tenant transaction) and nothing else: it cannot read or
    // change other jobs. pg-boss itself runs as the owner.
    // Under a lock: processes starting together would otherwise race on the same catalog rows
    // ("tuple concurrently updated").
    await this.db.queueSql(`
      BEGIN;
      SELECT pg_advisory_xact_lock(727275);
      GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE};
      GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${APP_ROLE};
      GRANT INSERT ON ${JOBS_SCHEMA}.job_common TO ${APP_ROLE};
      GRANT SELECT (id) ON ${JOBS_SCHEMA}.job_common TO ${APP_ROLE};
      COMMIT;
    `);
    this.started = true;
    for (const [name, definition] of this.definitions) await this.startQueue(name, definition);
  }

  /**
   * Declares a queue and its handler. Call it while the module registers (before or after start);
   * the queue exists before anything can be sent to it.
   */
  async define<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions & WorkerOptions = {}): Promise<void> {
    if (this.definitions.has(name)) throw new Error(`job queue ${name} is defined twice`);
    const { concurrency, pollingIntervalSeconds, ...queue } = options;
    const definition: Definition = { handler: handler as JobHandler<never>, queue, worker: { concurrency, pollingIntervalSeconds }, workerId: null };
    this.definitions.set(name, definition);
    if (this.started) await this.startQueue(name, definition);
  }

  /**
   * Enqueues a job. With `tx` the job is written in that transaction (it runs only if the
   * transaction commits); with null, on its own.
   */
  async send<T extends object>(tx: Drizzle | null, name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`job queue ${name} is not defined`);
    if (!this.started) throw new Error('the job queue is not started');
    const { startAfter, ...rest } = options;
    const sendOptions: PgBoss.SendOptions = { ...rest, ...(startAfter === undefined ? {} : { startAfter }) };
    if (tx) sendOptions.db = { executeSql: (text, values) => executeInTransaction(tx, text, values) };
    return this.boss.send(name, data, sendOptions);
  }

  /** Asks this process's worker of a queue to look for jobs now rather than at its next poll. */
  wake(name: string): void {
    const workerId = this.definitions.get(name)?.workerId;
    if (workerId && !this.stopping) this.boss.notifyWorker(workerId);
  }

  /** Counts of a queue's jobs (for tests and operators). */
  async stats(name: string): Promise<{ queued: number; active: number; total: number }> {
    const stats = await this.boss.getQueueStats(name);
    return { queued: stats.queuedCount, active: stats.activeCount, total: stats.totalCount };
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.stopSignal.abort();
    // Waits up to 10 s for running handlers; what is left is failed and retried elsewhere.
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
    this.started = false;
    this.stopping = false;
    this.stopSignal = new AbortController();
  }

  private async startQueue(name: string, definition: Definition): Promise<void> {
    const { queue, worker } = definition;
    await this.boss.createQueue(name, {
      retryLimit: queue.retryLimit ?? 5,
      retryDelay: queue.retryDelay ?? 5,
      retryBackoff: queue.retryBackoff ?? true,
      ...(queue.retryDelayMax === undefined ? {} : { retryDelayMax: queue.retryDelayMax }),
      expireInSeconds: queue.expireInSeconds ?? 60,
      deleteAfterSeconds: queue.deleteAfterSeconds ?? 86_400,
    });
    // Loads the queue into pg-boss's cache now: a send inside a transaction must not have to
    // look it up through the database handle (on PGlite that would wait for itself).
    await this.boss.getQueueStats(name);
    definition.workerId = await this.boss.work<object>(
      name,
      { batchSize: worker.concurrency ?? 4, pollingIntervalSeconds: worker.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async (jobs) => {
        // Each job succeeds or fails on its own; pg-boss then marks the rest completed.
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await definition.handler(job.data as never, { id: job.id, retryCount: job.retryCount, signal: this.stopSignal.signal });
            } catch (error) {
              this.log.warn({ err: error, queue: name, job: job.id, retryCount: job.retryCount }, 'job failed');
              await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        );
      },
    );
  }
}

/** Runs one pg-boss statement on the caller's transaction, binding `$n` placeholders as parameters. */
async function executeInTransaction(tx: Drizzle, text: string, values: unknown[] | undefined): Promise<{ rows: unknown[] }> {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${values?.[Number(parts[i]) - 1]}`);
  }
  const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
  return { rows: result.rows };
}
