import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PNG_1X1, uploadWhole } from './documents.helpers.ts';

const FORMS = '/api/forms/v3/forms';

const DEFINITION = [
  { id: 1, type: 'display_text', text: 'Inspección diaria' },
  { id: 2, type: 'text', name: 'comentario', label: 'Comentario', required: false, skippable: false, validators: [{ type: 'min_length', limit_value: 3 }] },
  { id: 3, type: 'integer', name: 'temperatura', label: 'Temperatura', required: true, skippable: true, validators: [{ type: 'min_value', value: 5 }] },
  { id: 4, type: 'boolean', name: 'hay_fuga', label: '¿Hay fuga?', required: true, skippable: false, validators: [] },
  { id: 5, type: 'text', name: 'detalle_fuga', label: 'Detalle', required: true, skippable: false, validators: [], show_if: 'hay_fuga == true' },
  { id: 6, type: 'datetime', name: 'revisado', label: 'Revisado', required: false, skippable: false, validators: [] },
  { id: 7, type: 'files', name: 'fotos', label: 'Fotos', required: false, skippable: false, validators: [], max_files: 2 },
];

describe.each(engines())('forms on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let worker: string;
  let other: string;
  let formId: string;

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    await addMember(server, tenant.id, { email: 'worker@acme.test', permissions: ['VIEW_HOME'] });
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
  });
  afterAll(() => server?.close());

  it('creates a form (MANAGE_WF) and reads its latest version', async () => {
    const denied = await server.api('acme', FORMS + '/', { method: 'POST', token: worker, json: { name: 'X', description: DEFINITION } });
    expect(denied.status).toBe(403);
    const created = await server.api('acme', FORMS + '/', { method: 'POST', token: admin, json: { name: 'Inspección', description: DEFINITION } });
    expect(created.status).toBe(201);
    const form = await body<{ id: string; version: number; name: string; description: unknown[] }>(created);
    expect(form).toMatchObject({ version: 1, name: 'Inspección' });
    expect(form.description).toHaveLength(DEFINITION.length);
    formId = form.id;
    const read = await server.api('acme', `${FORMS}/${formId}/`, { token: worker });
    expect(read.status).toBe(200);
    expect(await body(read)).toMatchObject({ id: formId, version: 1 });
  });

  it('refuses a definition that breaks the schema, with field errors', async () => {
    const duplicate = [...DEFINITION, { id: 8, type: 'text', name: 'comentario', label: 'Otra vez', required: false, skippable: false, validators: [] }];
    const response = await server.api('acme', FORMS + '/', { method: 'POST', token: admin, json: { name: 'Mala', description: duplicate } });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ code: 'validation-error' });
    const badCondition = [{ id: 1, type: 'text', name: 'a', label: 'A', required: false, skippable: false, validators: [], show_if: 'b ==' }];
    expect((await server.api('acme', FORMS + '/', { method: 'POST', token: admin, json: { name: 'Mala', description: badCondition } })).status).toBe(400);
  });

  it('saves new versions but never renames a field', async () => {
    const next = DEFINITION.map((field) => (field.id === 2 ? { ...field, label: 'Comentarios' } : field));
    const saved = await server.api('acme', `${FORMS}/${formId}/`, { method: 'PUT', token: admin, json: { name: 'Inspección v2', description: next } });
    expect(saved.status).toBe(200);
    expect(await body(saved)).toMatchObject({ version: 2, name: 'Inspección v2' });
    const renamed = DEFINITION.map((field) => (field.id === 2 ? { ...field, name: 'comentarios' } : field));
    const refused = await server.api('acme', `${FORMS}/${formId}/`, { method: 'PUT', token: admin, json: { name: 'X', description: renamed } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await body(refused))).toContain('comentario');
    const v1 = await server.api('acme', `${FORMS}/${formId}/versions/1/`, { token: worker });
    expect(await body(v1)).toMatchObject({ version: 1, name: 'Inspección' });
  });

  it('refuses a save from a version that is no longer the latest, and keeps the newer one', async () => {
    const created = await body<{ id: string }>(await server.api('acme', FORMS + '/', { method: 'POST', token: admin, json: { name: 'Inspección', description: DEFINITION } }));
    const other = created.id;
    const latest = await body<{ version: number; name: string }>(await server.api('acme', `${FORMS}/${other}/`, { token: admin }));
    const fromLatest = await server.api('acme', `${FORMS}/${other}/`, { method: 'PUT', token: admin, json: { name: 'Inspección v3', description: DEFINITION, base_version: latest.version } });
    expect(fromLatest.status).toBe(200);
    expect(await body(fromLatest)).toMatchObject({ version: latest.version + 1, name: 'Inspección v3' });
    // A second editor still on the earlier version.
    const stale = await server.api('acme', `${FORMS}/${other}/`, { method: 'PUT', token: admin, json: { name: 'Pisada', description: DEFINITION, base_version: latest.version } });
    expect(stale.status).toBe(409);
    expect(await body(stale)).toMatchObject({ code: 'form-version-conflict', current_version: latest.version + 1 });
    const kept = await body<{ version: number; name: string }>(await server.api('acme', `${FORMS}/${other}/`, { token: admin }));
    expect(kept).toMatchObject({ version: latest.version + 1, name: 'Inspección v3' });
    const badBase = await server.api('acme', `${FORMS}/${other}/`, { method: 'PUT', token: admin, json: { name: 'X', description: DEFINITION, base_version: 0 } });
    expect(badBase.status).toBe(400);
  });

  it('rejects a response that breaks the rules with one assertion error per field, and stores nothing', async () => {
    const response = await server.api('acme', `${FORMS}/${formId}/responses/`, {
      method: 'POST',
      token: worker,
      json: { response: { comentario: 'ok', temperatura: 2, hay_fuga: true } },
    });
    expect(response.status).toBe(400);
    const errors = await body<{ non_field_errors: { type: string; loc: string[]; msg: string }[] }>(response);
    expect(errors.non_field_errors).toEqual([
      { type: 'assertion_error', loc: ['response', 'comentario'], msg: 'El campo debe tener al menos 3 caracteres.' },
      { type: 'assertion_error', loc: ['response', 'temperatura'], msg: 'Debe ser al menos 5' },
      { type: 'assertion_error', loc: ['response', 'detalle_fuga'], msg: 'This field is required' },
    ]);
    const list = await body<{ count: number }>(await server.api('acme', `${FORMS}/${formId}/responses/`, { token: admin }));
    expect(list.count).toBe(0);
  });

  it('stores a valid response after the submit conversion', async () => {
    const response = await server.api('acme', `${FORMS}/${formId}/responses/`, {
      method: 'POST',
      token: worker,
      json: {
        response: {
          comentario: '',
          temperatura: null,
          temperatura_skipped: true,
          hay_fuga: false,
          detalle_fuga: 'hidden fields are not stored',
          revisado: '2026-11-21T09:30:00-03:00',
        },
      },
    });
    expect(response.status).toBe(201);
    const stored = await body<{ response: Record<string, unknown>; user: { name: string }; form_version: number }>(response);
    expect(stored.form_version).toBe(2);
    expect(stored.user.name).toBe('worker@acme.test');
    expect(stored.response).toEqual({ temperatura: null, temperatura_skipped: true, hay_fuga: false, revisado: '2026-11-21T12:30:00.000+00:00' });
  });

  it('checks file answers against the stored files of the tenant', async () => {
    const temp = await (await uploadWhole(server, 'acme', worker, PNG_1X1, 'foto.png', { contentType: 'image/png' })).text();
    const stored = await body<{ upload_id: string }>(await server.api('acme', `${DM}/filepond/${temp}/store`, { method: 'POST', token: worker }));
    const link = `${DM}/upload/${stored.upload_id}/download`;
    const ok = await server.api('acme', `${FORMS}/${formId}/responses/`, { method: 'POST', token: worker, json: { response: { temperatura: 9, hay_fuga: false, fotos: [link] } } });
    expect(ok.status).toBe(201);
    expect((await body<{ response: Record<string, unknown> }>(ok)).response.fotos).toEqual([link]);
    const unknown = await server.api('acme', `${FORMS}/${formId}/responses/`, {
      method: 'POST',
      token: worker,
      json: { response: { temperatura: 9, hay_fuga: false, fotos: [`${DM}/upload/nope-nope-nope/download`] } },
    });
    expect(unknown.status).toBe(400);
    expect((await body<{ non_field_errors: { loc: string[] }[] }>(unknown)).non_field_errors[0]!.loc).toEqual(['response', 'fotos']);
  });

  it('lists every response for form managers and only their own for others', async () => {
    const all = await body<{ count: number; results: { user: { name: string } }[] }>(await server.api('acme', `${FORMS}/${formId}/responses/?page_size=10`, { token: admin }));
    expect(all.count).toBe(2);
    await server.api('acme', `${FORMS}/${formId}/responses/`, { method: 'POST', token: admin, json: { response: { temperatura: 10, hay_fuga: false } } });
    const mine = await body<{ count: number; results: { user: { name: string } }[] }>(await server.api('acme', `${FORMS}/${formId}/responses/`, { token: worker }));
    expect(mine.count).toBe(2);
    expect(mine.results.every((r) => r.user.name === 'worker@acme.test')).toBe(true);
  });

  it('keeps forms and responses inside their tenant', async () => {
    expect((await server.api('otra', `${FORMS}/${formId}/`, { token: other })).status).toBe(404);
    expect((await server.api('otra', `${FORMS}/${formId}/responses/`, { token: other })).status).toBe(404);
    expect((await server.api('otra', `${FORMS}/${formId}/responses/`, { method: 'POST', token: other, json: { response: {} } })).status).toBe(404);
    expect((await server.api('otra', `${FORMS}/${formId}/`, { method: 'PUT', token: other, json: { name: 'x', description: DEFINITION } })).status).toBe(404);
    const list = await body<{ count: number }>(await server.api('otra', `${FORMS}/`, { token: other }));
    expect(list.count).toBe(0);
    expect((await server.api('acme', `${FORMS}/not-a-uuid/`, { token: admin })).status).toBe(404);
  });

  it('evaluates show_if expressions for the builder preview', async () => {
    const ok = await server.api('acme', '/api/logic-parser/v3/evaluate', { method: 'POST', token: worker, json: { expression: 'a > 3 and b in ["x", "y"]', values: { a: 4, b: 'y' } } });
    expect(ok.status).toBe(200);
    expect(await body(ok)).toEqual({ result: true });
    const bad = await server.api('acme', '/api/logic-parser/v3/evaluate', { method: 'POST', token: worker, json: { expression: 'a > (3', values: {} } });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ code: 'invalid-expression' });
    const hostile = await server.api('acme', '/api/logic-parser/v3/evaluate', { method: 'POST', token: worker, json: { expression: '('.repeat(5000) + '1' + ')'.repeat(5000), values: {} } });
    expect(hostile.status).toBe(400);
    expect((await server.api('acme', '/api/logic-parser/v3/evaluate', { method: 'POST', json: { expression: '1', values: {} } })).status).toBe(401);
  });
});
