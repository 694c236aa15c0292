import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PNG_1X1, store, storedId, uploadWhole, uploadedId } from './documents.helpers.ts';

/**
 * Issue 43 point 4 (decision 026, 032): a corrective action carries the failed item's photos. The
 * activity holds them, so its responsible reads them on the occurrence without seeing the
 * execution; a member who cannot see the activity cannot read them.
 */
const BASE = '/api/checklists/v3';
const ACTIVITIES = '/api/activities/v3';

const FIELDS = [
  { id: 1, type: 'boolean', name: 'alarma', label: '¿Alarma desactivada?', required: true },
  { id: 2, type: 'boolean', name: 'extintor', label: '¿Extintor vigente?', required: true },
];
const ITEMS = [
  { field_id: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } },
  { field_id: 2, scoring: { kind: 'boolean', yes: 1, no: 0 } },
];

interface Occurrence {
  title: string;
  files?: { id: string; name: string; size: number; content_type: string; url: string }[];
}

describe.each(engines())('corrective action photos on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let operario: string;
  let responsable: string;
  let tercero: string;
  let foreign: string;
  let responsablePassport: string;
  let operarioPassport: string;
  let executionId: string;
  let failedPhotos: string[];
  let otherPhoto: string;
  let tenantId: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, token });
  const json = async <T = Record<string, unknown>>(response: Response, status: number): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const image = async (token: string, name: string) => storedId(await store(server, 'acme', token, await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, name))));
  const download = (token: string, id: string, subdomain = 'acme') => api(token, `${DM}/upload/${id}/download`, {}, subdomain);
  const metadata = async (token: string, ids: string[]) => json<Record<string, unknown>>(await api(token, `${DM}/files/metadata/`, { method: 'POST', json: { upload_ids: ids } }), 200);

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    tenantId = tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    foreign = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    operarioPassport = (await addMember(server, tenant.id, { email: 'operario@acme.test', name: 'Olga Operaria', permissions: ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_CHECKLISTS'] })).passport;
    // the responsible: sees activities, not checklists (no VIEW of the execution)
    responsablePassport = (await addMember(server, tenant.id, { email: 'resp@acme.test', name: 'Raúl Responsable', permissions: ['VIEW_HOME', 'VIEW_TASKS'] })).passport;
    // a third member who sees checklists and tasks but neither the execution nor the activity
    await addMember(server, tenant.id, { email: 'tercero@acme.test', name: 'Tere Tercera', permissions: ['VIEW_HOME', 'VIEW_TASKS', 'VIEW_CHECKLISTS'] });
    operario = (await signIn(server, 'acme', 'operario@acme.test', 'member-pass')).id_token;
    responsable = (await signIn(server, 'acme', 'resp@acme.test', 'member-pass')).id_token;
    tercero = (await signIn(server, 'acme', 'tercero@acme.test', 'member-pass')).id_token;

    const category = await json<{ id: string }>(await api(admin, `${BASE}/categories/`, { method: 'POST', json: { name: 'Seguridad' } }), 201);
    const checklist = await json<{ id: string }>(
      await api(admin, `${BASE}/checklists/`, {
        method: 'POST',
        json: {
          name: 'Cierre de tienda',
          category: category.id,
          sections: [{ id: 's', title: 'Seguridad', field_ids: [1, 2] }],
          fields: FIELDS,
          items: ITEMS,
          executors: { persons: [operarioPassport] },
        },
      }),
      201,
    );
    const draft = await json<{ id: string }>(await api(operario, `${BASE}/checklists/${checklist.id}/executions/`, { method: 'POST', json: {} }), 201);
    executionId = draft.id;
    failedPhotos = [await image(operario, 'alarma-1.png'), await image(operario, 'alarma-2.png')];
    otherPhoto = await image(operario, 'extintor.png');
    const submitted = await json<{ status: string; failed_items: { field_id: string }[] }>(
      await api(operario, `${BASE}/executions/${executionId}/submit/`, {
        method: 'POST',
        json: { answers: { alarma: false, extintor: true }, photos: { '1': failedPhotos, '2': [otherPhoto] } },
      }),
      200,
    );
    expect(submitted).toMatchObject({ status: 'submitted', failed_items: [{ field_id: '1' }] });
  });
  afterAll(() => server?.close());

  it('the action’s activity holds the failed item’s photos: its responsible reads them without seeing the execution, a third member cannot', async () => {
    // before the action, the responsible cannot see the execution nor read its photos
    expect([403, 404]).toContain((await api(responsable, `${BASE}/executions/${executionId}/`)).status);
    expect((await download(responsable, failedPhotos[0]!)).status).toBe(404);

    const action = await json<{ public_id: string; recurrenceId: string }>(
      await api(operario, `${BASE}/executions/${executionId}/actions/`, {
        method: 'POST',
        json: { field_id: '1', title: 'Reparar la alarma', responsible: responsablePassport, due: '2030-01-10T10:00', timezone: 'America/Santiago' },
      }),
      201,
    );
    const occurrencePath = `${ACTIVITIES}/activities/${action.public_id}/occurrences/${action.recurrenceId}/`;

    // the occurrence detail lists the failed item's photos, in their order, and not the other item's
    const occurrence = await json<Occurrence>(await api(responsable, occurrencePath), 200);
    expect(occurrence.title).toBe('Reparar la alarma');
    expect(occurrence.files).toEqual(failedPhotos.map((id, n) => ({ id, name: `alarma-${n + 1}.png`, size: PNG_1X1.length, content_type: 'image/png', url: `${DM}/upload/${id}/download` })));

    // the responsible reads them through the activity (download, metadata), still without the execution
    expect([403, 404]).toContain((await api(responsable, `${BASE}/executions/${executionId}/`)).status);
    for (const id of failedPhotos) {
      const answer = await download(responsable, id);
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    }
    expect(Object.keys(await metadata(responsable, [...failedPhotos, otherPhoto])).sort()).toEqual([...failedPhotos].sort());
    // the photo of an item that did not fail stays the execution's
    expect((await download(responsable, otherPhoto)).status).toBe(404);

    // a third member sees neither the activity nor its files; another tenant neither
    expect((await api(tercero, occurrencePath)).status).toBe(404);
    expect((await download(tercero, failedPhotos[0]!)).status).toBe(404);
    expect(await metadata(tercero, failedPhotos)).toEqual({});
    expect((await download(foreign, failedPhotos[0]!, 'otra')).status).toBe(404);

    // the executor and a manager still read them (through the execution) and see them on the occurrence
    expect((await download(operario, failedPhotos[1]!)).status).toBe(200);
    expect((await json<Occurrence>(await api(admin, occurrencePath), 200)).files?.map((file) => file.id)).toEqual(failedPhotos);
  });

  it('an activity made by hand holds no files; a deleted action activity lets its photos go', async () => {
    const plain = await json<{ public_id: string }>(
      await api(admin, `${ACTIVITIES}/activities/`, {
        method: 'POST',
        json: { title: 'Ronda', start: '2030-02-01T09:00', timezone: 'America/Santiago', duration_minutes: 30, responsibles: [responsablePassport] },
      }),
      201,
    );
    expect((await json<Occurrence>(await api(responsable, `${ACTIVITIES}/activities/${plain.public_id}/occurrences/current/`), 200)).files).toEqual([]);

    const second = await json<{ public_id: string }>(
      await api(admin, `${BASE}/executions/${executionId}/actions/`, {
        method: 'POST',
        json: { field_id: '1', title: 'Cambiar la central', responsible: responsablePassport, due: '2030-01-11T10:00', timezone: 'America/Santiago' },
      }),
      201,
    );
    // two actions on the item: the responsible reads through either; with the first one removed, through the second
    const [first] = (await json<{ actions: { public_id: string }[] }>(await api(admin, `${BASE}/executions/${executionId}/`), 200)).actions;
    expect((await api(admin, `${ACTIVITIES}/activities/${first!.public_id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await download(responsable, failedPhotos[0]!)).status).toBe(200);
    expect((await api(admin, `${ACTIVITIES}/activities/${second.public_id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await download(responsable, failedPhotos[0]!)).status).toBe(404);
    expect((await download(operario, failedPhotos[0]!)).status).toBe(200);
  });

  it('migration 0052 gives the actions raised before it their photos, as createAction holds them now', async () => {
    const action = await json<{ public_id: string }>(
      await api(admin, `${BASE}/executions/${executionId}/actions/`, {
        method: 'POST',
        json: { field_id: '1', title: 'Probar la alarma', responsible: responsablePassport, due: '2030-01-12T10:00', timezone: 'America/Santiago' },
      }),
      201,
    );
    const db = server.running.platform.db;
    const holdings = async () =>
      (
        (await db.ownerDrizzle((d) => d.execute(sql`SELECT upload_id, holder_id FROM file_holdings WHERE tenant_id = ${tenantId} AND holder_kind = 'activity' ORDER BY 1, 2`))) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const before = await holdings();
    // ORDER BY follows the database's collation (C on PGlite, the locale's on PostgreSQL): compare as a set
    expect(before).toHaveLength(failedPhotos.length);
    expect(before).toEqual(expect.arrayContaining(failedPhotos.map((id) => ({ upload_id: id, holder_id: action.public_id }))));
    // as before this change: the action's activity holds nothing
    await db.ownerDrizzle((d) => d.execute(sql`DELETE FROM file_holdings WHERE tenant_id = ${tenantId} AND holder_kind = 'activity'`));
    expect((await download(responsable, failedPhotos[0]!)).status).toBe(404);
    const migration = readFileSync(new URL('../migrations/0052_activity_photo_holdings.sql', import.meta.url), 'utf8');
    await db.ownerDrizzle((d) => d.execute(sql.raw(migration)));
    expect(await holdings()).toEqual(before);
    expect((await download(responsable, failedPhotos[0]!)).status).toBe(200);
    // run again, it adds nothing
    await db.ownerDrizzle((d) => d.execute(sql.raw(migration)));
    expect(await holdings()).toEqual(before);
  });
});
