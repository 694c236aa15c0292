/**
 * The home feed ([P12], decision 027), PGlite, one process over loopback: a person responsible for
 * 1,000 activities (one-off, over the last 14 days and today: most overdue), assigned 200 open
 * workflow tasks, in an organisation with 500 published posts (one in five asking for
 * "Leído y entendido", one in three already read). GET /api/home/v3/feed/ against a bare route
 * that runs the same reads with plain SQL (the same recurrence expansion for the activities) and
 * answers them as JSON, no faces, no views. Target: the feed ≥ 50% of the bare route's throughput.
 * Measured turn about (a, b, a, b, …): the machine is shared.
 */
import { sql } from 'drizzle-orm';
import { expand } from '@faena/domain/activities/index';
import { addMember, makeTenant, signIn, startProbeApp, startServer } from '../apps/server/test/harness.ts';
import { createForm, publishModel, WF } from '../apps/server/test/workflows.helpers.ts';
import type { App } from '../apps/server/src/platform/http/app.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { PUBLIC } from '../apps/server/src/platform/http/access.ts';
import { insertActivity, setResponsibles } from '../apps/server/src/modules/activities/activities.repository.ts';
import { insertPost } from '../apps/server/src/modules/posts/posts.repository.ts';
import { target, type Benchmark } from './lib/report.ts';

const ACTIVITIES = Number(process.env.BENCH_HOME_ACTIVITIES ?? 1000);
const TASKS = Number(process.env.BENCH_HOME_TASKS ?? 200);
const POSTS = Number(process.env.BENCH_HOME_POSTS ?? 500);
const SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const DAY = 86_400_000;

interface Run {
  rps: number;
  p50: number;
  bytes: number;
}

function summary(times: number[], bytes: number): Run {
  const sorted = [...times].sort((a, b) => a - b);
  return { rps: times.length / (times.reduce((a, b) => a + b, 0) / 1000), p50: sorted[Math.floor(sorted.length / 2)]!, bytes };
}

async function paired(a: () => Promise<number>, b: () => Promise<number>, seconds: number): Promise<{ a: Run; b: Run }> {
  for (let i = 0; i < 2; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  let ba = 0;
  let bb = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end || ta.length < 5) {
    let started = performance.now();
    ba = await a();
    ta.push(performance.now() - started);
    started = performance.now();
    bb = await b();
    tb.push(performance.now() - started);
  }
  return { a: summary(ta, ba), b: summary(tb, bb) };
}

function fetched(call: () => Promise<Response>): () => Promise<number> {
  return async () => {
    const response = await call();
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    return body.byteLength;
  };
}

const utcWall = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** The same reads as the feed, in plain SQL: the person's activities of the window expanded, open tasks, the posts' first page. */
function bareRoute(tenantId: string, personId: string, db: Database) {
  return (app: App) => {
    app.get('/bench/bare-home', { config: { access: PUBLIC } }, async () => {
      const now = Date.now();
      const today = Math.floor(now / DAY) * DAY;
      const fromMs = today - 14 * DAY;
      const toMs = today + DAY;
      const read = <T>(query: ReturnType<typeof sql>) => db.transaction(tenantId, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);
      const activities = await read<{
        id: string;
        start: string;
        timezone: string;
        rrule: string | null;
        rdates: string[];
        exdates: string[];
        duration_minutes: number;
        title: string;
        priority: number;
      }>(
        sql`SELECT a.id, a.start, a.timezone, a.rrule, a.rdates, a.exdates, a.duration_minutes, a.title, a.priority FROM activities a JOIN activity_responsibles r ON r.tenant_id = a.tenant_id AND r.activity_id = a.id
            WHERE a.tenant_id = ${tenantId} AND r.person_id = ${personId} AND a.first_start_at < ${new Date(toMs)} AND (a.last_start_at IS NULL OR a.last_start_at >= ${new Date(fromMs)})`,
      );
      const done = new Set(
        (
          await read<{ key: string }>(
            sql`SELECT activity_id || '/' || recurrence_id AS key FROM activity_completions WHERE tenant_id = ${tenantId} AND activity_id IN (SELECT activity_id FROM activity_responsibles WHERE tenant_id = ${tenantId} AND person_id = ${personId})`,
          )
        ).map((r) => r.key),
      );
      const overdue = [];
      const todays = [];
      for (const row of activities) {
        for (const o of expand({ start: row.start, timezone: row.timezone, rrule: row.rrule, rdates: row.rdates, exdates: row.exdates }, fromMs, toMs)) {
          const key = `${row.id}/${o.recurrenceId}`;
          if (done.has(key)) continue;
          const item = { id: key, title: row.title, priority: row.priority, start: o.startMs };
          if (o.startMs + row.duration_minutes * 60_000 < now) overdue.push(item);
          else if (o.startMs >= today) todays.push(item);
        }
      }
      const tasks = await read(
        sql`SELECT t.id, t.summary, t.due_at, t.created_at, t.execution_id, e.type_id, e.version_id, wt.name AS type_name FROM workflow_user_tasks t
            JOIN workflow_executions e ON e.tenant_id = t.tenant_id AND e.id = t.execution_id JOIN workflow_types wt ON wt.tenant_id = e.tenant_id AND wt.id = e.type_id
            WHERE t.tenant_id = ${tenantId} AND t.is_open AND ${personId}::uuid = ANY(t.assignee_ids) ORDER BY t.due_at NULLS LAST, t.created_at LIMIT 1000`,
      );
      const posts = await read(
        sql`SELECT p.id, p.title, p.excerpt, p.requires_ack, p.is_pinned, p.publish_at, r.read_at, r.acknowledged_at FROM posts p
            LEFT JOIN post_recipients r ON r.tenant_id = p.tenant_id AND r.post_id = p.id AND r.person_id = ${personId}
            WHERE p.tenant_id = ${tenantId} AND p.status = 'published' AND p.publish_at <= now() AND (p.expires_at IS NULL OR p.expires_at > now()) AND p.audience_id IS NULL
            ORDER BY (p.requires_ack AND r.acknowledged_at IS NULL) DESC, (r.read_at IS NULL) DESC, p.publish_at DESC LIMIT 50`,
      );
      return {
        activities: { overdue: overdue.slice(0, 10), today: todays.slice(0, 10), count: overdue.length + todays.length },
        tasks: { results: tasks.slice(0, 10), count: tasks.length },
        posts: posts.slice(0, 5),
      };
    });
  };
}

const bench: Benchmark = {
  title: `Home feed: ${ACTIVITIES} activities, ${TASKS} tasks, ${POSTS} posts — the feed vs the same reads run bare`,
  async run(ctx) {
    ctx.log('starting a PGlite server and seeding');
    const server = await startServer('pglite');
    try {
      const { tenant } = await makeTenant(server, 'bench');
      const worker = await addMember(server, tenant.id, { email: 'worker@bench.test', permissions: ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_WF'] });
      const admin = (await signIn(server, 'bench', 'admin@bench.test', 'secret-pass')).id_token;
      const now = Date.now();
      const seededAt = performance.now();
      await server.running.platform.db.transaction(tenant.id, async (tx) => {
        for (let i = 0; i < ACTIVITIES; i++) {
          // spread over the last 14 days and today, a quarter of them today
          const startMs = i % 4 === 0 ? Math.floor(now / DAY) * DAY + (i % 20) * 3_600_000 : now - (1 + (i % 13)) * DAY - (i % 10) * 3_600_000;
          const row = await insertActivity(tx, tenant.id, {
            title: `Actividad ${i + 1}`,
            description: '',
            formId: null,
            venueId: null,
            locationId: null,
            audienceId: null,
            priority: 2 + (i % 7),
            start: utcWall(startMs),
            timezone: 'UTC',
            durationMinutes: 30,
            rrule: null,
            rdates: [],
            exdates: [],
            reminders: [],
            seriesGroup: crypto.randomUUID(),
            relatedTo: null,
            firstStartAt: new Date(Date.parse(`${utcWall(startMs)}:00Z`)),
            lastStartAt: new Date(Date.parse(`${utcWall(startMs)}:00Z`)),
            createdByPersonId: worker.personId,
          });
          await setResponsibles(tx, tenant.id, row.id, [worker.personId]);
        }
        for (let i = 0; i < POSTS; i++) {
          const post = await insertPost(tx, {
            tenantId: tenant.id,
            title: `Comunicado ${i + 1}`,
            body: '<p>Texto</p>',
            excerpt: 'Texto',
            status: 'published',
            publishAt: new Date(now - (i + 1) * 3_600_000),
            requiresAck: i % 5 === 0,
            deliveredAt: new Date(now - i * 3_600_000),
          });
          if (i % 3 === 0) await tx.execute(sql`INSERT INTO post_recipients (tenant_id, post_id, person_id, notified_at, read_at) VALUES (${tenant.id}, ${post.id}, ${worker.personId}, now(), now())`);
        }
      });
      const form = await createForm(server.api, 'bench', admin, 'Revisión', [{ type: 'boolean', name: 'ok', label: 'OK', required: true }]);
      const { versionId } = await publishModel(
        server.api,
        'bench',
        admin,
        'Revisión de bodega',
        [
          { id: 's', kind: 'start' },
          { id: 't', kind: 'userTask', name: 'Revisar', formId: form, assigneeType: 'people', assignees: worker.passport, dueIn: 'P1D' },
          { id: 'e', kind: 'end' },
        ],
        [
          { id: 'f1', from: 's', to: 't' },
          { id: 'f2', from: 't', to: 'e' },
        ],
      );
      for (let i = 0; i < TASKS; i++) {
        const started = await server.api('bench', `${WF}/versions/${versionId}/executions/`, { method: 'POST', token: admin, json: {} });
        if (started.status !== 201) throw new Error(`execution: ${started.status} ${await started.text()}`);
      }
      ctx.log(`seeded ${ACTIVITIES} activities, ${POSTS} posts and ${TASKS} tasks in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

      const token = (await signIn(server, 'bench', 'worker@bench.test', 'member-pass')).id_token;
      const probe = await startProbeApp(server, [bareRoute(tenant.id, worker.personId, server.running.platform.db)]);
      try {
        const check = (await (await probe.api('bench', '/api/home/v3/feed/?tz=UTC', { token })).json()) as { activities: { count: number }; tasks: { count: number }; posts: { results: unknown[] } };
        const bareCheck = (await (await probe.api('bench', '/bench/bare-home')).json()) as { activities: { count: number }; tasks: { count: number } };
        ctx.log(
          `feed: ${check.activities.count} activities, ${check.tasks.count} tasks, ${check.posts.results.length} posts; bare: ${bareCheck.activities.count} activities, ${bareCheck.tasks.count} tasks`,
        );
        if (check.tasks.count !== TASKS || bareCheck.tasks.count !== TASKS) throw new Error('the feed and the bare route must see every task');
        const { a: feed, b: bare } = await paired(
          fetched(() => probe.api('bench', '/api/home/v3/feed/?tz=UTC', { token })),
          fetched(() => probe.api('bench', '/bench/bare-home')),
          SECONDS,
        );
        const ratio = feed.rps / bare.rps;
        ctx.table({
          title: 'Home feed vs the same reads run bare (PGlite, loopback HTTP)',
          columns: ['route', 'req/s', 'p50 ms', 'bytes'],
          rows: [
            ['GET /api/home/v3/feed/', feed.rps, feed.p50, feed.bytes],
            ['bare SQL route', bare.rps, bare.p50, bare.bytes],
            ['feed ÷ bare', ratio, null, null],
          ],
          notes: [`${ACTIVITIES} activities (${check.activities.count} in the feed's window, overdue or today), ${TASKS} open tasks, ${POSTS} posts; ${SECONDS} s turn about.`],
        });
        ctx.data.home = { feed, bare, ratio };
        ctx.target(target('home feed ≥ 50% of the bare reads', ratio, 0.5, (m) => `${(m * 100).toFixed(1)}% of bare (target ≥ 50%)`));
      } finally {
        await probe.close();
      }
    } finally {
      await server.close();
    }
  },
};

export default bench;
