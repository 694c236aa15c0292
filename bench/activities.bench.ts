/**
 * Activities ([P8 Activities], decision 020), three ratios measured in the same run, PGlite, in one
 * process over loopback:
 * 1. listing one month for a person responsible for 1,000 series (10% with exceptions,
 *    completions on half the past occurrences) through GET /occurrences/, against a bare route
 *    that reads the same rows with plain SQL and expands them with the same recurrence code
 *    (target ≥ 50% of its throughput);
 * 2. next month of 200 daily series that started 10 years ago against 200 that started last week,
 *    through the same route (target ≤ 1.5×: expansion never walks from the first occurrence);
 * 3. the .ics feed of those 1,000 series against serialising the same events with ical.js alone
 *    (target ≥ 50% of its throughput); the baseline builds the events as an ical.js component
 *    tree (lib/ical-events.ts, the feed's former writer) and serialises them, in process.
 * Each pair is measured turn about (a, b, a, b, …): the machine is shared.
 */
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { formatRecurrenceId } from '@faena/domain';
import { expand } from '@faena/domain/activities/index';
import { addMember, makeTenant, signIn, startProbeApp, startServer, type TestServer } from '../apps/server/test/harness.ts';
import type { App } from '../apps/server/src/platform/http/app.ts';
import { PUBLIC } from '../apps/server/src/platform/http/access.ts';
import { addHistory, insertActivity, insertCompletion, setResponsibles, upsertException } from '../apps/server/src/modules/activities/activities.repository.ts';
import { libraryEvents } from './lib/ical-events.ts';
import { seriesBounds, type Recurrence } from '@faena/domain/activities/index';
import { target, type Benchmark } from './lib/report.ts';

const SERIES = Number(process.env.BENCH_ACTIVITY_SERIES ?? 1000);
const LONG = Number(process.env.BENCH_ACTIVITY_LONG ?? 200);
const SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const TZ = 'America/Santiago';
const DAY = 86_400_000;

interface Row {
  id: string;
  start: string;
  timezone: string;
  rrule: string | null;
  rdates: string[];
  exdates: string[];
  duration_minutes: number;
  title: string;
  priority: number;
}

interface Run {
  rps: number;
  p50: number;
  bytes: number | null;
}

function summary(times: number[], bytes: number | null): Run {
  const sorted = [...times].sort((a, b) => a - b);
  return { rps: times.length / (times.reduce((a, b) => a + b, 0) / 1000), p50: sorted[Math.floor(sorted.length / 2)]!, bytes };
}

/**
 * Two measures taken turn about for `seconds` (a, b, a, b, …), so load from elsewhere on the
 * machine falls on both alike; each side is either a request or an in-process call.
 */
async function paired(a: () => Promise<number | null>, b: () => Promise<number | null>, seconds: number): Promise<{ a: Run; b: Run }> {
  for (let i = 0; i < 2; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  let ba: number | null = null;
  let bb: number | null = null;
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

/** A request whose answer must be 200; resolves to its size in bytes. */
function fetched(call: () => Promise<Response>): () => Promise<number> {
  return async () => {
    const response = await call();
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    return body.byteLength;
  };
}

function wallOf(ms: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(ms))
    .replace(' ', 'T');
}

async function seed(
  server: TestServer,
  tenantId: string,
  personId: string,
  rows: { title: string; start: string; rrule: string; withException: boolean; completeHalfPast: boolean }[],
): Promise<string[]> {
  const ids: string[] = [];
  const now = Date.now();
  await server.running.platform.db.transaction(tenantId, async (tx) => {
    for (const input of rows) {
      const recurrence: Recurrence = { start: input.start, timezone: TZ, rrule: input.rrule, rdates: [], exdates: [] };
      const bounds = seriesBounds(recurrence);
      const row = await insertActivity(tx, tenantId, {
        title: input.title,
        description: '<p>Revisar el área y registrar novedades.</p>',
        formId: null,
        venueId: null,
        locationId: null,
        audienceId: null,
        priority: 2 + (ids.length % 7),
        start: input.start,
        timezone: TZ,
        durationMinutes: 30,
        rrule: input.rrule,
        rdates: [],
        exdates: [],
        reminders: [],
        seriesGroup: crypto.randomUUID(),
        relatedTo: null,
        firstStartAt: new Date(bounds.first!),
        lastStartAt: bounds.last === null ? null : new Date(bounds.last),
        createdByPersonId: personId,
      });
      ids.push(row.id);
      await setResponsibles(tx, tenantId, row.id, [personId]);
      await addHistory(tx, tenantId, { activityId: row.id, personId, action: 'created' });
      const recent = expand(recurrence, now - 31 * DAY, now + 31 * DAY);
      if (input.withException && recent.length > 2) {
        const moved = recent[recent.length - 2]!;
        await upsertException(tx, tenantId, {
          activityId: row.id,
          recurrenceId: moved.recurrenceId,
          start: wallOf(moved.startMs + 3_600_000),
          startAt: new Date(moved.startMs + 3_600_000),
          durationMinutes: 45,
          title: `${input.title} (movida)`,
          priority: 3,
          responsibles: null,
          cancelled: false,
        });
      }
      if (input.completeHalfPast) {
        for (const [i, o] of recent.filter((x) => x.startMs < now).entries()) {
          if (i % 2 === 0)
            await insertCompletion(tx, tenantId, {
              activityId: row.id,
              recurrenceId: o.recurrenceId,
              status: 'COMPLETED',
              completedAt: new Date(o.startMs + 600_000),
              description: null,
              personId,
              responseId: null,
            });
        }
      }
    }
  });
  return ids;
}

/** The bare route: the same rows by plain SQL, expanded by the same code, as a flat JSON list. */
function bareRoute(server: TestServer, tenantId: string, personId: string) {
  return (app: App) => {
    app.get('/bench/bare-occurrences', { config: { access: PUBLIC } }, async (request) => {
      const { from, to } = request.query as { from: string; to: string };
      const fromMs = Date.parse(from);
      const toMs = Date.parse(to);
      return server.running.platform.db.transaction(tenantId, async (tx) => {
        const rows = (
          (await tx.execute(
            sql`SELECT a.id, a.start, a.timezone, a.rrule, a.rdates, a.exdates, a.duration_minutes, a.title, a.priority FROM activities a JOIN activity_responsibles r ON r.tenant_id = a.tenant_id AND r.activity_id = a.id
              WHERE a.tenant_id = ${tenantId} AND r.person_id = ${personId} AND a.first_start_at < ${new Date(toMs)} AND (a.last_start_at IS NULL OR a.last_start_at >= ${new Date(fromMs)})`,
          )) as unknown as { rows: Row[] }
        ).rows;
        const ids = rows.map((r) => r.id);
        const fromId = formatRecurrenceId(fromMs);
        const toId = formatRecurrenceId(toMs);
        const exceptions = (
          (await tx.execute(
            sql`SELECT activity_id, recurrence_id, start_at, title FROM activity_exceptions WHERE tenant_id = ${tenantId} AND activity_id = ANY(${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(',') || "'00000000-0000-0000-0000-000000000000'"}]::uuid[]`)}) AND recurrence_id >= ${fromId} AND recurrence_id < ${toId}`,
          )) as unknown as { rows: { activity_id: string; recurrence_id: string; title: string | null }[] }
        ).rows;
        const completions = (
          (await tx.execute(
            sql`SELECT activity_id, recurrence_id, status FROM activity_completions WHERE tenant_id = ${tenantId} AND activity_id = ANY(${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(',') || "'00000000-0000-0000-0000-000000000000'"}]::uuid[]`)}) AND recurrence_id >= ${fromId} AND recurrence_id < ${toId}`,
          )) as unknown as { rows: { activity_id: string; recurrence_id: string; status: string }[] }
        ).rows;
        const ex = new Map(exceptions.map((e) => [`${e.activity_id}/${e.recurrence_id}`, e]));
        const done = new Map(completions.map((c) => [`${c.activity_id}/${c.recurrence_id}`, c.status]));
        const results = [];
        for (const row of rows) {
          for (const o of expand({ start: row.start, timezone: row.timezone, rrule: row.rrule, rdates: row.rdates, exdates: row.exdates }, fromMs, toMs)) {
            const key = `${row.id}/${o.recurrenceId}`;
            results.push({ id: key, title: ex.get(key)?.title ?? row.title, priority: row.priority, start: o.startMs, status: done.get(key) ?? null });
          }
        }
        return { results };
      });
    });
  };
}

const bench: Benchmark = {
  title: 'Activities: month listing vs a bare route, 10-year-old vs new daily series, .ics feed vs ical.js alone',
  async run(ctx) {
    ctx.log('starting a PGlite server and seeding');
    const server = await startServer('pglite');
    try {
      const { tenant } = await makeTenant(server, 'bench');
      const planner = await addMember(server, tenant.id, { email: 'planner@bench.test', permissions: ['VIEW_TASKS'] });
      const oldie = await addMember(server, tenant.id, { email: 'old@bench.test', permissions: ['VIEW_TASKS'] });
      const newbie = await addMember(server, tenant.id, { email: 'new@bench.test', permissions: ['VIEW_TASKS'] });
      const now = Date.now();
      const today = wallOf(now).slice(0, 10);
      const shapes = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'FREQ=MONTHLY;BYMONTHDAY=15'];
      const seededAt = performance.now();
      await seed(
        server,
        tenant.id,
        planner.personId,
        Array.from({ length: SERIES }, (_, i) => ({
          title: `Serie ${i + 1}`,
          start: `${wallOf(now - (30 + (i % 300)) * DAY).slice(0, 10)}T${String(7 + (i % 10)).padStart(2, '0')}:00`,
          rrule: shapes[i % shapes.length]!,
          withException: i % 10 === 0,
          completeHalfPast: true,
        })),
      );
      await seed(
        server,
        tenant.id,
        oldie.personId,
        Array.from({ length: LONG }, (_, i) => ({
          title: `Antigua ${i}`,
          start: `${wallOf(now - 3652 * DAY).slice(0, 10)}T08:00`,
          rrule: 'FREQ=DAILY',
          withException: false,
          completeHalfPast: false,
        })),
      );
      await seed(
        server,
        tenant.id,
        newbie.personId,
        Array.from({ length: LONG }, (_, i) => ({ title: `Nueva ${i}`, start: `${wallOf(now - 7 * DAY).slice(0, 10)}T08:00`, rrule: 'FREQ=DAILY', withException: false, completeHalfPast: false })),
      );
      ctx.log(`seeded ${SERIES + 2 * LONG} series in ${((performance.now() - seededAt) / 1000).toFixed(1)} s (today ${today})`);

      const token = (email: string) => signIn(server, 'bench', email, 'member-pass').then((s) => s.id_token);
      const plannerToken = await token('planner@bench.test');
      const probe = await startProbeApp(server, [bareRoute(server, tenant.id, planner.personId)]);
      try {
        const from = new Date(now - 15 * DAY).toISOString();
        const to = new Date(now + 15 * DAY).toISOString();
        const q = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
        ctx.log('1. month listing: route vs bare, turn about');
        const list = await paired(
          fetched(() => probe.api('bench', `/api/activities/v3/occurrences/?${q}`, { token: plannerToken })),
          fetched(() => probe.api('bench', `/bench/bare-occurrences?${q}`)),
          SECONDS,
        );
        const routed = list.a;
        const bare = list.b;
        const listRatio = routed.rps / bare.rps;

        ctx.log('2. next month: 10-year-old daily series vs last week’s, turn about');
        const nextFrom = new Date(now + 15 * DAY).toISOString();
        const nextTo = new Date(now + 45 * DAY).toISOString();
        const nq = `from=${encodeURIComponent(nextFrom)}&to=${encodeURIComponent(nextTo)}`;
        const oldToken = await token('old@bench.test');
        const newToken = await token('new@bench.test');
        const ages = await paired(
          fetched(() => probe.api('bench', `/api/activities/v3/occurrences/?${nq}`, { token: oldToken })),
          fetched(() => probe.api('bench', `/api/activities/v3/occurrences/?${nq}`, { token: newToken })),
          SECONDS,
        );
        const oldList = ages.a;
        const newList = ages.b;
        /** time of the old ÷ time of the new */
        const ageRatio = newList.rps / oldList.rps;

        ctx.log('3. .ics feed vs ical.js alone, turn about');
        const feed = (await (await probe.api('bench', '/api/activities/v3/calendar-feed/', { token: plannerToken })).json()) as { url: string };
        const feedPath = new URL(feed.url).pathname;
        const rows = await server.running.platform.db.transaction(tenant.id, (tx) =>
          tx.execute(
            sql`SELECT a.* FROM activities a JOIN activity_responsibles r ON r.tenant_id = a.tenant_id AND r.activity_id = a.id WHERE a.tenant_id = ${tenant.id} AND r.person_id = ${planner.personId}`,
          ),
        );
        const exceptions = await server.running.platform.db.transaction(tenant.id, (tx) => tx.execute(sql`SELECT * FROM activity_exceptions WHERE tenant_id = ${tenant.id}`));
        const raw = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
        const rawExceptions = (exceptions as unknown as { rows: Record<string, unknown>[] }).rows;
        // the same events, built and serialised by ical.js alone (no database, no HTTP, no VTIMEZONE, no refolding)
        const library = async () => {
          const calendar = new ICAL.Component('vcalendar');
          calendar.addPropertyWithValue('prodid', '-//bench//');
          calendar.addPropertyWithValue('version', '2.0');
          for (const r of raw) {
            const row = {
              id: r.id,
              title: r.title,
              description: r.description,
              priority: r.priority,
              start: r.start,
              timezone: r.timezone,
              durationMinutes: r.duration_minutes,
              rrule: r.rrule,
              rdates: r.rdates,
              exdates: r.exdates,
              relatedTo: null,
              updatedAt: new Date(String(r.updated_at)),
            } as never;
            const own = rawExceptions
              .filter((e) => e.activity_id === r.id)
              .map((e) => ({
                recurrenceId: e.recurrence_id,
                start: e.start,
                startAt: e.start_at,
                durationMinutes: e.duration_minutes,
                title: e.title,
                priority: e.priority,
                responsibles: null,
                cancelled: e.cancelled,
                updatedAt: new Date(),
              })) as never[];
            for (const event of libraryEvents({ row, exceptions: own, categories: [], location: null })) calendar.addSubcomponent(event);
          }
          return calendar.toString().length;
        };
        const feeds = await paired(
          fetched(() => probe.api('bench', feedPath)),
          library,
          SECONDS,
        );
        const feedRun = feeds.a;
        const lib = feeds.b;
        const feedRatio = feedRun.rps / lib.rps;

        ctx.data.results = { routed, bare, oldList, newList, feedRun, lib, listRatio, ageRatio, feedRatio };
        ctx.table({
          title: `Activities (${SERIES} series for one person; ${LONG} daily series per age; sequential requests for ${SECONDS} s each)`,
          columns: ['measure', 'req/s', 'p50 ms', 'bytes', 'ratio'],
          rows: [
            ['GET /occurrences/ one month (route)', routed.rps, routed.p50, routed.bytes, listRatio],
            ['bare route: same rows, same expansion', bare.rps, bare.p50, bare.bytes, 1],
            [`next month, ${LONG} daily series from 10 years ago`, oldList.rps, oldList.p50, oldList.bytes, ageRatio],
            [`next month, ${LONG} daily series from last week`, newList.rps, newList.p50, newList.bytes, 1],
            [`.ics feed of ${SERIES} series (route)`, feedRun.rps, feedRun.p50, feedRun.bytes, feedRatio],
            ['ical.js alone: same events serialised', lib.rps, lib.p50, null, 1],
          ],
          notes: [
            'each pair measured turn about (a, b, a, b, …) so outside load falls on both alike',
            'ratio of the listing and the feed: route throughput ÷ baseline throughput; of the age: old time ÷ new time',
          ],
        });
        ctx.target(target('month listing ≥ 50% of the bare route', listRatio, 0.5, (r) => `${(r * 100).toFixed(0)}% of the bare route`));
        ctx.target(target('10-year-old daily series within 1.5× of last week’s', ageRatio, 1.5, (r) => `${r.toFixed(2)}× (target ≤ 1.5×)`, false));
        ctx.target(target('.ics feed ≥ 50% of ical.js alone', feedRatio, 0.5, (r) => `${(r * 100).toFixed(0)}% of ical.js alone`));
      } finally {
        await probe.close();
      }
    } finally {
      await server.close();
    }
  },
};

export default bench;
