import { createHash } from 'node:crypto';
import { buffer as readAll } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/audit/audit.table.ts';
import { mailOutbox } from '../src/platform/mail/outbox.table.ts';
import { expireMailAttachments } from '../src/platform/mail/retention.ts';
import { expireExports } from '../src/platform/tabular-export.ts';
import { checklistExports } from '../src/modules/checklists/checklists.table.ts';
import { addMember, body, DEMO_PASSWORD, engines, makeTenant, outbox, seededDemo, signIn, startServer, type TestServer } from './harness.ts';
import { PNG_1X1, PDF, store, storedId, uploadWhole, uploadedId } from './documents.helpers.ts';

const BASE = '/api/checklists/v3';
const INBOX = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=100';

interface Execution {
  id: string;
  status: string;
  version: number;
  client_revision: number;
  answers: Record<string, unknown>;
  notes: Record<string, string>;
  photos: Record<string, { id: string; url: string }[]>;
  score: number | null;
  result: string | null;
  failed_items: { field_id: string; reason: string; critical: boolean }[];
  section_scores: { section_id: string; score: number | null }[];
  signatures: { executor: { id: string } | null; second: { name: string } | null };
  actions: { id: string; field_id: string; public_id: string; recurrenceId: string; title: string; status: string }[];
  outdated: boolean;
  latest_version: number;
  can_act: boolean;
  current_section: string | null;
}
interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}
interface Inbox {
  data: { summary: { title: string; body: string }; context: { type: string; action: string; id?: string } }[];
}

const FIELDS = [
  { id: 1, type: 'multiple_choice', name: 'limpieza', label: 'Limpieza del local', required: true, choices: [{ choice: 'Buena' }, { choice: 'Regular' }, { choice: 'Mala' }] },
  { id: 2, type: 'boolean', name: 'alarma', label: '¿Alarma desactivada?', required: true },
  { id: 3, type: 'float', name: 'temperatura', label: 'Temperatura de la cámara de frío', required: true, skippable: true },
  { id: 4, type: 'stars', name: 'vitrinas', label: 'Orden de vitrinas', max: 5 },
  { id: 5, type: 'image', name: 'fachada', label: 'Foto de la fachada' },
];
const ITEMS = [
  { field_id: 1, weight: 2, scoring: { kind: 'choice', scores: { Buena: 10, Regular: 5, Mala: 0 }, failing: ['Mala'] } },
  { field_id: 2, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } },
  { field_id: 3, scoring: { kind: 'range', min: 0, max: 5, score_in: 1, score_out: 0 } },
  { field_id: 4, scoring: { kind: 'stars' } },
];
const SECTIONS = [
  { id: 'local', title: 'Local', field_ids: [1, 2] },
  { id: 'frio', title: 'Frío', field_ids: [3] },
  { id: 'vitrinas', title: 'Vitrinas', field_ids: [4, 5] },
];

describe.each(engines())('checklists on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let operario: string;
  let otro: string;
  let supervisor: string;
  let foreign: string;
  let operarioPassport: string;
  let supervisorPassport: string;
  let venueId: string;
  let categoryId: string;
  let checklistId: string;
  let acmeId: string;
  let openChecklistId: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, `${BASE}${path}`, { ...init, token });
  const json = async <T = Record<string, unknown>>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const image = async (token: string) => storedId(await store(server, 'acme', token, await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'foto.png'))));
  const definition = (extra: Record<string, unknown> = {}) => ({
    name: 'Apertura de tienda',
    category: categoryId,
    sections: SECTIONS,
    fields: FIELDS,
    items: ITEMS,
    pass_mark: 70,
    executors: { persons: [operarioPassport] },
    places: { venues: [venueId] },
    signatures: { executor: true, second: false },
    supervisors: [supervisorPassport],
    ...extra,
  });
  const start = async (token: string, id = checklistId, status = 201) => json<Execution>(await api(token, `/checklists/${id}/executions/`, { method: 'POST', json: { venue: venueId } }), status);

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    acmeId = tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    foreign = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    const op = await addMember(server, tenant.id, { email: 'operario@acme.test', name: 'Olga Operaria', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_CHECKLISTS'] });
    operarioPassport = op.passport;
    await addMember(server, tenant.id, { email: 'otro@acme.test', name: 'Otto Otro', permissions: ['VIEW_HOME', 'VIEW_CHECKLISTS'] });
    const sup = await addMember(server, tenant.id, { email: 'super@acme.test', name: 'Sara Supervisora', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] });
    supervisorPassport = sup.passport;
    operario = (await signIn(server, 'acme', 'operario@acme.test', 'member-pass')).id_token;
    otro = (await signIn(server, 'acme', 'otro@acme.test', 'member-pass')).id_token;
    supervisor = (await signIn(server, 'acme', 'super@acme.test', 'member-pass')).id_token;
    const venue = await server.api('acme', '/api/organization/v3/venues/', { method: 'POST', token: admin, json: { name: 'Tienda Centro', code: 'T-1' } });
    venueId = (await json<{ id: string }>(venue, 201)).id;
  });
  afterAll(() => server?.close());

  it('categories: MANAGE creates, renames, orders, archives and deletes an empty one; VIEW only reads', async () => {
    expect((await api(operario, '/categories/', { method: 'POST', json: { name: 'X' } })).status).toBe(403);
    expect((await api(supervisor, '/categories/')).status).toBe(403);
    const created = await json<{ id: string; order: number }>(await api(admin, '/categories/', { method: 'POST', json: { name: 'Operaciones de tienda' } }), 201);
    categoryId = created.id;
    const second = await json<{ id: string; order: number }>(await api(admin, '/categories/', { method: 'POST', json: { name: 'Seguridad' } }), 201);
    expect(second.order).toBe(created.order + 1);
    expect(await json(await api(admin, `/categories/${second.id}/`, { method: 'PATCH', json: { name: 'Seguridad e higiene', order: 0 } }), 200)).toMatchObject({
      name: 'Seguridad e higiene',
      order: 0,
    });
    await json(await api(admin, `/categories/${categoryId}/`, { method: 'PATCH', json: { order: 2 } }), 200);
    expect(await json(await api(admin, `/categories/${second.id}/`, { method: 'PATCH', json: { archived: true } }), 200)).toMatchObject({ archived: true });
    const list = await json<{ results: { id: string }[] }>(await api(operario, '/categories/'), 200);
    expect(list.results.map((c) => c.id)).toEqual([categoryId]);
    const all = await json<{ results: { id: string }[] }>(await api(admin, '/categories/?archived=true'), 200);
    expect(all.results.map((c) => c.id)).toEqual([second.id, categoryId]);
    expect((await api(admin, `/categories/${second.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(admin, `/categories/${second.id}/`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(404);
    expect((await api(admin, '/categories/', { method: 'POST', json: { name: '  ' } })).status).toBe(400);
  });

  it('refuses a score configuration that cannot be reached, naming the field', async () => {
    const unreachable = await api(admin, '/checklists/', { method: 'POST', json: definition({ items: [ITEMS[0], { field_id: 2, scoring: { kind: 'boolean', yes: 0, no: 0 } }], pass_mark: 90 }) });
    expect(unreachable.status).toBe(400);
    expect(await body(unreachable)).toMatchObject({ code: 'score-unreachable', errors: { 'items.2.scoring': [expect.stringContaining('90%')] } });
    const wrongType = await api(admin, '/checklists/', { method: 'POST', json: definition({ items: [{ field_id: 4, scoring: { kind: 'range', min: 1, score_in: 1, score_out: 0 } }] }) });
    expect(await json(wrongType, 400)).toMatchObject({ code: 'score-unreachable', errors: { 'items.4.scoring': [expect.any(String)] } });
    const unknownOption = await api(admin, '/checklists/', { method: 'POST', json: definition({ items: [{ field_id: 1, scoring: { kind: 'choice', scores: { Excelente: 1 }, failing: [] } }] }) });
    expect(await json(unknownOption, 400)).toMatchObject({ code: 'score-unreachable', errors: { 'items.1.scoring': [expect.stringContaining('Excelente')] } });
    const badSections = await api(admin, '/checklists/', { method: 'POST', json: definition({ sections: [{ id: 'a', title: 'A', field_ids: [1, 2, 3, 4] }] }) });
    expect(await json(badSections, 400)).toMatchObject({ code: 'invalid-sections' });
    const unknownRefs = await api(admin, '/checklists/', { method: 'POST', json: definition({ executors: { persons: ['nobody'] }, category: '00000000-0000-4000-8000-000000000000' }) });
    expect(await json(unknownRefs, 400)).toMatchObject({ errors: { category: [expect.any(String)], 'executors.persons': [expect.any(String)] } });
    expect((await api(operario, '/checklists/', { method: 'POST', json: definition() })).status).toBe(403);
    expect((await json<Page<unknown>>(await api(admin, '/checklists/'), 200)).count).toBe(0);
  });

  it('creates a checklist that only its executors see and execute', async () => {
    const created = await json<{ id: string; version: number; max_score: number; items: { field_id: string }[]; can_execute: boolean }>(
      await api(admin, '/checklists/', { method: 'POST', json: definition() }),
      201,
    );
    checklistId = created.id;
    expect(created).toMatchObject({ version: 1, max_score: 100, can_execute: false });
    expect(created.items.map((item) => item.field_id)).toEqual(['1', '2', '3', '4']);
    const mine = await json<Page<{ id: string; can_execute: boolean; item_count: number }>>(await api(operario, '/checklists/'), 200);
    expect(mine.results).toEqual([expect.objectContaining({ id: checklistId, can_execute: true, item_count: 5 })]);
    expect((await json<Page<unknown>>(await api(otro, '/checklists/'), 200)).count).toBe(0);
    expect(await json(await api(otro, `/checklists/${checklistId}/`), 403)).toMatchObject({ code: 'not-an-executor' });
    expect(await json(await api(otro, `/checklists/${checklistId}/executions/`, { method: 'POST', json: { venue: venueId } }), 403)).toMatchObject({ code: 'not-an-executor' });
    expect((await json<Page<unknown>>(await api(admin, `/checklists/?category=${categoryId}&search=apertura`), 200)).count).toBe(1);
    expect(await json(await api(operario, `/checklists/${checklistId}/executions/`, { method: 'POST', json: {} }), 400)).toMatchObject({ code: 'place-not-allowed' });
  });

  it('keeps one draft per person, autosaves with revisions, refuses a stale save with the server copy', async () => {
    const draft = await start(operario);
    expect(draft).toMatchObject({ status: 'draft', version: 1, client_revision: 0, answers: {}, outdated: false });
    expect((await start(operario, checklistId, 200)).id).toBe(draft.id);
    const saved = await json<Execution>(
      await api(operario, `/executions/${draft.id}/`, {
        method: 'PATCH',
        json: { answers: { limpieza: 'Buena' }, notes: { '1': 'Piso recién trapeado' }, current_section: 'frio', client_revision: 0 },
      }),
      200,
    );
    expect(saved).toMatchObject({ client_revision: 1, answers: { limpieza: 'Buena' }, notes: { '1': 'Piso recién trapeado' }, current_section: 'frio' });
    // the same save again (a retry whose answer was lost) changes nothing and is fine
    expect((await json<Execution>(await api(operario, `/executions/${draft.id}/`, { method: 'PATCH', json: { answers: { limpieza: 'Buena' }, client_revision: 0 } }), 200)).client_revision).toBe(1);
    const stale = await api(operario, `/executions/${draft.id}/`, { method: 'PATCH', json: { answers: { limpieza: 'Mala' }, client_revision: 0 } });
    expect(await json(stale, 409)).toMatchObject({ code: 'stale-draft', execution: { id: draft.id, client_revision: 1, answers: { limpieza: 'Buena' } } });
    expect(await json(await api(operario, `/executions/${draft.id}/`, { method: 'PATCH', json: { answers: { nope: 1 }, client_revision: 1 } }), 400)).toMatchObject({
      errors: { 'answers.nope': [expect.any(String)] },
    });
    expect((await api(admin, `/executions/${draft.id}/`, { method: 'PATCH', json: { answers: {}, client_revision: 1 } })).status).toBe(403);
    expect((await api(otro, `/executions/${draft.id}/`)).status).toBe(404);
    expect((await api(foreign, `/executions/${draft.id}/`, {}, 'otra')).status).toBe(404);
    expect((await json<Execution>(await api(operario, `/executions/${draft.id}/`), 200)).notes).toEqual({ '1': 'Piso recién trapeado' });
  });

  it('validates a submit with the forms engine and asks for the signature: nothing half-written', async () => {
    const draft = await start(operario, checklistId, 200);
    const skipped = await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { limpieza: 'Buena', temperatura: 3 } } });
    expect(await json(skipped, 400)).toMatchObject({ code: 'invalid-answers', non_field_errors: [{ type: 'assertion_error', loc: ['response', 'alarma'], msg: 'This field is required' }] });
    const unsigned = await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { alarma: true, temperatura: 3 } } });
    expect(await json(unsigned, 400)).toMatchObject({ code: 'signature-required', errors: { 'signatures.executor': [expect.any(String)] } });
    const pdf = storedId(await store(server, 'acme', operario, await uploadedId(await uploadWhole(server, 'acme', operario, PDF, 'firma.pdf'))));
    expect((await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { alarma: true, temperatura: 3 }, signatures: { executor: pdf } } })).status).toBe(400);
    const still = await json<Execution>(await api(operario, `/executions/${draft.id}/`), 200);
    expect(still).toMatchObject({ status: 'draft', client_revision: 1, answers: { limpieza: 'Buena' } });
  });

  it('scores on the server, fails on a critical item, notifies the supervisors once, and a second submit is 409', async () => {
    const draft = await start(operario, checklistId, 200);
    const photo = await image(operario);
    const signature = await image(operario);
    const submitted = await json<Execution>(
      await api(operario, `/executions/${draft.id}/submit/`, {
        method: 'POST',
        json: { answers: { alarma: false, temperatura: null, temperatura_skipped: true, vitrinas: 4, fachada: [photo] }, photos: { '4': [photo] }, signatures: { executor: signature } },
      }),
      200,
    );
    // (2 × 1 + 1 × 0 + 1 × 0.8) / 4 = 70 — at the pass mark, but a critical item failed
    expect(submitted).toMatchObject({ status: 'submitted', score: 70, result: 'reprobado', failed_items: [{ field_id: '2', reason: 'critical-no', critical: true }], can_act: true });
    expect(submitted.section_scores).toEqual([
      expect.objectContaining({ section_id: 'local', score: 66.67 }),
      expect.objectContaining({ section_id: 'frio', score: null }),
      expect.objectContaining({ section_id: 'vitrinas', score: 80 }),
    ]);
    expect(submitted.photos['4']?.[0]).toMatchObject({ id: photo, url: expect.stringContaining(photo) });
    expect(submitted.signatures.executor).toMatchObject({ id: signature });
    const again = await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { signatures: { executor: signature } } });
    expect(await json(again, 409)).toMatchObject({ code: 'already-submitted' });
    expect(await json(await api(operario, `/executions/${draft.id}/`, { method: 'PATCH', json: { client_revision: 2 } }), 409)).toMatchObject({ code: 'already-submitted' });
    const inbox = (await json<Inbox>(await server.api('acme', INBOX, { token: supervisor }), 200)).data.filter((n) => n.context.type === 'ChecklistExecution');
    expect(inbox).toEqual([
      expect.objectContaining({ context: expect.objectContaining({ action: 'critical-failed', id: draft.id }), summary: expect.objectContaining({ body: '¿Alarma desactivada?' }) }),
    ]);
  });

  it('two devices submitting the same draft make one execution', async () => {
    const draft = await start(operario);
    const signature = await image(operario);
    const submit = () =>
      api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { limpieza: 'Buena', alarma: true, temperatura: 4 }, signatures: { executor: signature } } });
    const statuses = (await Promise.all([submit(), submit()])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const list = await json<Page<{ id: string; status: string; score: number }>>(await api(operario, `/executions/?checklist=${checklistId}`), 200);
    expect(list.results.filter((e) => e.id === draft.id)).toEqual([expect.objectContaining({ status: 'submitted', score: 100 })]);
  });

  it('a failed item raises a corrective action: an activity linked to the execution', async () => {
    const [failed] = (await json<Page<{ id: string }>>(await api(operario, '/executions/?has_failed=true'), 200)).results;
    expect(failed).toBeDefined();
    const notFailed = await api(operario, `/executions/${failed!.id}/actions/`, { method: 'POST', json: { field_id: '1', title: 'x', responsible: operarioPassport, due: '2030-01-10T10:00' } });
    expect(await json(notFailed, 400)).toMatchObject({ code: 'item-not-failed' });
    expect((await api(otro, `/executions/${failed!.id}/actions/`, { method: 'POST', json: { field_id: 2, title: 'x', responsible: operarioPassport, due: '2030-01-10T10:00' } })).status).toBe(404);
    const action = await json<Execution['actions'][number]>(
      await api(admin, `/executions/${failed!.id}/actions/`, {
        method: 'POST',
        json: { field_id: 2, title: 'Revisar la alarma', responsible: operarioPassport, due: '2030-01-10T10:00', timezone: 'America/Santiago', description: 'No se desactivó' },
      }),
      201,
    );
    expect(action).toMatchObject({ field_id: '2', title: 'Revisar la alarma', status: 'SCHEDULED', responsible: { passport: operarioPassport } });
    const occurrence = await server.api('acme', `/api/activities/v3/activities/${action.public_id}/occurrences/${action.recurrenceId}/`, { token: operario });
    expect(await json(occurrence, 200)).toMatchObject({
      title: 'Revisar la alarma',
      responsible: [expect.objectContaining({ passport: operarioPassport })],
      description: expect.stringContaining('Ítem: ¿Alarma desactivada?'),
    });
    const detail = await json<Execution>(await api(operario, `/executions/${failed!.id}/`), 200);
    expect(detail.actions).toEqual([expect.objectContaining({ id: action.id, public_id: action.public_id, status: 'SCHEDULED' })]);
    const summary = await json<Page<{ id: string; actions_open: number }>>(await api(admin, `/executions/?has_failed=true`), 200);
    expect(summary.results.find((e) => e.id === failed!.id)?.actions_open).toBe(1);
  });

  /** Starts an export of the executions list and waits for it to finish. */
  const exportOf = async (token: string, payload: unknown) => {
    const started = await api(token, '/executions/export/', { method: 'POST', json: payload });
    const created = await body<{ id: string; status: string; expires_at: string | null }>(started);
    expect(started.status).toBe(202);
    // not finished: no date until which its file is kept
    expect(created).toMatchObject({ status: 'PENDING', expires_at: null });
    for (let i = 0; i < 300; i++) {
      const now = await body<{ id: string; status: string; rows: number; download_url: string | null; finished_at: string | null; expires_at: string | null }>(
        await api(token, `/executions/exports/${created.id}/`),
      );
      if (now.status === 'DONE' || now.status === 'FAILED') return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the export did not finish');
  };

  it('lists executions with filters and paging: VIEW sees theirs, MANAGE everyone’s', async () => {
    const all = await json<Page<{ id: string; result: string | null; executed_by: { passport: string } }>>(await api(admin, '/executions/?page_size=1'), 200);
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.next).toContain('page=2');
    expect((await json<Page<unknown>>(await api(admin, '/executions/?result=reprobado'), 200)).count).toBe(1);
    expect((await json<Page<unknown>>(await api(admin, `/executions/?person=${operarioPassport}&venue=${venueId}&status=submitted`), 200)).count).toBe(2);
    expect((await json<Page<unknown>>(await api(admin, '/executions/?has_failed=false&status=submitted'), 200)).count).toBe(1);
    expect((await json<Page<unknown>>(await api(admin, '/executions/?from=2000-01-01&to=2000-01-02'), 200)).count).toBe(0);
    expect((await json<Page<unknown>>(await api(otro, '/executions/'), 200)).count).toBe(0);
    expect((await json<Page<unknown>>(await api(admin, '/executions/?checklist=not-a-uuid'), 200)).count).toBe(0);
    expect((await api(admin, '/executions/?result=bien')).status).toBe(400);
    expect((await json<Page<unknown>>(await api(foreign, '/executions/', {}, 'otra'), 200)).count).toBe(0);
    // days are the organisation's (decision 020): in a zone whose today is not Santiago's, today's executions are under its own date
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const zone = dayIn('Pacific/Kiritimati') !== dayIn('America/Santiago') ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const setZone = async (timezone: string) => json(await server.api('acme', '/api/organization/v3/current', { method: 'PATCH', token: admin, json: { timezone } }), 200);
    await setZone(zone);
    try {
      expect((await json<Page<unknown>>(await api(admin, `/executions/?from=${dayIn(zone)}&to=${dayIn(zone)}`), 200)).count).toBe(all.count);
      // the export reads the same days, and writes its times in that zone
      const exported = await exportOf(admin, { format: 'csv', filters: { from: dayIn(zone), to: dayIn(zone) } });
      expect(exported).toMatchObject({ status: 'DONE', rows: all.count });
      const text = await (await server.api('acme', exported.download_url!, { token: admin })).text();
      expect(text).toContain(`,${dayIn(zone)} `);
    } finally {
      await setZone('America/Santiago');
    }
  });

  it('exports the filtered list as CSV and XLSX in the background, and one execution as a PDF with its photos', async () => {
    const csv = await exportOf(admin, { format: 'csv', filters: { result: 'reprobado' } });
    expect(csv).toMatchObject({ status: 'DONE', rows: 1 });
    const file = await server.api('acme', csv.download_url!, { token: admin });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text.split('\n')[0]).toContain('Checklist');
    expect(text).toContain('Apertura de tienda');
    expect(text).toContain('reprobado');
    const xlsx = await exportOf(admin, { format: 'xlsx', filters: {} });
    expect(xlsx.status).toBe('DONE');
    const sheet = Buffer.from(await (await server.api('acme', xlsx.download_url!, { token: admin })).arrayBuffer());
    expect(sheet.subarray(0, 2).toString('latin1')).toBe('PK');
    const theirs = await exportOf(otro, { format: 'csv', filters: {} });
    expect(theirs.rows).toBe(0);
    expect((await api(otro, `/executions/exports/${(await body<Page<{ id: string }>>(await api(admin, '/executions/'))).results[0]!.id}/`)).status).toBe(404);

    const [failed] = (await json<Page<{ id: string }>>(await api(operario, '/executions/?result=reprobado'), 200)).results;
    const pdf = await api(operario, `/executions/${failed!.id}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect((await api(otro, `/executions/${failed!.id}/report.pdf`)).status).toBe(404);
    expect((await api(admin, `/executions/${failed!.id}/report.pdf`)).status).toBe(200);
  });

  it('a change after executions makes a new version; an old draft is told and upgrades keeping its answers', async () => {
    const draft = await start(operario);
    await json(
      await api(operario, `/executions/${draft.id}/`, { method: 'PATCH', json: { answers: { limpieza: 'Regular', alarma: true, vitrinas: 2 }, notes: { '4': 'Polvo' }, client_revision: 0 } }),
      200,
    );
    const fields = [FIELDS[0], FIELDS[1], { id: 6, type: 'text', name: 'comentario', label: 'Comentario' }, FIELDS[4]];
    const changed = await json<{ version: number; has_executions: boolean }>(
      await api(admin, `/checklists/${checklistId}/`, {
        method: 'PUT',
        json: definition({
          fields,
          items: ITEMS.slice(0, 2),
          sections: [
            { id: 'local', title: 'Local', field_ids: [1, 2] },
            { id: 'otros', title: 'Otros', field_ids: [6, 5] },
          ],
          base_version: 1,
        }),
      }),
      200,
    );
    expect(changed).toMatchObject({ version: 2, has_executions: false });
    expect(await json(await api(admin, `/checklists/${checklistId}/`, { method: 'PUT', json: definition({ base_version: 1 }) }), 409)).toMatchObject({ code: 'version-conflict' });
    const renamed = await api(admin, `/checklists/${checklistId}/`, { method: 'PUT', json: definition({ fields: [{ ...FIELDS[0], name: 'aseo' }, ...FIELDS.slice(1)] }) });
    expect(await json(renamed, 400)).toMatchObject({ code: 'field-renamed' });
    const v1 = await json<{ version: number; fields: unknown[] }>(await api(operario, `/checklists/${checklistId}/versions/1/`), 200);
    expect(v1.fields).toHaveLength(5);
    const old = await json<Execution>(await api(operario, `/executions/${draft.id}/`), 200);
    expect(old).toMatchObject({ outdated: true, latest_version: 2, version: 1 });
    const signature = await image(operario);
    expect(await json(await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { signatures: { executor: signature } } }), 409)).toMatchObject({ code: 'outdated-draft' });
    const upgraded = await json<{ execution: Execution; dropped: string[] }>(await api(operario, `/executions/${draft.id}/upgrade/`, { method: 'POST' }), 200);
    expect(upgraded.dropped).toEqual(['4']);
    expect(upgraded.execution).toMatchObject({ version: 2, outdated: false, answers: { limpieza: 'Regular', alarma: true }, notes: {} });
    // a draft is an execution too: the next save is version 3, and the draft upgrades with nothing dropped
    const inPlace = await json<{ version: number }>(
      await api(admin, `/checklists/${checklistId}/`, {
        method: 'PUT',
        json: definition({
          fields,
          items: ITEMS.slice(0, 2),
          sections: [
            { id: 'local', title: 'Local', field_ids: [1, 2] },
            { id: 'otros', title: 'Otros', field_ids: [6, 5] },
          ],
          name: 'Apertura de tienda (v2)',
        }),
      }),
      200,
    );
    expect(inPlace.version).toBe(3);
    const again = await json<{ execution: Execution; dropped: string[] }>(await api(operario, `/executions/${draft.id}/upgrade/`, { method: 'POST' }), 200);
    expect(again).toMatchObject({ dropped: [], execution: { version: 3, answers: { limpieza: 'Regular', alarma: true } } });
  });

  it('schedules the checklist per venue; executing an occurrence completes it; the numbers count it', async () => {
    expect((await api(operario, `/checklists/${checklistId}/schedules/`, { method: 'POST', json: { start: '2026-01-01T08:00', rrule: 'FREQ=DAILY', venues: [venueId] } })).status).toBe(403);
    const other = await json<{ id: string }>(await server.api('acme', '/api/organization/v3/venues/', { method: 'POST', token: admin, json: { name: 'Tienda Norte', code: 'T-2' } }), 201);
    expect(await json(await api(admin, `/checklists/${checklistId}/schedules/`, { method: 'POST', json: { start: '2026-01-01T08:00', rrule: 'FREQ=DAILY', venues: [other.id] } }), 400)).toMatchObject({
      code: 'place-not-allowed',
    });
    const created = await json<{ results: { public_id: string; venue: { id: string } | null; title: string }[] }>(
      await api(admin, `/checklists/${checklistId}/schedules/`, {
        method: 'POST',
        json: { start: '2026-01-01T08:00', timezone: 'America/Santiago', duration_minutes: 60, rrule: 'FREQ=DAILY', venues: [venueId], responsibles: [operarioPassport] },
      }),
      201,
    );
    expect(created.results).toEqual([expect.objectContaining({ venue: { id: venueId, name: 'Tienda Centro' }, title: 'Apertura de tienda (v2)' })]);
    const seriesId = created.results[0]!.public_id;
    expect((await json<{ results: unknown[] }>(await api(admin, `/checklists/${checklistId}/schedules/`), 200)).results).toHaveLength(1);
    const occurrence = await json<{ recurrenceId: string; content: unknown; status: string }>(
      await server.api('acme', `/api/activities/v3/activities/${seriesId}/occurrences/current/`, { token: operario }),
      200,
    );
    expect(occurrence.content).toEqual({ content_type: 'checklist', checklist_id: checklistId });
    const byHand = await server.api('acme', `/api/activities/v3/activities/${seriesId}/occurrences/${occurrence.recurrenceId}/completion/`, {
      method: 'POST',
      token: operario,
      json: { status: 'COMPLETED' },
    });
    expect(await json(byHand, 400)).toMatchObject({ code: 'checklist-required' });
    const activity = { public_id: seriesId, recurrenceId: occurrence.recurrenceId };
    expect(
      await json(await api(operario, `/checklists/${checklistId}/executions/`, { method: 'POST', json: { activity: { public_id: seriesId, recurrenceId: '20200101T110000Z' } } }), 400),
    ).toMatchObject({ code: 'occurrence-mismatch' });
    const draft = await json<Execution & { activity: unknown; venue: { id: string } }>(await api(operario, `/checklists/${checklistId}/executions/`, { method: 'POST', json: { activity } }), 201);
    expect(draft).toMatchObject({ activity, venue: { id: venueId } });
    const signature = await image(operario);
    const done = await json<Execution>(
      await api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { limpieza: 'Buena', alarma: true }, signatures: { executor: signature } } }),
      200,
    );
    expect(done).toMatchObject({ status: 'submitted', score: 100, result: 'aprobado' });
    const completed = await json<{ status: string; completion: { response_id: string } }>(
      await server.api('acme', `/api/activities/v3/activities/${seriesId}/occurrences/${occurrence.recurrenceId}/`, { token: operario }),
      200,
    );
    expect(completed).toMatchObject({ status: 'COMPLETED', completion: { response_id: draft.id } });
    expect(await json(await api(operario, `/checklists/${checklistId}/executions/`, { method: 'POST', json: { activity } }), 409)).toMatchObject({ code: 'already-completed' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const stats = await json<{ results: { bucket: string; executions: number; scheduled: number; completion_rate: number | null; average_score: number | null }[] }>(
      await api(admin, `/checklists/${checklistId}/stats/?from=${day(-2)}&to=${day(2)}&venue=${venueId}`),
      200,
    );
    expect(stats.results).toHaveLength(5);
    expect(stats.results.reduce((sum, p) => sum + p.scheduled, 0)).toBe(5);
    expect(stats.results.reduce((sum, p) => sum + p.executions, 0)).toBe(3);
    expect(stats.results.filter((p) => p.completion_rate === 1)).toHaveLength(1);
    expect(stats.results.some((p) => p.average_score !== null)).toBe(true);
    const weekly = await json<{ results: { bucket: string }[] }>(await api(admin, `/checklists/${checklistId}/stats/?from=2026-01-01&to=2026-01-31&bucket=week`), 200);
    expect(weekly.results.map((p) => p.bucket)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    expect((await api(operario, `/checklists/${checklistId}/stats/`)).status).toBe(403);
    expect(await json(await api(admin, `/checklists/${checklistId}/stats/?from=2020-01-01&to=2026-01-01`), 400)).toMatchObject({ code: 'range-too-long' });
  });

  it('updates in place while no execution uses the version; archive hides it from executors', async () => {
    const created = await json<{ id: string }>(
      await api(admin, '/checklists/', { method: 'POST', json: definition({ name: 'Cierre', pass_mark: null, signatures: { executor: false, second: false } }) }),
      201,
    );
    const updated = await json<{ version: number; name: string }>(
      await api(admin, `/checklists/${created.id}/`, { method: 'PUT', json: definition({ name: 'Cierre de tienda', pass_mark: null }) }),
      200,
    );
    expect(updated).toMatchObject({ version: 1, name: 'Cierre de tienda' });
    expect((await api(admin, `/checklists/${created.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(operario, `/checklists/${created.id}/`)).status).toBe(404);
    expect((await json<Page<{ id: string }>>(await api(operario, '/checklists/'), 200)).results.map((c) => c.id)).not.toContain(created.id);
    expect((await json<Page<{ id: string }>>(await api(admin, '/checklists/?archived=true'), 200)).results.map((c) => c.id)).toContain(created.id);
    expect(await json(await api(admin, `/categories/${categoryId}/`, { method: 'DELETE' }), 409)).toMatchObject({ code: 'category-in-use' });
  });

  it('reads ahead the definitions of listed checklists in one request: only those the caller may execute, in the asked order', async () => {
    const open = await json<{ id: string }>(await api(admin, '/checklists/', { method: 'POST', json: definition({ name: 'Ronda abierta', executors: {}, places: {}, supervisors: [] }) }), 201);
    openChecklistId = open.id;
    const archived = (await json<Page<{ id: string; archived: boolean }>>(await api(admin, '/checklists/?archived=true'), 200)).results.find((c) => c.archived)!.id;
    type Definitions = { results: { id: string; version: number; fields: unknown[]; sections: unknown[]; can_execute: boolean }[] };
    const ask = (token: string, ids: string[], subdomain = 'acme') => api(token, `/checklists/definitions/?ids=${ids.join(',')}`, {}, subdomain);
    const asked = [open.id, archived, '00000000-0000-4000-8000-000000000000', 'not-an-id', checklistId, open.id];
    const mine = await json<Definitions>(await ask(operario, asked), 200);
    expect(mine.results.map((c) => c.id)).toEqual([open.id, checklistId]);
    // each is what the execute screen reads one by one
    for (const one of mine.results) expect(one).toEqual(await json(await api(operario, `/checklists/${one.id}/`), 200));
    expect(mine.results.every((c) => c.can_execute && c.fields.length > 0 && c.sections.length > 0)).toBe(true);
    // not an executor of the first: left out, not refused; MANAGE does not widen it (only what one may execute)
    expect((await json<Definitions>(await ask(otro, asked), 200)).results.map((c) => c.id)).toEqual([open.id]);
    expect((await json<Definitions>(await ask(admin, asked), 200)).results.map((c) => c.id)).toEqual([open.id]);
    // no checklist key: refused; another tenant: nothing of ours
    expect((await ask(supervisor, [open.id])).status).toBe(403);
    expect((await json<Definitions>(await ask(foreign, [open.id, checklistId], 'otra'), 200)).results).toEqual([]);
    // at most 100 ids, at least one
    expect(
      await json(
        await ask(
          operario,
          Array.from({ length: 101 }, () => open.id),
        ),
        400,
      ),
    ).toMatchObject({ code: 'validation-error' });
    expect((await ask(operario, [])).status).toBe(400);
    expect(
      (
        await json<Definitions>(
          await ask(
            operario,
            Array.from({ length: 100 }, () => open.id),
          ),
          200,
        )
      ).results,
    ).toHaveLength(1);
  });

  it('sends one execution’s PDF report by e-mail: people and typed addresses, the PDF attached in the outbox; refusals send nothing; limited per person', async () => {
    const [failed] = (await json<Page<{ id: string }>>(await api(operario, '/executions/?result=reprobado'), 200)).results;
    const mail = (token: string, json: unknown, id = failed!.id) => api(token, `/executions/${id}/report-mail/`, { method: 'POST', json });
    const sentRows = () => server.running.platform.db.transaction(acmeId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.tenantId, acmeId)).orderBy(desc(mailOutbox.createdAt)));
    const before = (await sentRows()).length;

    // refusals: nothing sent, nothing recorded
    expect((await mail(otro, { emails: ['jefa@example.com'] })).status).toBe(404);
    expect(await json(await mail(operario, {}), 400)).toMatchObject({ code: 'recipients-required' });
    expect(await json(await mail(operario, { people: ['nadie'], emails: ['jefa@example.com'] }), 400)).toMatchObject({ errors: { 'people.0': [expect.any(String)] } });
    const eleven = Array.from({ length: 10 }, (_, i) => `p${i}@example.com`);
    expect(await json(await mail(operario, { people: [supervisorPassport], emails: eleven }), 400)).toMatchObject({ code: 'too-many-recipients' });
    expect(await json(await mail(operario, { emails: ['no es correo'] }), 400)).toMatchObject({ code: 'validation-error' });
    const draft = await json<Execution>(await api(operario, `/checklists/${openChecklistId}/executions/`, { method: 'POST', json: {} }), 201);
    expect(await json(await mail(operario, { emails: ['jefa@example.com'] }, draft.id), 409)).toMatchObject({ code: 'not-submitted' });
    expect((await sentRows()).length).toBe(before);

    // a person of the directory and a typed address (the same address twice is one recipient): one message each, the PDF attached
    const sent = await json<{ id: string; recipients: string[]; file_name: string; delivery: string }>(
      await mail(operario, { people: [supervisorPassport], emails: ['Jefa@Example.com', 'jefa@example.com'], message: 'Revisar la alarma antes del jueves.' }),
      200,
    );
    expect(sent).toMatchObject({ recipients: ['super@acme.test', 'Jefa@Example.com'], delivery: 'outbox' });
    expect(sent.file_name).toMatch(/^Apertura de tienda[ \w]*-[0-9a-f]{8}\.pdf$/);
    const rows = (await sentRows()).slice(0, 2);
    expect(rows.map((row) => row.recipient).sort()).toEqual(['Jefa@Example.com', 'super@acme.test']);
    for (const row of rows) {
      expect(row.subject).toMatch(/^Informe de checklist: Apertura de tienda/);
      expect(row.text).toContain('Revisar la alarma antes del jueves.');
      expect(row.text).toContain('Olga Operaria te envía el informe');
      expect(row.attachmentsStored).toBe(true);
      const [file] = row.attachments;
      expect(file).toMatchObject({ name: sent.file_name, content_type: 'application/pdf' });
      const bytes = await readAll((await server.running.platform.storage.get(file!.storage_key!)) as Readable);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
      expect(bytes.length).toBe(file!.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file!.sha256);
    }
    // the administrator reads it in the outbox
    expect(
      (await outbox(server, 'acme', admin))
        .slice(0, 2)
        .map((message) => message.recipient)
        .sort(),
    ).toEqual(['Jefa@Example.com', 'super@acme.test']);
    // MANAGE may send anyone's
    expect((await mail(admin, { emails: ['auditor@example.com'] })).status).toBe(200);

    // at most 10 sends per person per hour: the 11th is 429 with Retry-After, and sends nothing
    for (let i = 1; i < 10; i++) expect((await mail(operario, { emails: [`r${i}@example.com`] })).status).toBe(200);
    const count = (await sentRows()).length;
    const limited = await mail(operario, { emails: ['otra@example.com'] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await body(limited)).toMatchObject({ code: 'too-many-requests' });
    expect((await sentRows()).length).toBe(count);
    // audited: one row per send, naming the recipients
    const audited = await server.running.platform.db.transaction(acmeId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, acmeId), eq(auditLog.action, 'checklists.report.mail'))),
    );
    expect(audited).toHaveLength(11);
  });

  it('export files and e-mailed reports are deleted after 7 days: the export is EXPIRED and its download answers 410 expired', async () => {
    const platform = server.running.platform;
    const DAY = 86_400_000;
    const old = await exportOf(admin, { format: 'csv', filters: {} });
    expect(old.status).toBe('DONE');
    // the answer says until when the file can be downloaded: 7 days after it was finished
    expect(old.expires_at).toBe(new Date(Date.parse(old.finished_at!) + 7 * DAY).toISOString());
    const keyOf = async (id: string) =>
      (
        await platform.db.transaction(acmeId, (tx) =>
          tx
            .select()
            .from(checklistExports)
            .where(and(eq(checklistExports.tenantId, acmeId), eq(checklistExports.id, id))),
        )
      )[0]!;
    const { storageKey } = await keyOf(old.id);
    expect(storageKey).toBeTruthy();
    // six days on: kept
    await expireExports(platform, new Date(Date.now() + 6 * DAY));
    expect((await api(admin, `/executions/exports/${old.id}/download`)).status).toBe(200);
    // eight days on: the file is deleted, the export stays as EXPIRED
    expect(await expireExports(platform, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await json(await api(admin, `/executions/exports/${old.id}/`), 200)).toMatchObject({ status: 'EXPIRED', download_url: null, expires_at: old.expires_at });
    const gone = await api(admin, `/executions/exports/${old.id}/download`);
    expect(gone.status).toBe(410);
    expect(await body(gone)).toMatchObject({ code: 'expired' });
    expect(await keyOf(old.id)).toMatchObject({ status: 'EXPIRED', storageKey: null, size: null });
    await expect(platform.storage.get(storageKey!)).rejects.toThrow();
    // a second pass finds nothing more to do; a new export is not touched
    const fresh = await exportOf(admin, { format: 'xlsx', filters: {} });
    expect(await expireExports(platform, new Date(Date.now() + 1 * DAY))).toBe(0);
    expect((await api(admin, `/executions/exports/${fresh.id}/download`)).status).toBe(200);

    // the PDFs sent by e-mail: the outbox keeps what was sent, the files go
    const sent = () => platform.db.transaction(acmeId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.tenantId, acmeId)).orderBy(desc(mailOutbox.createdAt)));
    const stored = (await sent()).filter((row) => row.attachmentsStored);
    expect(stored.length).toBeGreaterThan(0);
    const keys = stored.flatMap((row) => row.attachments.map((file) => file.storage_key!));
    expect(await expireMailAttachments(platform, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await expireMailAttachments(platform, new Date(Date.now() + 8 * DAY))).toBe(stored.length);
    for (const row of await sent()) {
      expect(row.attachmentsStored).toBe(false);
      for (const file of row.attachments) expect(file).toMatchObject({ content_type: 'application/pdf', storage_key: null, size: expect.any(Number) });
    }
    for (const key of keys) await expect(platform.storage.get(key)).rejects.toThrow();
  });

  it('a checklist that asks for a second person’s signature refuses a submit without it or without the signer’s name, then keeps and shows both', async () => {
    const made = await json<{ id: string }>(
      await api(admin, '/checklists/', {
        method: 'POST',
        json: definition({ name: 'Entrega de turno', executors: {}, places: {}, supervisors: [], signatures: { executor: true, second: true } }),
      }),
      201,
    );
    const draft = await json<Execution>(await api(operario, `/checklists/${made.id}/executions/`, { method: 'POST', json: {} }), 201);
    const answers = { limpieza: 'Buena', alarma: true, temperatura: 3, vitrinas: 5 };
    const mine = await image(operario);
    const theirs = await image(operario);
    const submit = (signatures: unknown) => api(operario, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers, signatures } });
    expect(await json(await submit({ executor: mine }), 400)).toMatchObject({ code: 'signature-required', errors: { 'signatures.second': [expect.any(String)] } });
    expect((await submit({ executor: mine, second: { file: theirs, name: '  ' } })).status).toBe(400);
    expect((await json<Execution>(await api(operario, `/executions/${draft.id}/`), 200)).status).toBe('draft');
    const done = await json<Execution>(await submit({ executor: mine, second: { file: theirs, name: 'Sara Supervisora' } }), 200);
    expect(done).toMatchObject({ status: 'submitted', signatures: { executor: { id: mine }, second: { name: 'Sara Supervisora' } } });
    expect((await json<Execution>(await api(operario, `/executions/${draft.id}/`), 200)).signatures.second).toMatchObject({ name: 'Sara Supervisora' });
  });

  it('another tenant sees none of it', async () => {
    expect((await api(foreign, `/checklists/${checklistId}/`, {}, 'otra')).status).toBe(404);
    expect((await api(foreign, `/checklists/${checklistId}/`, { method: 'PUT', json: definition() }, 'otra')).status).toBe(404);
    expect((await api(foreign, `/checklists/${checklistId}/`, { method: 'DELETE' }, 'otra')).status).toBe(404);
    expect((await api(foreign, `/categories/${categoryId}/`, { method: 'PATCH', json: { name: 'x' } }, 'otra')).status).toBe(404);
    expect((await json<Page<unknown>>(await api(foreign, '/checklists/', {}, 'otra'), 200)).count).toBe(0);
    expect((await api(foreign, `/checklists/${checklistId}/executions/`, { method: 'POST', json: {} }, 'otra')).status).toBe(404);
    expect((await api(admin, `/checklists/${checklistId}/`, {}, 'otra')).status).toBe(403);
  });

  it('a picked venue must be one the picker offers, as in a form response', async () => {
    const made = await json<{ id: string }>(
      await api(admin, '/checklists/', {
        method: 'POST',
        json: {
          name: 'Visita',
          category: categoryId,
          sections: [{ id: 's', title: 'Sede', field_ids: [1] }],
          fields: [{ id: 1, type: 'venue', name: 'sede', label: 'Sede visitada', required: true }],
        },
      }),
      201,
    );
    const draft = await json<Execution>(await api(admin, `/checklists/${made.id}/executions/`, { method: 'POST', json: {} }), 201);
    const unknown = await api(admin, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { sede: '0190c0de-0000-7000-8000-000000000000' } } });
    expect(await json(unknown, 400)).toMatchObject({ code: 'invalid-answers', non_field_errors: [{ type: 'assertion_error', loc: ['response', 'sede'] }] });
    expect(await json<Execution>(await api(admin, `/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { sede: venueId } } }), 200)).toMatchObject({
      status: 'submitted',
      answers: { sede: venueId },
    });
  });
});

describe.each(engines())('checklists demo seed on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    ({ server } = await seededDemo(engine));
  });
  afterAll(() => server?.close());

  it('the operario executes "Apertura de tienda" of "Operaciones de tienda" and sees the submitted execution', async () => {
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    const get = async <T>(path: string) => {
      const response = await server.api('demo', `${BASE}${path}`, { token: operario });
      expect(response.status, path).toBe(200);
      return body<T>(response);
    };
    const categories = await get<{ results: { id: string; name: string; checklist_count: number }[] }>('/categories/');
    const store = categories.results.find((c) => c.name === 'Operaciones de tienda');
    expect(store).toMatchObject({ checklist_count: 1 });
    const list = await get<Page<{ id: string; name: string; can_execute: boolean }>>(`/checklists/?category=${store!.id}`);
    expect(list.results).toEqual([expect.objectContaining({ name: 'Apertura de tienda', can_execute: true })]);
    const detail = await get<{ sections: { title: string }[]; fields: { type: string }[]; items: { critical: boolean }[]; supervisors: { name: string }[] }>(`/checklists/${list.results[0]!.id}/`);
    expect(detail.sections.map((s) => s.title)).toEqual(['Acceso y seguridad', 'Cámara de frío', 'Sala de ventas']);
    expect(detail.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['multiple_choice', 'boolean', 'float', 'stars', 'image']));
    expect(detail.items.some((item) => item.critical)).toBe(true);
    expect(detail.supervisors).toEqual([expect.objectContaining({ name: 'Camila Rojas' })]);
    const executions = await get<Page<{ id: string; status: string; score: number; result: string; failed_count: number }>>('/executions/');
    expect(executions.results).toEqual([expect.objectContaining({ status: 'submitted', result: 'reprobado', failed_count: 1 })]);
    expect((await get<Execution>(`/executions/${executions.results[0]!.id}/`)).failed_items).toEqual([{ field_id: '4', reason: 'out-of-range', critical: false }]);
    const draft = await server.api('demo', `${BASE}/checklists/${list.results[0]!.id}/executions/`, { method: 'POST', token: operario, json: {} });
    expect(draft.status).toBe(201);
  });
});
