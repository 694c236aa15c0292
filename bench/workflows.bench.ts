/**
 * Workflow engine ([P10 Workflow engine], decision 021), PostgreSQL: N executions (default
 * 10,000) of a model with 5 user tasks in a row, each advanced task by task through the engine
 * (one transaction per step: lock the execution row, lock and delete the task's token, close the
 * task and its element record, walk to the next task: element record, user task, token, history
 * rows, variables) by C concurrent workers, against a bare loop doing the writes the issue names
 * (update the token row, insert the history row, insert the next task) in one transaction each on
 * a plain pg pool of the same size. Target: engine steps/s ≥ 25% of the bare loop's; p99 step
 * latency reported. Skipped with a line when no PostgreSQL is given.
 */
import pg from 'pg';
import { buildBpmnXml } from '@faena/domain/workflows/index';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { boot } from '../apps/server/src/platform/boot.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { createTenant } from '../apps/server/src/modules/tenants/index.ts';
import { findPersonByEmail } from '../apps/server/src/modules/people/index.ts';
import { completeTask, lockExecution, startExecution } from '../apps/server/src/modules/workflows/workflows.engine.ts';
import { parseModel } from '../apps/server/src/modules/workflows/workflows.service.ts';
import { workflowTypes, workflowVersionElements, workflowVersions } from '../apps/server/src/modules/workflows/workflows.table.ts';
import { fileURLToPath } from 'node:url';
import { forkServer } from './lib/child.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { percentile } from './lib/stats.ts';
import { pct, target, type Benchmark } from './lib/report.ts';

const EXECUTIONS = Number(process.env.BENCH_WF_EXECUTIONS ?? 10_000);
const TASKS = 5;
const WORKERS = Number(process.env.BENCH_WF_WORKERS ?? 8);
const POOL = WORKERS + 2;
/** Executions per server process in the one-process / two-process comparison (0: skip it). */
const SCALE_EXECUTIONS = Number(process.env.BENCH_WF_SCALE_EXECUTIONS ?? 2000);
const WORKER_ENTRY = fileURLToPath(new URL('./lib/workflows-worker.ts', import.meta.url));

async function inParallel<T>(items: readonly T[], workers: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const bench: Benchmark = {
  title: `workflow engine: ${EXECUTIONS.toLocaleString('en')} executions × ${TASKS} user tasks on PostgreSQL against a bare loop of the same writes`,
  async run(ctx) {
    const base = postgresBaseUrl();
    if (!base) {
      ctx.log(POSTGRES_SKIPPED);
      ctx.target(target('engine steps/s ≥ 25% of the bare loop (PostgreSQL)', null, 0.25, () => ''));
      return;
    }
    const database = await throwAwayDatabase(base, 'faena_bench_wf');
    const db = await openPostgres(database.url, { poolSize: POOL });
    const config = loadConfig({ PUBLIC_DOMAIN: 'app.localhost', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent-bench-data' });
    const running = await boot(config, { db, logger: false, seed: false });
    const bare = new pg.Pool({ connectionString: database.url, max: POOL });
    try {
      const platform = running.platform;
      const { tenant } = await createTenant(db, platform.bus, { subdomain: 'bench', name: 'Bench', adminEmail: 'admin@bench.test', adminPassword: 'secret-pass' });
      const admin = (await db.transaction(tenant.id, (tx) => findPersonByEmail(tx, tenant.id, 'admin@bench.test')))!;
      const nodes = [
        { id: 's', kind: 'start' as const },
        ...Array.from({ length: TASKS }, (_, i) => ({ id: `t${i}`, kind: 'userTask' as const, name: `Paso ${i + 1}`, notify: 'none' })),
        { id: 'e', kind: 'end' as const },
      ];
      const ids = nodes.map((n) => n.id);
      const xml = buildBpmnXml({ nodes, flows: ids.slice(1).map((to, i) => ({ id: `f${i}`, from: ids[i]!, to })) });
      const graph = await parseModel(xml);
      const { typeId, versionId } = await db.transaction(tenant.id, async (tx) => {
        const [type] = await tx.insert(workflowTypes).values({ tenantId: tenant.id, name: 'Bench' }).returning();
        const [version] = await tx
          .insert(workflowVersions)
          .values({ tenantId: tenant.id, typeId: type!.id, number: 1, isActive: true, isPublished: true, publishedAt: new Date(), bpmnXml: xml, graph })
          .returning();
        await tx.insert(workflowVersionElements).values(graph.nodes.map((n) => ({ tenantId: tenant.id, versionId: version!.id, bpmnId: n.id, type: n.type ?? 'undefined', name: n.name })));
        return { typeId: type!.id, versionId: version!.id };
      });

      ctx.log(`starting ${EXECUTIONS} executions`);
      const executions: { id: string; task: string }[] = [];
      const startT0 = performance.now();
      await inParallel(
        Array.from({ length: EXECUTIONS }, (_, i) => i),
        WORKERS,
        async () => {
          const exec = await db.transaction(tenant.id, (tx) =>
            startExecution(platform, tx, { tenantId: tenant.id, typeId, versionId, name: 'Bench', startedBy: admin.id, variables: {}, startId: 's' }),
          );
          executions.push({ id: exec.id, task: exec.opened[0]! });
        },
      );
      const startS = (performance.now() - startT0) / 1000;

      ctx.log(`advancing ${EXECUTIONS * TASKS} steps through the engine`);
      const latencies: number[] = [];
      const engineT0 = performance.now();
      await inParallel(executions, WORKERS, async (execution) => {
        let taskId = execution.task;
        for (let step = 0; step < TASKS; step++) {
          const t0 = performance.now();
          const result = await db.transaction(tenant.id, async (tx) => {
            const exec = (await lockExecution(tx, tenant.id, execution.id))!;
            return completeTask(platform, tx, { tenantId: tenant.id, exec, taskId, byPersonId: admin.id, variables: { [`paso_${step}`]: true } });
          });
          if (!result.moved) throw new Error('a step did not move');
          taskId = result.opened[0]!;
          latencies.push(performance.now() - t0);
        }
      });
      const engineS = (performance.now() - engineT0) / 1000;
      const [{ n: succeeded }] = (await bare.query(`SELECT count(*)::int AS n FROM workflow_executions WHERE status = 'Success'`)).rows as [{ n: number }];
      if (succeeded !== EXECUTIONS) throw new Error(`${succeeded} of ${EXECUTIONS} executions succeeded`);

      ctx.log('bare loop');
      await bare.query(`CREATE TABLE bare_tokens (id bigserial PRIMARY KEY, execution int NOT NULL, element text NOT NULL);
        CREATE TABLE bare_history (id bigserial PRIMARY KEY, execution int NOT NULL, at timestamptz NOT NULL DEFAULT now(), action text NOT NULL, element text NOT NULL);
        CREATE TABLE bare_tasks (id bigserial PRIMARY KEY, execution int NOT NULL, element text NOT NULL, open boolean NOT NULL DEFAULT true);
        INSERT INTO bare_tokens (execution, element) SELECT g, 't0' FROM generate_series(1, ${EXECUTIONS}) g;`);
      const bareLatencies: number[] = [];
      const bareT0 = performance.now();
      await inParallel(
        Array.from({ length: EXECUTIONS }, (_, i) => i + 1),
        WORKERS,
        async (execution) => {
          for (let step = 0; step < TASKS; step++) {
            const t0 = performance.now();
            const client = await bare.connect();
            try {
              await client.query('BEGIN');
              await client.query('UPDATE bare_tokens SET element = $2 WHERE execution = $1', [execution, `t${step + 1}`]);
              await client.query(`INSERT INTO bare_history (execution, action, element) VALUES ($1, 'task-completed', $2)`, [execution, `t${step}`]);
              await client.query('INSERT INTO bare_tasks (execution, element) VALUES ($1, $2)', [execution, `t${step + 1}`]);
              await client.query('COMMIT');
            } finally {
              client.release();
            }
            bareLatencies.push(performance.now() - t0);
          }
        },
      );
      const bareS = (performance.now() - bareT0) / 1000;

      // one engine process against two, each process with the same number of concurrent loops
      let scale: { one: number; two: number; bareOne: number; bareTwo: number } | null = null;
      if (SCALE_EXECUTIONS > 0) {
        ctx.log(`one process against two: ${3 * SCALE_EXECUTIONS} more executions`);
        const fresh: { id: string; task: string }[] = [];
        await inParallel(
          Array.from({ length: 3 * SCALE_EXECUTIONS }, (_, i) => i),
          WORKERS,
          async () => {
            const exec = await db.transaction(tenant.id, (tx) =>
              startExecution(platform, tx, { tenantId: tenant.id, typeId, versionId, name: 'Bench', startedBy: admin.id, variables: {}, startId: 's' }),
            );
            fresh.push({ id: exec.id, task: exec.opened[0]! });
          },
        );
        const runProcesses = async (groups: { id: string; task: string }[][], mode: 'engine' | 'bare' = 'engine'): Promise<number> => {
          const children = groups.map((executions, i) => ({
            executions,
            child: forkServer(WORKER_ENTRY, { url: database.url, tenantId: tenant.id, personId: admin.id, tasks: TASKS, workers: WORKERS, mode }, `workflows-${mode}-${groups.length}-${i}`),
          }));
          try {
            await Promise.all(children.map((c) => c.child.ask(null, 'ready')));
            const t0 = performance.now();
            await Promise.all(children.map((c) => c.child.ask<{ seconds: number }>({ type: 'go', executions: c.executions }, 'done', 900_000)));
            return (groups.flat().length * TASKS) / ((performance.now() - t0) / 1000);
          } finally {
            await Promise.all(children.map((c) => c.child.stop()));
          }
        };
        const one = await runProcesses([fresh.slice(0, SCALE_EXECUTIONS)]);
        const two = await runProcesses([fresh.slice(SCALE_EXECUTIONS, 2 * SCALE_EXECUTIONS), fresh.slice(2 * SCALE_EXECUTIONS)]);
        // the floor: the bare loop's own writes, one process against two, on the same machine and database
        await bare.query(`TRUNCATE bare_tokens, bare_history, bare_tasks; INSERT INTO bare_tokens (execution, element) SELECT g, 't0' FROM generate_series(1, ${3 * SCALE_EXECUTIONS}) g;`);
        const bareGroup = (from: number) => Array.from({ length: SCALE_EXECUTIONS }, (_, i) => ({ id: String(from + i), task: '' }));
        const bareOne = await runProcesses([bareGroup(1)], 'bare');
        const bareTwo = await runProcesses([bareGroup(1 + SCALE_EXECUTIONS), bareGroup(1 + 2 * SCALE_EXECUTIONS)], 'bare');
        scale = { one, two, bareOne, bareTwo };
      }

      const steps = EXECUTIONS * TASKS;
      const engineRate = steps / engineS;
      const bareRate = steps / bareS;
      const p = (values: number[], q: number) => Math.round(percentile(values, q) * 10) / 10;
      ctx.table({
        title: `${EXECUTIONS.toLocaleString('en')} executions × ${TASKS} user tasks, ${WORKERS} concurrent workers, PostgreSQL`,
        columns: ['loop', 'steps', 'seconds', 'steps/s', 'of bare', 'p50 ms', 'p99 ms'],
        rows: [
          ['engine (completeTask)', steps, Math.round(engineS * 10) / 10, Math.round(engineRate), pct(engineRate / bareRate), p(latencies, 50), p(latencies, 99)],
          ['bare loop (3 writes)', steps, Math.round(bareS * 10) / 10, Math.round(bareRate), '100.0%', p(bareLatencies, 50), p(bareLatencies, 99)],
        ],
        notes: [
          ...(scale
            ? [
                `processes: one engine process advanced ${SCALE_EXECUTIONS.toLocaleString('en')} executions at ${Math.round(scale.one)} steps/s; two processes, ${SCALE_EXECUTIONS.toLocaleString('en')} each, at ${Math.round(scale.two)} steps/s together (${(scale.two / scale.one).toFixed(2)}×), each process with ${WORKERS} concurrent loops and its own pool, on the same database server and machine.`,
                `floor: the bare loop in one process ran ${Math.round(scale.bareOne)} steps/s, in two processes ${Math.round(scale.bareTwo)} steps/s together (${(scale.bareTwo / scale.bareOne).toFixed(2)}×): what a second process can add on this machine to writes that cost nothing but the database's own work; the engine's scaling is ${((scale.two / scale.one / (scale.bareTwo / scale.bareOne)) * 100).toFixed(0)}% of the bare loop's.`,
              ]
            : []),
          `starting the ${EXECUTIONS.toLocaleString('en')} executions (start event → first task) took ${startS.toFixed(1)} s (${Math.round(EXECUTIONS / startS)}/s).`,
          "engine step: one tenant transaction (RLS role and tenant set) that locks the execution row, deletes the task's token (DELETE … RETURNING), closes the task and its element record, writes the history and the next task (element record, user task, token, history) and the variables; on the last task the end event and the status Success.",
          'bare loop: per step one transaction on a plain pg pool with UPDATE token, INSERT history, INSERT next task (no RLS, no locks beyond the row update).',
          'task notifications are off in the model (faena:notify="none"): the bare loop does not notify either.',
        ],
      });
      ctx.data.engine = { steps, seconds: engineS, p50: p(latencies, 50), p99: p(latencies, 99) };
      ctx.data.bare = { steps, seconds: bareS, p50: p(bareLatencies, 50), p99: p(bareLatencies, 99) };
      ctx.target(target('engine steps/s ≥ 25% of the bare loop (PostgreSQL)', engineRate / bareRate, 0.25, (m) => `${pct(m)} of the bare loop (target ≥ 25%)`));
      ctx.data.scale = scale;
      ctx.target(target('two engine processes ≥ 1.6× one (PostgreSQL)', scale ? scale.two / scale.one : null, 1.6, (m) => `${m.toFixed(2)}× one process (target ≥ 1.6×)`));
    } finally {
      await bare.end();
      await running.close();
      await db.close();
      await database.drop();
    }
  },
};

export default bench;
