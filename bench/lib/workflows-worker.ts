/**
 * A workflow-engine process for bench/workflows.bench.ts: boots the platform on the given
 * PostgreSQL database (no HTTP), says `ready`, and on `go` advances its executions task by task
 * through the engine with `workers` concurrent loops, then answers `done` with its timings.
 * With `mode: 'bare'` it boots nothing and runs the bench's bare loop instead (the same three writes
 * per step on a plain pg pool), so the bare loop's own scaling over processes is measured too.
 */
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { boot } from '../../apps/server/src/platform/boot.ts';
import { openPostgres } from '../../apps/server/src/platform/db/database.ts';
import { completeTask, lockExecution } from '../../apps/server/src/modules/workflows/workflows.engine.ts';

interface Spec {
  url: string;
  tenantId: string;
  personId: string;
  tasks: number;
  workers: number;
  mode?: 'engine' | 'bare';
}
type Execution = { id: string; task: string };

const spec = JSON.parse(process.argv[2]!) as Spec;
if (!process.send) throw new Error('workflows-worker.ts runs as a child of the bench (IPC channel needed)');
const bareMode = spec.mode === 'bare';
const db = await openPostgres(spec.url, { poolSize: spec.workers + 2 });
const running = bareMode
  ? null
  : await boot(loadConfig({ PUBLIC_DOMAIN: 'app.localhost', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent-bench-data' }), { db, logger: false, seed: false });
const bare = bareMode ? new pg.Pool({ connectionString: spec.url, max: spec.workers + 2 }) : null;

/** The bench's bare loop: per step one transaction with UPDATE token, INSERT history, INSERT next task (`id` is the bare execution's number). */
async function bareStep(execution: number, step: number): Promise<void> {
  const client = await bare!.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE bare_tokens SET element = $2 WHERE execution = $1', [execution, `t${step + 1}`]);
    await client.query(`INSERT INTO bare_history (execution, action, element) VALUES ($1, 'task-completed', $2)`, [execution, `t${step}`]);
    await client.query('INSERT INTO bare_tasks (execution, element) VALUES ($1, $2)', [execution, `t${step + 1}`]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** The executions come with `go` (over IPC): as an argument, 2,000 of them pass Linux's 128 KiB limit on one (E2BIG). */
async function advance(executions: Execution[]): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: spec.workers }, async () => {
      while (next < executions.length) {
        const execution = executions[next++]!;
        let taskId = execution.task;
        for (let step = 0; step < spec.tasks; step++) {
          const started = performance.now();
          if (bareMode) {
            await bareStep(Number(execution.id), step);
            latencies.push(performance.now() - started);
            continue;
          }
          const result = await db.transaction(spec.tenantId, async (tx) => {
            const exec = (await lockExecution(tx, spec.tenantId, execution.id))!;
            return completeTask(running!.platform, tx, { tenantId: spec.tenantId, exec, taskId, byPersonId: spec.personId, variables: { [`paso_${step}`]: true } });
          });
          if (!result.moved) throw new Error('a step did not move');
          taskId = result.opened[0] ?? '';
          latencies.push(performance.now() - started);
        }
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies };
}

process.on('message', (message: { type?: string; executions?: Execution[] }) => {
  if (message.type !== 'go') return;
  void advance(message.executions ?? []).then(
    async (result) => {
      // the answer (thousands of latencies) must be written to the channel before the process exits
      await new Promise<void>((resolve, reject) => process.send!({ type: 'done', ...result }, undefined, {}, (error) => (error ? reject(error) : resolve())));
      await running?.close();
      await bare?.end();
      await db.close();
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send({ type: 'ready' });
