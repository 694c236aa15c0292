/**
 * Workflow task inbox ([P11 Workflow work]), PGlite, in one process over loopback: GET
 * /api/workflow-backend/v3/my-tasks/ for a person with 5,000 open user tasks among 1,000,000
 * (the others open or closed, assigned to 2,000 other people) against a bare route running the
 * same SQL as plain statements in one transaction: the inbox page
 * (open, assigned to the person, soonest due first, 1,000 rows) and the four reads that name
 * its tasks (elements, executions, versions, types, assignees). Target: ≥ 50% of the bare
 * route's throughput. Measured turn about (route, bare, route, …): the machine is shared.
 * Seeded set-based; only the person's tasks get elements (the inbox reads no one else's).
 */
import { sql } from 'drizzle-orm';
import { addMember, makeTenant, signIn, startProbeApp, startServer, type TestServer } from '../apps/server/test/harness.ts';
import type { App } from '../apps/server/src/platform/http/app.ts';
import { PUBLIC } from '../apps/server/src/platform/http/access.ts';
import { target, type Benchmark } from './lib/report.ts';

const TASKS = Number(process.env.BENCH_INBOX_TASKS ?? 1_000_000);
const MINE = Number(process.env.BENCH_INBOX_MINE ?? 5_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUTE = '/api/workflow-backend/v3/my-tasks/';

interface Run {
  rps: number;
  p50: number;
}
function summary(times: number[]): Run {
  const sorted = [...times].sort((a, b) => a - b);
  return { rps: times.length / (times.reduce((a, b) => a + b, 0) / 1000), p50: sorted[Math.floor(sorted.length / 2)]! };
}

type Rows<T = Record<string, unknown>> = { rows: T[] };
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** The bare route: the inbox's statements as plain SQL, rows as they come, one transaction. */
function bareRoute(server: TestServer, tenantId: string, personId: string) {
  return (app: App) => {
    app.get('/bench/bare-inbox', { config: { access: PUBLIC } }, async () =>
      server.running.platform.db.transaction(tenantId, async (tx) => {
        const tasks = (
          (await tx.execute(
            sql`SELECT * FROM workflow_user_tasks WHERE tenant_id = ${tenantId} AND is_open AND ${personId}::uuid = ANY(assignee_ids) ORDER BY due_at ASC NULLS LAST, created_at, id LIMIT 1000`,
          )) as unknown as Rows<{ id: string; execution_id: string; assignee_ids: string[] }>
        ).rows;
        const elements = ((await tx.execute(sql`SELECT * FROM workflow_elements WHERE tenant_id = ${tenantId} AND id = ANY(${uuidArray(tasks.map((t) => t.id))}::uuid[])`)) as unknown as Rows).rows;
        const execs = (
          (await tx.execute(
            sql`SELECT id, type_id, version_id FROM workflow_executions WHERE tenant_id = ${tenantId} AND id = ANY(${uuidArray([...new Set(tasks.map((t) => t.execution_id))])}::uuid[])`,
          )) as unknown as Rows<{ id: string; type_id: string; version_id: string }>
        ).rows;
        const versions = (
          (await tx.execute(
            sql`SELECT id, number FROM workflow_versions WHERE tenant_id = ${tenantId} AND id = ANY(${uuidArray([...new Set(execs.map((e) => e.version_id))])}::uuid[])`,
          )) as unknown as Rows
        ).rows;
        const types = (
          (await tx.execute(sql`SELECT id, name FROM workflow_types WHERE tenant_id = ${tenantId} AND id = ANY(${uuidArray([...new Set(execs.map((e) => e.type_id))])}::uuid[])`)) as unknown as Rows
        ).rows;
        const people = (
          (await tx.execute(
            sql`SELECT id, passport, name FROM persons WHERE tenant_id = ${tenantId} AND id = ANY(${uuidArray([...new Set(tasks.flatMap((t) => t.assignee_ids))])}::uuid[])`,
          )) as unknown as Rows
        ).rows;
        return { tasks, elements, execs, versions, types, people };
      }),
    );
  };
}

const bench: Benchmark = {
  title: `Workflow task inbox: ${MINE.toLocaleString('en')} open tasks among ${TASKS.toLocaleString('en')} vs the same SQL bare`,
  async run(ctx) {
    ctx.log('starting a PGlite server and seeding');
    const server = await startServer('pglite');
    try {
      const { platform } = server.running;
      const { tenant } = await makeTenant(server, 'bench');
      const worker = await addMember(server, tenant.id, { email: 'worker@bench.test', permissions: ['VIEW_WF'] });
      const seededAt = performance.now();
      await platform.db.transaction(tenant.id, async (tx) => {
        const t = tenant.id;
        const type = ((await tx.execute(sql`INSERT INTO workflow_types (tenant_id, name) VALUES (${t}, 'Solicitud de compra') RETURNING id`)) as unknown as Rows<{ id: string }>).rows[0]!.id;
        const version = (
          (await tx.execute(
            sql`INSERT INTO workflow_versions (tenant_id, type_id, number, is_active, is_published, bpmn_xml, graph) VALUES (${t}, ${type}, 1, true, true, '<definitions/>', '{}'::jsonb) RETURNING id`,
          )) as unknown as Rows<{ id: string }>
        ).rows[0]!.id;
        // 10,000 executions; 2,000 other assignees (ids only: the inbox names only the person's tasks' assignees)
        await tx.execute(sql`INSERT INTO workflow_executions (tenant_id, type_id, version_id, name) SELECT ${t}, ${type}, ${version}, 'Solicitud ' || g FROM generate_series(1, 10000) g`);
        await tx.execute(sql`CREATE TEMP TABLE bench_execs ON COMMIT DROP AS SELECT row_number() OVER () AS n, id FROM workflow_executions WHERE tenant_id = ${t}`);
        await tx.execute(sql`CREATE TEMP TABLE bench_others ON COMMIT DROP AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(0, 1999) g`);
        // the person's open tasks: every (TASKS / MINE)-th task; the others a third open
        const every = Math.floor(TASKS / MINE);
        await tx.execute(sql`
          INSERT INTO workflow_user_tasks (tenant_id, id, execution_id, assignee_ids, is_open, summary, due_at, created_at)
          SELECT ${t}, gen_random_uuid(), e.id,
                 CASE WHEN g % ${every} = 0 THEN ARRAY[${worker.personId}::uuid, o.id] ELSE ARRAY[o.id] END,
                 g % ${every} = 0 OR g % 3 = 0, 'Aprobar solicitud ' || g,
                 CASE WHEN g % 7 = 0 THEN NULL ELSE now() + ((g % 2000) - 500) * interval '1 hour' END,
                 now() - (g % 100000) * interval '1 minute'
          FROM generate_series(1, ${TASKS}) g
          JOIN bench_execs e ON e.n = 1 + g % 10000
          JOIN bench_others o ON o.n = g % 2000`);
        await tx.execute(sql`
          INSERT INTO workflow_elements (tenant_id, id, execution_id, bpmn_id, name, type)
          SELECT tenant_id, id, execution_id, 'Task_Aprobar', 'Aprobar', 'UserTask' FROM workflow_user_tasks WHERE tenant_id = ${t} AND ${worker.personId}::uuid = ANY(assignee_ids)`);
      });
      await platform.db.transaction(tenant.id, async (tx) => {
        for (const table of ['workflow_user_tasks', 'workflow_elements', 'workflow_executions']) await tx.execute(sql.raw(`ANALYZE ${table}`));
      });
      const mine = await platform.db.transaction(
        tenant.id,
        async (tx) =>
          (
            (await tx.execute(sql`SELECT count(*)::int AS n FROM workflow_user_tasks WHERE tenant_id = ${tenant.id} AND is_open AND ${worker.personId}::uuid = ANY(assignee_ids)`)) as unknown as Rows<{
              n: number;
            }>
          ).rows[0]!.n,
      );
      ctx.log(`seeded ${TASKS.toLocaleString('en')} tasks (${mine} open for the person) in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

      const token = (await signIn(server, 'bench', 'worker@bench.test', 'member-pass')).id_token;
      const probe = await startProbeApp(server, [bareRoute(server, tenant.id, worker.personId)]);
      try {
        const get = async (path: string, withToken: boolean) => {
          const response = await probe.api('bench', path, withToken ? { token } : {});
          const text = await response.text();
          if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
          return JSON.parse(text) as { results?: unknown[]; tasks?: unknown[] };
        };
        const first = await get(ROUTE, true);
        const bareFirst = await get('/bench/bare-inbox', false);
        if (first.results?.length !== bareFirst.tasks?.length) throw new Error(`the route answered ${first.results?.length} tasks, the bare route ${bareFirst.tasks?.length}`);
        for (let i = 0; i < 2; i++) {
          await get(ROUTE, true);
          await get('/bench/bare-inbox', false);
        }
        const routeTimes: number[] = [];
        const bareTimes: number[] = [];
        const end = performance.now() + SECONDS * 2 * 1000;
        while (performance.now() < end || routeTimes.length < 5) {
          let started = performance.now();
          await get(ROUTE, true);
          routeTimes.push(performance.now() - started);
          started = performance.now();
          await get('/bench/bare-inbox', false);
          bareTimes.push(performance.now() - started);
        }
        const route = summary(routeTimes);
        const bare = summary(bareTimes);
        const ratio = route.rps / bare.rps;
        ctx.data.results = { tasks: TASKS, mine, answered: first.results?.length, route, bare, ratio };
        ctx.table({
          title: `Workflow task inbox (PGlite, in process; ${mine.toLocaleString('en')} open tasks of the person among ${TASKS.toLocaleString('en')}; ${first.results?.length} answered)`,
          columns: ['measure', 'req/s', 'p50 ms', 'ratio'],
          rows: [
            ['GET /my-tasks/ (route)', route.rps, route.p50, ratio],
            ['bare route: the same statements, plain SQL', bare.rps, bare.p50, 1],
          ],
          notes: ['measured turn about (route, bare, …)', 'ratio: route throughput ÷ bare throughput'],
        });
        ctx.target(target(`task inbox (${MINE.toLocaleString('en')} of ${TASKS.toLocaleString('en')}) ≥ 50% of the same SQL bare`, ratio, 0.5, (r) => `${(r * 100).toFixed(0)}% of the bare route`));
      } finally {
        await probe.close();
      }
    } finally {
      await server.close();
    }
  },
};

export default bench;
