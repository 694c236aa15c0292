import pino from 'pino';
import { openDatabase } from '../src/platform/db/open.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { Jobs } from '../src/platform/jobs.ts';

/**
 * A process of faults-heartbeat.test.ts: the platform's job queue with one slow test queue and a
 * short heartbeat (1 s, 3 beats). Says what happens as JSON lines on stdout. SEND=1 enqueues one
 * job; WATCH=<job id> exits once that job is completed (and a few beats more have passed, to show it
 * does not run again), saying its final state.
 */
const QUEUE = 'faults.heartbeat';
const env = process.env;
const say = (event: string, extra: Record<string, unknown> = {}) => process.stdout.write(`${JSON.stringify({ event, pid: process.pid, at: Date.now(), ...extra })}\n`);

const db = await openDatabase({ DATABASE_URL: env.DATABASE_URL || undefined, DATA_DIR: env.DATA_DIR! } as never);
await migrate(db);
const jobs = new Jobs(db, pino({ level: 'silent' }), { heartbeatSeconds: 1, missedBeats: 3 });
const jobMs = Number(env.JOB_MS ?? 5000);
await jobs.define<{ n: number }>(
  QUEUE,
  async (data, job) => {
    say('started', { id: job.id, retryCount: job.retryCount, n: data.n });
    const until = Date.now() + jobMs;
    while (Date.now() < until) {
      if (job.signal.aborted) throw new Error('aborted');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    say('completed', { id: job.id, retryCount: job.retryCount });
  },
  // pg-boss alone would retry it only after an hour
  { expireInSeconds: 3600, retryDelay: 1, retryBackoff: false, pollingIntervalSeconds: 1, concurrency: 1 },
);
await jobs.start();
say('ready');
if (env.SEND === '1') say('sent', { id: await jobs.send(null, QUEUE, { n: 1 }) });
if (env.WATCH) {
  for (;;) {
    const { rows } = await db.queueSql(`SELECT state, retry_count FROM pgboss.job WHERE id = $1`, [env.WATCH]);
    if (rows[0]?.state === 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // a few heartbeat periods more: nothing runs it again
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const { rows } = await db.queueSql(`SELECT state, retry_count FROM pgboss.job WHERE id = $1`, [env.WATCH]);
  const { rows: beats } = await db.queueSql(`SELECT count(*)::int AS n FROM pgboss.faena_job_heartbeat`);
  say('final', { state: rows[0]?.state, retryCount: rows[0]?.retry_count, heartbeatRows: beats[0]?.n });
  await jobs.stop();
  await db.close();
  process.exit(0);
}
