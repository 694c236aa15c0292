import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { APP_ROLE, type Database, type Drizzle } from './db/database.ts';

/** pg-boss keeps its tables in its own schema, out of the tenant-isolated `public` one. */
export const JOBS_SCHEMA = 'pgboss';
/** Our heartbeat rows (decision 033), beside pg-boss's tables but not one of them: pg-boss 11 has no heartbeat. */
export const HEARTBEAT_TABLE = `${JOBS_SCHEMA}.faena_job_heartbeat`;

/** The Jobs instances alive in this process (on PGlite, the only process: every other owner is dead). */
const LIVE_INSTANCES = new Set<string>();

export interface HeartbeatOptions {
  /** How often a running job's row is touched, and how often the sweep looks for dead ones (seconds). Default 10. */
  heartbeatSeconds?: number;
  /** A job whose row is older than this many beats is taken for dead: failed, so pg-boss retries it. Default 6. */
  missedBeats?: number;
}

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
  /**
   * Aborted when the queue stops, or when this process learns that its job was taken for dead
   * (its heartbeat went missing) and handed to another: a long handler ends between steps.
   */
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
 *
 * Heartbeat (decision 033): every running job has a row in HEARTBEAT_TABLE that this process
 * touches every `heartbeatSeconds`; each process also sweeps, on the same timer, rows of other
 * processes older than `missedBeats` beats (on PGlite every row of an owner not alive in this
 * process at once: the data directory's lock means the process that wrote it is gone). A swept row is deleted under FOR UPDATE
 * SKIP LOCKED, so exactly one process fails its job, and pg-boss retries it after retryDelay: a job
 * of a killed process runs again within about heartbeatSeconds × missedBeats, not expireInSeconds.
 */
export class Jobs {
  private boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private started = false;
  private stopping = false;
  private stopSignal = new AbortController();
  /** Who writes this process's heartbeat rows. */
  readonly instanceId = randomUUID();
  /** Jobs running here: their rows are touched; the controller aborts the job's signal if it was taken for dead. */
  private readonly running = new Map<string, AbortController>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private readonly heartbeatSeconds: number;
  private readonly missedBeats: number;

  private readonly db: Database;
  private readonly log: Logger;
  constructor(db: Database, log: Logger, options: HeartbeatOptions = {}) {
    this.db = db;
    this.log = log;
    this.heartbeatSeconds = options.heartbeatSeconds ?? 10;
    this.missedBeats = options.missedBeats ?? 6;
    if (!(this.heartbeatSeconds > 0) || !(this.missedBeats >= 2)) throw new Error('job heartbeat: heartbeatSeconds > 0 and missedBeats >= 2');
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
      CREATE TABLE IF NOT EXISTS ${HEARTBEAT_TABLE} (
        job_id uuid PRIMARY KEY,
        queue text NOT NULL,
        owner uuid NOT NULL,
        beat_at timestamptz NOT NULL DEFAULT now()
      );
      COMMIT;
    `);
    this.started = true;
    LIVE_INSTANCES.add(this.instanceId);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatSeconds * 1000);
    this.heartbeatTimer.unref();
    // Jobs a dead process left running need not wait for the first tick.
    void this.heartbeat();
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
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    LIVE_INSTANCES.delete(this.instanceId);
    await this.beating;
    this.stopSignal.abort();
    // Waits up to 10 s for running handlers; what is left is failed and retried elsewhere.
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
    // pg-boss failed what was still running (it is retried): the rows are no one's now.
    const left = [...this.running.keys()];
    this.running.clear();
    if (left.length > 0) await this.db.queueSql(`DELETE FROM ${HEARTBEAT_TABLE} WHERE job_id = ANY($1::uuid[])`, [left]).catch(() => undefined);
    this.started = false;
    this.stopping = false;
    this.stopSignal = new AbortController();
  }

  /** One tick: touch the rows of the jobs running here, then fail the jobs of processes that stopped beating. */
  private async heartbeat(): Promise<void> {
    if (this.beating || this.stopping) return;
    this.beating = (async () => {
      try {
        await this.beat();
        await this.sweep();
      } catch (error) {
        this.log.warn({ err: error }, 'job heartbeat failed');
      } finally {
        this.beating = null;
      }
    })();
    await this.beating;
  }

  private async beat(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    const { rows } = await this.db.queueSql(`UPDATE ${HEARTBEAT_TABLE} SET beat_at = now() WHERE job_id = ANY($1::uuid[]) AND owner = $2 RETURNING job_id`, [ids, this.instanceId]);
    const alive = new Set(rows.map((row) => String(row.job_id)));
    for (const id of ids) {
      // Another process took this job for dead (this one stalled): the handler should stop.
      if (!alive.has(id)) this.running.get(id)?.abort(new Error('the job was handed to another process: its heartbeat went missing'));
    }
  }

  /** Fails (so pg-boss retries) the jobs whose heartbeat stopped; each dead row is claimed by exactly one process. */
  private async sweep(): Promise<void> {
    // PGlite: one process holds the data directory, so a row of an owner not alive here is a dead process's.
    const anyOther = this.db.engine === 'pglite';
    const { rows } = await this.db.queueSql(
      `DELETE FROM ${HEARTBEAT_TABLE} WHERE job_id IN (
         SELECT job_id FROM ${HEARTBEAT_TABLE}
         WHERE NOT (owner = ANY($1::uuid[])) AND ($2::boolean OR beat_at < now() - make_interval(secs => $3::double precision))
         ORDER BY beat_at LIMIT 100
         FOR UPDATE SKIP LOCKED
       ) RETURNING job_id, queue`,
      [[...LIVE_INSTANCES, this.instanceId], anyOther, this.heartbeatSeconds * this.missedBeats],
    );
    for (const row of rows) {
      const queue = String(row.queue);
      const id = String(row.job_id);
      this.log.warn({ queue, job: id }, 'job heartbeat lost: failed for a retry');
      await this.boss.fail(queue, id, { message: 'the process running the job stopped (no heartbeat)' });
      this.wake(queue);
    }
  }

  /**
   * Runs one job with its heartbeat row: written before the handler. Whoever deletes the row
   * decides the job's outcome: this process after its handler (then it completes or fails the
   * job itself, before pg-boss's own completion of the batch, which then finds nothing active), or
   * the sweep of another process that took it for dead (then this process leaves the job alone:
   * it is another attempt's now).
   */
  private async runWithHeartbeat(name: string, definition: Definition, job: { id: string; retryCount: number; data: unknown }): Promise<void> {
    const lost = new AbortController();
    this.running.set(job.id, lost);
    let failure: unknown = null;
    let ok = false;
    try {
      await this.db.queueSql(
        `INSERT INTO ${HEARTBEAT_TABLE} (job_id, queue, owner, beat_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (job_id) DO UPDATE SET queue = EXCLUDED.queue, owner = EXCLUDED.owner, beat_at = now()`,
        [job.id, name, this.instanceId],
      );
      await definition.handler(job.data as never, { id: job.id, retryCount: job.retryCount, signal: AbortSignal.any([this.stopSignal.signal, lost.signal]) });
      ok = true;
    } catch (error) {
      failure = error;
    } finally {
      this.running.delete(job.id);
    }
    const { rows } = await this.db.queueSql(`DELETE FROM ${HEARTBEAT_TABLE} WHERE job_id = $1 AND owner = $2 RETURNING job_id`, [job.id, this.instanceId]);
    if (rows.length === 0) {
      this.log.warn({ queue: name, job: job.id }, 'job finished after it was taken for dead: its outcome is the retry’s');
      return;
    }
    if (ok) {
      await this.boss.complete(name, job.id);
      return;
    }
    this.log.warn({ err: failure, queue: name, job: job.id, retryCount: job.retryCount }, 'job failed');
    await this.boss.fail(name, job.id, { message: failure instanceof Error ? failure.message : String(failure) });
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
        // Each job completes or fails on its own (runWithHeartbeat); pg-boss's completion of the
        // batch afterwards finds none of them active.
        await Promise.all(jobs.map((job) => this.runWithHeartbeat(name, definition, job)));
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
