import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sendReminder, sweepReminders } from '../src/modules/activities/index.ts';
import { holdFiles, insertStoredFile } from '../src/modules/documents/index.ts';
import { addMember, body, DEMO_PASSWORD, engines, makeTenant, seededDemo, signIn, startServer, type TestServer } from './harness.ts';

const A = '/api/activities/v3';
const INBOX = '/api/notifications-engine/v3/notifications/inbox';
const MAX_TRIES = 'max tries have occurred, rule may be impossible to fulfill.';

interface Activity {
  public_id: string;
  priority: number;
  rrule: string | null;
  timezone: string;
  related_to: string | null;
  series_group: string;
  responsibles: { passport: string; name: string }[];
  exceptions?: { recurrence_id: string; cancelled: boolean; start?: string }[];
}
interface Occurrence {
  id: string;
  public_id: string;
  recurrenceId: string;
  title: string;
  priority: number;
  startDate: string;
  dueDate: string;
  status: string;
  raw_status: string | null;
  is_exception: boolean;
  completion: { id: string; status: string; response_id: string | null } | null;
  responsible: { passport: string }[];
}

describe.each(engines())('activities on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let operario: string;
  let operarioPassport: string;
  let operarioPersonId: string;
  let otro: string;
  let otroPassport: string;
  let norte: string;

  const post = (path: string, json: unknown, token = admin) => server.api('acme', `${A}${path}`, { method: 'POST', token, json });
  const get = (path: string, token = admin) => server.api('acme', `${A}${path}`, { token });
  const create = async (json: Record<string, unknown>) => {
    const response = await post('/activities/', { title: 'Ronda', duration_minutes: 30, timezone: 'America/Santiago', ...json });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return body<Activity>(response);
  };
  const occurrences = async (from: string, to: string, token = operario, extra = '') =>
    body<{ results: Occurrence[] }>(await get(`/occurrences/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`, token));
  const seriesCount = async () => (await body<{ count: number }>(await get('/activities/'))).count;

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    tenantId = tenant.id;
    await makeTenant(server, 'norte');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const op = await addMember(server, tenant.id, { email: 'operario@acme.test', name: 'Operario Uno', permissions: ['VIEW_TASKS', 'VIEW_NOTIFICATIONS'] });
    operarioPassport = op.passport;
    operarioPersonId = op.personId;
    operario = (await signIn(server, 'acme', 'operario@acme.test', 'member-pass')).id_token;
    const o2 = await addMember(server, tenant.id, { email: 'otro@acme.test', name: 'Otro Operario', permissions: ['VIEW_TASKS'] });
    otroPassport = o2.passport;
    otro = (await signIn(server, 'acme', 'otro@acme.test', 'member-pass')).id_token;
    norte = (await signIn(server, 'norte', 'admin@norte.test', 'secret-pass')).id_token;
  });
  afterAll(() => server?.close());

  it('creating needs MANAGE_TASKS; a weekly series keeps 09:00 local across the Chilean change', async () => {
    expect((await post('/activities/', { title: 'X', start: '2026-03-23T09:00', duration_minutes: 10 }, operario)).status).toBe(403);
    const weekly = await create({ title: 'Ronda semanal', start: '2026-03-23T09:00', rrule: 'FREQ=WEEKLY;BYDAY=MO', responsibles: [operarioPassport], priority: 4 });
    expect(weekly).toMatchObject({ priority: 4, rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'America/Santiago', related_to: null });
    const list = await occurrences('2026-03-23T00:00:00Z', '2026-04-14T00:00:00Z');
    expect(list.results.filter((o) => o.public_id === weekly.public_id).map((o) => o.startDate)).toEqual([
      '2026-03-23T09:00:00-03:00',
      '2026-03-30T09:00:00-03:00',
      '2026-04-06T09:00:00-04:00',
      '2026-04-13T09:00:00-04:00',
    ]);
    const first = list.results.find((o) => o.public_id === weekly.public_id)!;
    expect(first).toMatchObject({
      id: `${weekly.public_id}/20260323T120000Z`,
      recurrenceId: '20260323T120000Z',
      dueDate: '2026-03-23T09:30:00-03:00',
      raw_status: 'NEEDS-ACTION',
      status: 'EXPIRED',
      priority: 4,
    });
  });

  it('reads 00:30 on the night Chile skips midnight as 01:30 (the offset before the change)', async () => {
    const daily = await create({ title: 'Medianoche', start: '2026-09-04T00:30', rrule: 'FREQ=DAILY;COUNT=4', responsibles: [operarioPassport] });
    const list = await occurrences('2026-09-04T00:00:00Z', '2026-09-09T00:00:00Z');
    expect(list.results.filter((o) => o.public_id === daily.public_id).map((o) => o.startDate)).toEqual([
      '2026-09-04T00:30:00-04:00',
      '2026-09-05T00:30:00-04:00',
      '2026-09-06T01:30:00-03:00',
      '2026-09-07T00:30:00-03:00',
    ]);
  });

  it('refuses bad input with a coded error and stores nothing', async () => {
    const before = await seriesCount();
    const noStart = await post('/activities/', { title: 'Sin inicio', duration_minutes: 10 });
    expect(noStart.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(noStart)).errors.start).toBeDefined();
    const impossible = await post('/activities/', { title: 'Imposible', start: '2026-01-15T09:00', duration_minutes: 10, rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' });
    expect(impossible.status).toBe(400);
    expect(await body(impossible)).toEqual({ code: 'recurrence-impossible', detail: MAX_TRIES });
    const setpos = await post('/activities/', { title: 'Imposible', start: '2026-01-15T09:00', duration_minutes: 10, rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=7' });
    expect(await body(setpos)).toEqual({ code: 'recurrence-impossible', detail: MAX_TRIES });
    const invalid = await post('/activities/', { title: 'Mala', start: '2026-01-15T09:00', duration_minutes: 10, rrule: 'FREQ=SOMETIMES' });
    expect(invalid.status).toBe(400);
    expect(await body(invalid)).toMatchObject({ code: 'invalid-rrule' });
    const exdate = await post('/activities/', { title: 'Mala', start: '2026-01-15T09:00', duration_minutes: 10, rrule: 'FREQ=WEEKLY', exdates: ['2026-01-16T09:00'] });
    expect(exdate.status).toBe(400);
    expect(await body(exdate)).toMatchObject({ code: 'exdate-not-in-rule' });
    for (const priority of [-1, 10, 2.5]) {
      const bad = await post('/activities/', { title: 'Mala', start: '2026-01-15T09:00', duration_minutes: 10, priority });
      expect(bad.status).toBe(400);
      expect((await body<{ errors: Record<string, string[]> }>(bad)).errors.priority).toBeDefined();
    }
    const unknownPerson = await post('/activities/', { title: 'Mala', start: '2026-01-15T09:00', duration_minutes: 10, responsibles: ['no-such-passport'] });
    expect(unknownPerson.status).toBe(400);
    expect(await body(unknownPerson)).toMatchObject({ code: 'validation-error', reasons: { responsibles: 'unknown-reference' } });
    const badZone = await post('/activities/', { title: 'Mala', start: '2026-01-15T09:00', duration_minutes: 10, timezone: 'Mars/Olympus' });
    expect(await body(badZone)).toMatchObject({ reasons: { timezone: 'invalid-timezone' } });
    expect(await seriesCount()).toBe(before);
  });

  it('rounds priorities down to an allowed value', async () => {
    expect((await create({ start: '2027-01-04T09:00', priority: 1 })).priority).toBe(0);
    expect((await create({ start: '2027-01-04T09:00', priority: 9 })).priority).toBe(8);
    expect((await create({ start: '2027-01-04T09:00' })).priority).toBe(5);
  });

  it('an operario (VIEW_TASKS only) sees only their own activities; everyone’s needs MANAGE_TASKS', async () => {
    const theirs = await create({ title: 'De otro', start: '2026-10-05T09:00', rrule: 'FREQ=DAILY;COUNT=3', responsibles: [otroPassport] });
    const mine = await occurrences('2026-10-01T00:00:00Z', '2026-10-10T00:00:00Z');
    expect(mine.results.some((o) => o.public_id === theirs.public_id)).toBe(false);
    expect((await get(`/activities/${theirs.public_id}/`, operario)).status).toBe(404);
    expect((await get(`/activities/${theirs.public_id}/occurrences/20261005T120000Z/`, operario)).status).toBe(404);
    expect((await get(`/activities/${theirs.public_id}/`, otro)).status).toBe(200);
    expect((await get('/occurrences/?from=2026-10-01T00:00:00Z&to=2026-10-10T00:00:00Z&mine=false', operario)).status).toBe(403);
    const all = await occurrences('2026-10-01T00:00:00Z', '2026-10-10T00:00:00Z', admin, '&mine=false');
    expect(all.results.filter((o) => o.public_id === theirs.public_id)).toHaveLength(3);
    expect((await get('/activities/', operario)).status).toBe(403);
    const tooLong = await get('/occurrences/?from=2026-01-01T00:00:00Z&to=2027-03-01T00:00:00Z', operario);
    expect(tooLong.status).toBe(400);
    expect(await body(tooLong)).toMatchObject({ code: 'range-too-long' });
  });

  it('audience members see the activity as theirs; lists order by priority then due date', async () => {
    const audience = await body<{ id: string }>(
      await server.api('acme', '/api/audiences/v3/audiences/', {
        method: 'POST',
        token: admin,
        json: { name: 'Cuadrilla', rules: { positions: [], venues: [], business_lines: [], persons: [operarioPersonId] } },
      }),
    );
    const low = await create({ title: 'Baja', start: '2026-11-02T08:00', priority: 7, audience: audience.id });
    const high = await create({ title: 'Alta', start: '2026-11-02T10:00', priority: 2, responsibles: [operarioPassport] });
    const later = await create({ title: 'Alta después', start: '2026-11-02T11:00', priority: 2, responsibles: [operarioPassport] });
    const list = await occurrences('2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z');
    const ids = [low.public_id, high.public_id, later.public_id];
    expect(list.results.map((o) => o.public_id).filter((id) => ids.includes(id))).toEqual([high.public_id, later.public_id, low.public_id]);
  });

  it('an occurrence by recurrence id; one that is not an occurrence is 404; `current` is the next open one', async () => {
    const series = await create({ title: 'Diaria', start: '2026-12-01T09:00', rrule: 'FREQ=DAILY', responsibles: [operarioPassport] });
    const one = await get(`/activities/${series.public_id}/occurrences/20261203T120000Z/`, operario);
    expect(one.status).toBe(200);
    const detail = await body<Occurrence & { series: Activity; history: { action: string }[] }>(one);
    expect(detail).toMatchObject({ recurrenceId: '20261203T120000Z', startDate: '2026-12-03T09:00:00-03:00', series: { public_id: series.public_id } });
    expect(detail.history.map((h) => h.action)).toContain('created');
    expect((await get(`/activities/${series.public_id}/occurrences/2026-12-03T09:00:00-03:00/`, operario)).status).toBe(200);
    expect((await get(`/activities/${series.public_id}/occurrences/20261203T130000Z/`, operario)).status).toBe(404);
    expect((await get(`/activities/${series.public_id}/occurrences/20261130T120000Z/`, operario)).status).toBe(404);
    expect((await get(`/activities/${series.public_id}/occurrences/nonsense/`, operario)).status).toBe(404);
    expect((await get(`/activities/${series.public_id}/occurrences/current/`, operario)).status).toBe(200);
  });

  it('completion: one record per occurrence; two at once give one 201 and one 409; reopen', async () => {
    const series = await create({ title: 'Completar', start: '2026-12-01T09:00', rrule: 'FREQ=DAILY;COUNT=5', responsibles: [operarioPassport, otroPassport] });
    const path = (rid: string) => `/activities/${series.public_id}/occurrences/${rid}/completion/`;
    const done = await post(path('20261201T120000Z'), { status: 'COMPLETED', description: 'Listo' }, operario);
    expect(done.status).toBe(201);
    expect(await body(done)).toMatchObject({ activity: series.public_id, recurrence_id: '20261201T120000Z', status: 'COMPLETED', description: 'Listo', user: { passport: operarioPassport } });
    const again = await post(path('20261201T120000Z'), { status: 'COMPLETED' }, otro);
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ code: 'already-completed' });
    const race = await Promise.all([post(path('20261202T120000Z'), { status: 'COMPLETED' }, operario), post(path('20261202T120000Z'), { status: 'CANCELLED' }, otro)]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const listed = await occurrences('2026-12-01T00:00:00Z', '2026-12-03T00:00:00Z');
    const mine = listed.results.filter((o) => o.public_id === series.public_id);
    expect(mine[0]).toMatchObject({ status: 'COMPLETED', raw_status: 'COMPLETED' });
    expect(['COMPLETED', 'CANCELLED']).toContain(mine[1]!.status);
    // not responsible: 403; reopen by someone else: 403; by who completed: 204
    const outsider = await addMember(server, tenantId, { email: `fuera-${engine}@acme.test`, permissions: ['VIEW_TASKS'] });
    const outsiderToken = (await signIn(server, 'acme', outsider.email, outsider.password)).id_token;
    expect((await post(path('20261203T120000Z'), { status: 'COMPLETED' }, outsiderToken)).status).toBe(404);
    expect((await server.api('acme', `${A}${path('20261201T120000Z')}`, { method: 'DELETE', token: otro })).status).toBe(403);
    expect((await server.api('acme', `${A}${path('20261201T120000Z')}`, { method: 'DELETE', token: operario })).status).toBe(204);
    expect((await post(path('20261201T120000Z'), { status: 'COMPLETED' }, otro)).status).toBe(201);
    expect((await post(path('20261230T120000Z'), { status: 'COMPLETED' }, operario)).status).toBe(404);
  });

  it('a form activity is completed with a valid answer, stored by the forms engine', async () => {
    const form = await body<{ id: string }>(
      await server.api('acme', '/api/forms/v3/forms/', {
        method: 'POST',
        token: admin,
        json: {
          name: 'Checklist',
          description: [{ id: 1, type: 'integer', name: 'temperatura', label: 'Temperatura', required: true, skippable: false, validators: [{ type: 'min_value', value: 5 }] }],
        },
      }),
    );
    const unknownForm = await post('/activities/', { title: 'Con form', start: '2026-12-01T09:00', duration_minutes: 10, content: { form_id: '00000000-0000-4000-8000-000000000000' } });
    expect(await body(unknownForm)).toMatchObject({ reasons: { 'content.form_id': 'unknown-reference' } });
    const series = await create({ title: 'Checklist diario', start: '2026-12-01T09:00', rrule: 'FREQ=DAILY;COUNT=3', content: { form_id: form.id }, responsibles: [operarioPassport] });
    const path = `/activities/${series.public_id}/occurrences/20261201T120000Z/completion/`;
    const missing = await post(path, { status: 'COMPLETED' }, operario);
    expect(missing.status).toBe(400);
    expect(await body(missing)).toHaveProperty('non_field_errors');
    const wrong = await post(path, { status: 'COMPLETED', response: { temperatura: 1 } }, operario);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await body(wrong))).toContain('temperatura');
    const responses = async () => (await body<{ count: number }>(await server.api('acme', `/api/forms/v3/forms/${form.id}/responses/`, { token: admin }))).count;
    expect(await responses()).toBe(0);
    const ok = await post(path, { status: 'COMPLETED', response: { temperatura: 7 } }, operario);
    expect(ok.status).toBe(201);
    const completion = await body<{ response_id: string }>(ok);
    expect(completion.response_id).toBeTruthy();
    expect(await responses()).toBe(1);
    // a second completer with a valid answer: 409, and no second response stored
    expect((await post(path, { status: 'COMPLETED', response: { temperatura: 8 } }, admin)).status).toBe(409);
    expect(await responses()).toBe(1);
  });

  it('"solo esta" edits and cancels one occurrence; "todas" keeps what still applies; "esta y las siguientes" splits', async () => {
    const series = await create({ title: 'Serie', start: '2027-02-01T09:00', rrule: 'FREQ=DAILY;COUNT=6', responsibles: [operarioPassport] });
    const occ = (rid: string) => `/activities/${series.public_id}/occurrences/${rid}/`;
    const moved = await server.api('acme', `${A}${occ('20270202T120000Z')}`, { method: 'PUT', token: admin, json: { start: '2027-02-02T15:00', title: 'Movida', priority: 3 } });
    expect(moved.status).toBe(200);
    expect(await body(moved)).toMatchObject({ startDate: '2027-02-02T15:00:00-03:00', title: 'Movida', priority: 3, is_exception: true, recurrenceId: '20270202T120000Z' });
    expect((await server.api('acme', `${A}${occ('20270203T120000Z')}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('acme', `${A}${occ('20270203T120000Z')}`, { method: 'PUT', token: operario, json: { title: 'x' } })).status).toBe(403);
    // a cancelled occurrence is not completed afterwards (a phone that was offline is told why)
    const late = await post(`/activities/${series.public_id}/occurrences/20270203T120000Z/completion/`, { status: 'COMPLETED' }, operario);
    expect(late.status).toBe(409);
    expect(await body(late)).toMatchObject({ code: 'occurrence-cancelled' });
    const listed = (await occurrences('2027-02-01T00:00:00Z', '2027-02-08T00:00:00Z')).results.filter((o) => o.public_id === series.public_id);
    // by priority, then due date: the moved one (priority 3) first
    expect(listed.map((o) => o.recurrenceId)).toEqual(['20270202T120000Z', '20270201T120000Z', '20270204T120000Z', '20270205T120000Z', '20270206T120000Z']);
    expect(listed[0]).toMatchObject({ title: 'Movida', startDate: '2027-02-02T15:00:00-03:00' });
    await post(`/activities/${series.public_id}/occurrences/20270201T120000Z/completion/`, { status: 'COMPLETED' }, operario);
    await post(`/activities/${series.public_id}/occurrences/20270205T120000Z/completion/`, { status: 'COMPLETED' }, operario);

    // "todas": COUNT 6 → 4 keeps the completion of the 1st, drops the 5th's (no longer an occurrence)
    const all = await server.api('acme', `${A}/activities/${series.public_id}/`, {
      method: 'PUT',
      token: admin,
      json: { title: 'Serie editada', start: '2027-02-01T09:00', timezone: 'America/Santiago', duration_minutes: 45, rrule: 'FREQ=DAILY;COUNT=4', responsibles: [operarioPassport] },
    });
    expect(all.status).toBe(200);
    const detail = await body<Activity>(await get(`/activities/${series.public_id}/`));
    expect(detail.exceptions!.map((e) => e.recurrence_id)).toEqual(['20270202T120000Z', '20270203T120000Z']);
    const after = (await occurrences('2027-02-01T00:00:00Z', '2027-02-08T00:00:00Z')).results.filter((o) => o.public_id === series.public_id);
    expect(after.map((o) => [o.recurrenceId, o.completion?.status ?? null])).toEqual([
      ['20270202T120000Z', null],
      ['20270201T120000Z', 'COMPLETED'],
      ['20270204T120000Z', null],
    ]);

    // "esta y las siguientes"
    const atFirst = await post(`/activities/${series.public_id}/split/`, { recurrence_id: '20270201T120000Z', title: 'Nueva', start: '2027-02-01T10:00', duration_minutes: 30 });
    expect(atFirst.status).toBe(400);
    expect(await body(atFirst)).toMatchObject({ code: 'split-at-first' });
    expect((await post(`/activities/${series.public_id}/split/`, { recurrence_id: '20270210T120000Z', title: 'Nueva', start: '2027-02-10T10:00', duration_minutes: 30 })).status).toBe(404);
    const split = await post(`/activities/${series.public_id}/split/`, {
      recurrence_id: '20270204T120000Z',
      title: 'Nueva parte',
      start: '2027-02-04T10:00',
      timezone: 'America/Santiago',
      duration_minutes: 30,
      rrule: 'FREQ=DAILY;COUNT=3',
      responsibles: [operarioPassport],
    });
    expect(split.status).toBe(201);
    const part = await body<Activity>(split);
    expect(part).toMatchObject({ related_to: series.public_id, series_group: series.series_group });
    expect(part.public_id).not.toBe(series.public_id);
    const old = await body<Activity>(await get(`/activities/${series.public_id}/`));
    expect(old.rrule).toBe('FREQ=DAILY;UNTIL=20270204T115959Z');
    const together = (await occurrences('2027-02-01T00:00:00Z', '2027-02-10T00:00:00Z')).results.filter((o) => [series.public_id, part.public_id].includes(o.public_id));
    expect(together.map((o) => o.startDate).sort()).toEqual([
      '2027-02-01T09:00:00-03:00',
      '2027-02-02T15:00:00-03:00',
      '2027-02-04T10:00:00-03:00',
      '2027-02-05T10:00:00-03:00',
      '2027-02-06T10:00:00-03:00',
    ]);
  });

  it('assignment notifies the new responsible (inbox, Activity context); reminders go once per occurrence', async () => {
    const inbox = async () =>
      (await body<{ data: { context: { type: string; action: string; id?: string }; summary: { title: string } }[] }>(await server.api('acme', `${INBOX}?limit=50`, { token: operario }))).data;
    const soon = new Date(Date.now() + 30 * 60_000);
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(soon)
      .replace(' ', 'T');
    const series = await create({ title: 'Aviso pronto', start: wall, responsibles: [operarioPassport], reminders: [15, 60] });
    const assigned = (await inbox()).find((n) => n.summary.title === 'Aviso pronto' && n.context.action === 'assigned');
    expect(assigned?.context).toMatchObject({ type: 'Activity', action: 'assigned' });
    expect(assigned?.context.id).toMatch(new RegExp(`^${series.public_id}/\\d{8}T\\d{6}Z$`));
    const platform = server.running.platform;
    // the create scheduled its reminder (15 min before is ahead; 60 min before passed beyond the grace): a sweep adds none
    expect(await sweepReminders(platform)).toBe(0);
    const scheduled = await platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT offset_minutes FROM activity_reminders_scheduled WHERE activity_id = ${series.public_id}`));
    expect((scheduled as unknown as { rows: { offset_minutes: number }[] }).rows.map((r) => r.offset_minutes)).toEqual([15]);
    const rid = assigned!.context.id!.split('/')[1]!;
    const startMs = Date.UTC(Number(rid.slice(0, 4)), Number(rid.slice(4, 6)) - 1, Number(rid.slice(6, 8)), Number(rid.slice(9, 11)), Number(rid.slice(11, 13)));
    const job = { tenantId, activityId: series.public_id, recurrenceId: rid, offsetMinutes: 15, startMs };
    expect(await sendReminder(platform, job)).toBe(true);
    expect(await sendReminder(platform, job)).toBe(false);
    expect(await sendReminder(platform, { ...job, startMs: startMs + 60_000 })).toBe(false);
    const reminders = (await inbox()).filter((n) => n.summary.title === 'Aviso pronto' && n.context.action === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.context.id).toBe(`${series.public_id}/${rid}`);
  });

  it('calendar feed: a secret address readable without a session, parsed by ical.js and node-ical; reset kills the old one', async () => {
    await create({
      title: 'Revisión de extintores en la bodega de Ñuñoa, pasillo número catorce',
      start: '2026-05-04T09:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630T235959Z',
      exdates: ['2026-05-11T09:00'],
      responsibles: [operarioPassport],
    });
    const feed = await body<{ url: string }>(await get('/calendar-feed/', operario));
    expect(feed.url).toMatch(/^http:\/\/acme\.app\.localhost:\d+\/api\/activities\/v3\/calendar-feed\/[A-Za-z0-9_-]+\.ics$/);
    expect((await body<{ url: string }>(await get('/calendar-feed/', operario))).url).toBe(feed.url);
    const path = new URL(feed.url).pathname;
    const response = await server.api('acme', path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const text = await response.text();
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toContain('BEGIN:VTIMEZONE');
    const parsed = new ICAL.Component(ICAL.parse(text));
    const events = parsed.getAllSubcomponents('vevent');
    const extintores = events.find((e) => String(e.getFirstPropertyValue('summary')).startsWith('Revisión de extintores'))!;
    expect(extintores.getFirstPropertyValue('summary')).toBe('Revisión de extintores en la bodega de Ñuñoa, pasillo número catorce');
    expect(extintores.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Santiago');
    expect(String(extintores.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');
    // the RECURRENCE-ID instance of the moved occurrence of another series is there too
    expect(events.some((e) => e.hasProperty('recurrence-id'))).toBe(true);
    const independent = nodeIcal.sync.parseICS(text);
    const found = Object.values(independent).find((c) => c?.type === 'VEVENT' && String((c as { summary?: unknown } | undefined)?.summary).startsWith('Revisión de extintores')) as
      { start: Date; rrule?: { all(): Date[] }; exdate?: Record<string, Date> } | undefined;
    expect(found).toBeDefined();
    expect(found!.start.toISOString()).toBe('2026-05-04T13:00:00.000Z');
    expect(new Set(Object.values(found!.exdate ?? {}).map((d) => d.toISOString()))).toEqual(new Set(['2026-05-11T13:00:00.000Z']));
    const dates = found!.rrule!.all().map((d) => d.toISOString());
    expect(dates).toContain('2026-06-29T13:00:00.000Z');
    // reset
    const reset = await body<{ url: string }>(await server.api('acme', `${A}/calendar-feed/reset/`, { method: 'POST', token: operario }));
    expect(reset.url).not.toBe(feed.url);
    expect((await server.api('acme', path)).status).toBe(404);
    expect((await server.api('acme', new URL(reset.url).pathname)).status).toBe(200);
    expect((await server.api('norte', new URL(reset.url).pathname)).status).toBe(404);
  });

  it('one occurrence downloads as an .ics with one VEVENT', async () => {
    const series = await create({ title: 'Descarga', start: '2026-06-01T09:00', rrule: 'FREQ=DAILY;COUNT=2', responsibles: [operarioPassport] });
    const response = await get(`/activities/${series.public_id}/occurrences/20260602T130000Z/ics`, operario);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.ics');
    const events = new ICAL.Component(ICAL.parse(await response.text())).getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(events[0]!.getFirstPropertyValue('summary')).toBe('Descarga');
    expect((await get(`/activities/${series.public_id}/occurrences/20260602T130000Z/ics`, otro)).status).toBe(404);
  });

  it('categories and the recurrence preview', async () => {
    expect((await post('/categories/', { name: 'Seguridad' }, operario)).status).toBe(403);
    const created = await post('/categories/', { name: 'Seguridad' });
    expect(created.status).toBe(201);
    const category = await body<{ id: string }>(created);
    expect((await post('/categories/', { name: 'Seguridad' })).status).toBe(400);
    expect((await body<{ results: { name: string }[] }>(await get('/categories/', operario))).results.map((c) => c.name)).toContain('Seguridad');
    const withCategory = await create({ title: 'Categorizada', start: '2026-07-06T09:00', category_ids: [category.id], responsibles: [operarioPassport] });
    const filtered = await occurrences('2026-07-01T00:00:00Z', '2026-07-10T00:00:00Z', operario, `&category=${category.id}`);
    expect(filtered.results.map((o) => o.public_id)).toEqual([withCategory.public_id]);
    const preview = await post('/recurrence/preview/', { start: '2026-01-30T17:00', timezone: 'America/Santiago', rrule: 'FREQ=MONTHLY;BYDAY=-1FR', count: 3 }, operario);
    expect(await body(preview)).toEqual({ occurrences: ['2026-01-30T17:00:00-03:00', '2026-02-27T17:00:00-03:00', '2026-03-27T17:00:00-03:00'] });
    expect(await body(await post('/recurrence/preview/', { start: '2026-01-30T17:00', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, operario))).toEqual({
      code: 'recurrence-impossible',
      detail: MAX_TRIES,
    });
  });

  it('keeps tenants apart: another tenant can neither see nor change an activity', async () => {
    const series = await create({ title: 'Privada', start: '2026-08-03T09:00', rrule: 'FREQ=DAILY;COUNT=2', responsibles: [operarioPassport] });
    const onNorte = (path: string, init: { method?: string; json?: unknown } = {}) => server.api('norte', `${A}${path}`, { token: norte, ...init });
    expect((await onNorte(`/activities/${series.public_id}/`)).status).toBe(404);
    expect((await onNorte(`/activities/${series.public_id}/`, { method: 'PUT', json: { title: 'x', start: '2026-08-03T09:00', duration_minutes: 1 } })).status).toBe(404);
    expect((await onNorte(`/activities/${series.public_id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await onNorte(`/activities/${series.public_id}/occurrences/20260803T130000Z/completion/`, { method: 'POST', json: { status: 'COMPLETED' } })).status).toBe(404);
    expect(
      (await onNorte(`/activities/${series.public_id}/split/`, { method: 'POST', json: { recurrence_id: '20260804T130000Z', title: 'x', start: '2026-08-04T09:00', duration_minutes: 1 } })).status,
    ).toBe(404);
    const all = await body<{ results: Occurrence[] }>(await onNorte('/occurrences/?from=2026-08-01T00:00:00Z&to=2026-08-10T00:00:00Z&mine=false'));
    expect(all.results).toEqual([]);
    expect((await body<{ count: number }>(await onNorte('/activities/'))).count).toBe(0);
    // norte's token on acme's host
    expect((await server.api('acme', `${A}/activities/${series.public_id}/`, { token: norte })).status).toBe(403);
    expect((await get(`/activities/${series.public_id}/`)).status).toBe(200);
  });

  it('the read-ahead for offline: the caller’s own occurrences of the next days, the detail of each open one and their forms, in one read; days bounded; tenant-scoped', async () => {
    const form = await body<{ id: string; version: number }>(
      await server.api('acme', '/api/forms/v3/forms/', {
        method: 'POST',
        token: admin,
        json: { name: 'Ronda offline', description: [{ id: 1, type: 'text', name: 'nota', label: 'Nota', required: false }] },
      }),
    );
    const wall = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    const mine = await create({ title: 'Ronda sin señal', start: wall(2 * 3600_000), timezone: 'UTC', rrule: 'FREQ=DAILY;COUNT=3', content: { form_id: form.id }, responsibles: [operarioPassport] });
    const others = await create({ title: 'Ronda de otro', start: wall(3 * 3600_000), timezone: 'UTC', responsibles: [otroPassport] });
    const far = await create({ title: 'Ronda lejana', start: wall(5 * 86_400_000), timezone: 'UTC', responsibles: [operarioPassport] });
    const offline = async (query = '', token = operario) => get(`/occurrences/offline/${query}`, token);
    const answer = await offline();
    expect(answer.status).toBe(200);
    const bundle = await body<{
      from: string;
      to: string;
      results: Occurrence[];
      details: (Occurrence & { series: { public_id: string }; history: unknown[] })[];
      forms: { id: string; version: number; description: unknown[] }[];
    }>(answer);
    const ids = (list: { public_id: string }[]) => [...new Set(list.map((entry) => entry.public_id))];
    // the default window is 3 days: the three of the daily series, not the far one nor another person's
    expect(bundle.results.filter((o) => o.public_id === mine.public_id)).toHaveLength(3);
    expect(ids(bundle.results)).not.toContain(others.public_id);
    expect(ids(bundle.results)).not.toContain(far.public_id);
    // the same as the list and detail reads the screens make
    const list = await occurrences(bundle.from, bundle.to, operario, '&mine=true');
    expect(bundle.results).toEqual(list.results);
    const first = bundle.results.find((o) => o.public_id === mine.public_id)!;
    const detail = await body(await get(`/activities/${mine.public_id}/occurrences/${first.recurrenceId}/`, operario));
    expect(bundle.details.find((d) => d.public_id === mine.public_id && d.recurrenceId === first.recurrenceId)).toEqual(detail);
    expect(bundle.forms).toEqual([await body(await server.api('acme', `/api/forms/v3/forms/${form.id}/`, { token: operario }))]);
    // a completed occurrence is listed but needs no detail
    expect((await post(`/activities/${mine.public_id}/occurrences/${first.recurrenceId}/completion/`, { status: 'COMPLETED', response: { nota: 'ok' } }, operario)).status).toBe(201);
    const after = await body<{ results: Occurrence[]; details: Occurrence[] }>(await offline());
    expect(after.results.find((o) => o.recurrenceId === first.recurrenceId && o.public_id === mine.public_id)?.completion).not.toBeNull();
    expect(after.details.filter((d) => d.public_id === mine.public_id).map((d) => d.recurrenceId)).not.toContain(first.recurrenceId);
    // 7 days reach the far one; more than 7, or not a number: a coded 400
    expect(ids((await body<{ results: Occurrence[] }>(await offline('?days=7'))).results)).toContain(far.public_id);
    for (const bad of ['?days=8', '?days=0', '?days=tres']) {
      const refused = await offline(bad);
      expect(refused.status, bad).toBe(400);
      expect(await body(refused)).toHaveProperty('code');
    }
    // needs VIEW_TASKS; none without a session
    expect((await server.api('acme', `${A}/occurrences/offline/`)).status).toBe(401);
    // another tenant: its own (nothing of acme's), and its token on acme's host is refused
    const onNorte = await body<{ results: Occurrence[]; details: unknown[]; forms: unknown[] }>(await server.api('norte', `${A}/occurrences/offline/?days=7`, { token: norte }));
    expect(ids(onNorte.results)).not.toContain(mine.public_id);
    expect(onNorte.forms).toEqual([]);
    expect((await server.api('acme', `${A}/occurrences/offline/`, { token: norte })).status).toBe(403);
  });

  it('the read-ahead’s details are what GET of each occurrence answers, read with as many statements for a week of them as for a day', async () => {
    const ORG = '/api/organization/v3';
    const made = async <T>(response: Response) => {
      expect(response.status, await response.clone().text()).toBe(201);
      return body<T>(response);
    };
    const form = await made<{ id: string }>(
      await server.api('acme', '/api/forms/v3/forms/', {
        method: 'POST',
        token: admin,
        json: { name: 'Lectura offline', description: [{ id: 1, type: 'text', name: 'lectura', label: 'Lectura', required: false }] },
      }),
    );
    const venue = await made<{ id: string }>(await server.api('acme', `${ORG}/venues/`, { method: 'POST', token: admin, json: { name: 'Planta offline', code: 'PO' } }));
    const location = await made<{ id: string }>(await server.api('acme', `${ORG}/locations/`, { method: 'POST', token: admin, json: { name: 'Sala de bombas', code: 'SB', venue: venue.id } }));
    const category = await made<{ id: string }>(await post('/categories/', { name: 'Lecturas offline' }));
    const audience = await made<{ id: string }>(
      await server.api('acme', '/api/audiences/v3/audiences/', {
        method: 'POST',
        token: admin,
        json: { name: 'Cuadrilla offline', rules: { positions: [], venues: [], business_lines: [], persons: [operarioPersonId] } },
      }),
    );
    const minute = 60_000;
    const base = Math.floor((Date.now() + 2 * 3600_000) / minute) * minute;
    const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const rid = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    const day = 86_400_000;
    // every kind of row a detail reads: venue, location, categories, a form, an audience, responsibles, exceptions, completions, history, held files
    const named = await create({
      title: 'Lectura de medidores',
      start: wall(base),
      timezone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=7',
      priority: 2,
      venue_id: venue.id,
      location_id: location.id,
      category_ids: [category.id],
      content: { form_id: form.id },
      responsibles: [operarioPassport],
    });
    const byAudience = await create({ title: 'Ronda de cuadrilla', start: wall(base + 3600_000), timezone: 'UTC', rrule: 'FREQ=DAILY;COUNT=7', audience: audience.id });
    const covered = await create({ title: 'Ronda de otro', start: wall(base + 2 * 3600_000), timezone: 'UTC', rrule: 'FREQ=DAILY;COUNT=7', responsibles: [otroPassport] });
    const occurrencePath = (id: string, ms: number) => `${A}/activities/${id}/occurrences/${rid(ms)}/`;
    // the other person's series: one occurrence handed to the caller ("solo esta"), one moved and renamed of the caller's own
    expect(
      (await server.api('acme', occurrencePath(covered.public_id, base + 2 * 3600_000 + day), { method: 'PUT', token: admin, json: { responsibles: [operarioPassport], title: 'Cubre operario' } }))
        .status,
    ).toBe(200);
    expect((await server.api('acme', occurrencePath(named.public_id, base + 2 * day), { method: 'PUT', token: admin, json: { start: wall(base + 2 * day + 3600_000), title: 'Movida' } })).status).toBe(
      200,
    );
    expect((await post(`/activities/${named.public_id}/occurrences/${rid(base + 3 * day)}/completion/`, { status: 'COMPLETED', response: { lectura: '12' } }, operario)).status).toBe(201);
    const held = `offline${randomBytes(12).toString('hex').slice(0, 17)}`;
    await server.running.platform.db.transaction(tenantId, async (tx) => {
      await insertStoredFile(tx, { tenantId, id: held, name: 'medidor.png', size: 68, contentType: 'image/png', sha256: '0'.repeat(64), storageKey: `test/${held}`, createdBy: null });
      await holdFiles(tx, tenantId, { kind: 'activity', id: named.public_id }, [held], { by: null });
    });

    type Bundle = { results: Occurrence[]; details: (Occurrence & { series: { public_id: string }; history: unknown[]; files?: { id: string }[] })[]; forms: { id: string }[] };
    const offline = async (days: number) => {
      const answer = await get(`/occurrences/offline/?days=${days}`, operario);
      expect(answer.status).toBe(200);
      return body<Bundle>(answer);
    };
    const week = await offline(7);
    const open = week.results.filter((o) => o.completion === null);
    expect(week.details.map((d) => `${d.public_id}/${d.recurrenceId}`)).toEqual(open.slice(0, 60).map((o) => `${o.public_id}/${o.recurrenceId}`));
    const mine = (id: string) => week.details.filter((d) => d.public_id === id);
    expect(mine(named.public_id)).toHaveLength(6);
    expect(mine(byAudience.public_id).length).toBeGreaterThanOrEqual(6);
    expect(mine(covered.public_id).map((d) => d.recurrenceId)).toEqual([rid(base + 2 * 3600_000 + day)]);
    expect(mine(named.public_id).find((d) => d.recurrenceId === rid(base + 2 * day))).toMatchObject({ title: 'Movida', is_exception: true });
    expect(mine(named.public_id)[0]!.files?.map((f) => f.id)).toEqual([held]);
    expect(week.forms.map((f) => f.id)).toContain(form.id);
    // each detail is exactly what the occurrence page reads, one by one
    for (const detail of week.details) {
      const one = await get(`/activities/${detail.public_id}/occurrences/${detail.recurrenceId}/`, operario);
      expect(one.status).toBe(200);
      expect(detail, `${detail.public_id}/${detail.recurrenceId}`).toEqual(await body(one));
    }

    // statements: counted through Drizzle's logger on PGlite's one connection (a PostgreSQL pool has one Drizzle per client)
    if (server.engine === 'pglite') {
      const drizzle = (await server.running.platform.db.transaction(tenantId, async (tx) => tx)) as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } };
      const { logger } = drizzle.session;
      let statements = 0;
      drizzle.session.logger = { logQuery: () => void statements++ };
      const counted = async (days: number) => {
        // the least of two reads: a background job's statement may land in one of them
        const runs: { statements: number; details: number }[] = [];
        for (let i = 0; i < 2; i++) {
          statements = 0;
          const bundle = await offline(days);
          runs.push({ statements, details: bundle.details.length });
        }
        return { statements: Math.min(...runs.map((r) => r.statements)), details: runs[0]!.details };
      };
      try {
        const oneDay = await counted(1);
        const sevenDays = await counted(7);
        expect(sevenDays.details).toBeGreaterThan(oneDay.details + 10);
        expect(sevenDays.statements).toBe(oneDay.statements);
      } finally {
        drizzle.session.logger = logger;
      }
    }
  });

  it('deleting a series removes it', async () => {
    const series = await create({ title: 'Borrar', start: '2026-08-03T09:00' });
    expect((await server.api('acme', `${A}/activities/${series.public_id}/`, { method: 'DELETE', token: operario })).status).toBe(403);
    expect((await server.api('acme', `${A}/activities/${series.public_id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await get(`/activities/${series.public_id}/`)).status).toBe(404);
    expect((await server.api('acme', `${A}/activities/${series.public_id}/`, { method: 'DELETE', token: admin })).status).toBe(404);
  });
});

describe.each(engines())('activities demo seed on %s', (engine) => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('gives operario@faena.test a daily round, a weekly inventory and a form checklist, with completions', async () => {
    const seeded = await seededDemo(engine);
    server = seeded.server;
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    const now = Date.now();
    const from = new Date(now - 14 * 86_400_000).toISOString();
    const to = new Date(now + 7 * 86_400_000).toISOString();
    const list = await body<{ results: Occurrence[] & { content: unknown }[] }>(await server.api('demo', `${A}/occurrences/?from=${from}&to=${to}`, { token: operario }));
    const titles = new Set(list.results.map((o) => o.title));
    expect(titles).toEqual(new Set(['Ronda de seguridad', 'Inventario de bodega', 'Checklist de apertura', ...(titles.has('Simulacro de evacuación') ? ['Simulacro de evacuación'] : [])]));
    expect(list.results.some((o) => o.completion?.status === 'COMPLETED')).toBe(true);
    expect(list.results.some((o) => o.status === 'EXPIRED')).toBe(true);
    const categories = await body<{ results: { name: string }[] }>(await server.api('demo', `${A}/categories/`, { token: operario }));
    expect(categories.results.map((c) => c.name)).toEqual(['Inventario', 'Seguridad']);
  });
});
