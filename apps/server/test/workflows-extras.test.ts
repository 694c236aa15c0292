import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdFiles } from '../src/modules/documents/index.ts';
import { expireExports } from '../src/platform/tabular-export.ts';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { WF, createForm, execution, publishModel, xml } from './workflows.helpers.ts';

interface WfExport {
  id: string;
  status: string;
  finished_at: string | null;
  expires_at: string | null;
  percent: number;
  rows: number;
  file_name: string;
  upload_id: string | null;
  download_url: string | null;
}
interface Card {
  execution: string;
  allowed_columns: string[];
  column: string | null;
  status: string;
  task: { id: string; bpmn_id: string; form_id: string | null } | null;
  fields: { name: string; text: string }[];
  started_by: string | null;
}

const DRAFT_TEXT = "Can't execute a workflow draft. You must publish it first.";

describe.each(engines())('workflows extras (exports, kanban, public links) on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let worker: string;
  let outsider: string;
  let other: string;
  let typeId: string;
  let versionId: string;
  let startForm: string;
  let approveForm: string;
  let closeForm: string;
  let acme: string;
  const api = (path: string, token: string | undefined, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}, tenant = 'acme') =>
    server.api(tenant, WF + path, { ...(token ? { token } : {}), ...init });
  const start = async (token: string, variables: Record<string, unknown>) => {
    const response = await api(`/versions/${versionId}/executions/`, token, { method: 'POST', json: { variables } });
    if (response.status !== 201) throw new Error(`start: ${response.status} ${await response.text()}`);
    return body<{ id: string }>(response);
  };
  const waitExport = async (id: string, token: string): Promise<WfExport> => {
    for (let i = 0; i < 300; i++) {
      const e = await body<WfExport>(await api(`/executions-exports/${id}/`, token));
      if (e.status === 'DONE' || e.status === 'FAILED') return e;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('export did not finish');
  };
  const exportCsv = async (token: string, filters: Record<string, unknown> = {}) => {
    const created = await api(`/workflow-types/${typeId}/executions/exports/`, token, { method: 'POST', json: { format: 'csv', ...filters } });
    expect(created.status).toBe(202);
    const done = await waitExport((await body<WfExport>(created)).id, token);
    expect(done.status).toBe('DONE');
    const file = await server.api('acme', done.download_url!, { token });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf'); // the BOM, so spreadsheets read UTF-8
    const text = bytes.toString('utf8');
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { skipEmptyLines: true });
    return { done, header: parsed.data[0]!, rows: parsed.data.slice(1) };
  };

  beforeAll(async () => {
    server = await startServer(engine, { env: { TRUST_PROXY: 'true' } });
    const { tenant } = await makeTenant(server, 'acme');
    acme = tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    await addMember(server, tenant.id, { email: 'worker@acme.test', permissions: ['VIEW_WF'] });
    worker = (await signIn(server, 'acme', 'worker@acme.test', 'member-pass')).id_token;
    await addMember(server, tenant.id, { email: 'outsider@acme.test', permissions: ['VIEW_HOME'] });
    outsider = (await signIn(server, 'acme', 'outsider@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    startForm = await createForm(server.api, 'acme', admin, 'Solicitud', [
      { type: 'text', name: 'title', label: 'Título', required: true },
      { type: 'integer', name: 'amount', label: 'Monto' },
    ]);
    approveForm = await createForm(server.api, 'acme', admin, 'Revisión', [{ type: 'boolean', name: 'approved', label: 'Aprobado', required: true }]);
    closeForm = await createForm(server.api, 'acme', admin, 'Cierre', [{ type: 'text', name: 'note', label: 'Nota' }]);
    ({ typeId, versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Mantención',
      [
        { id: 'start', kind: 'start', formId: startForm },
        { id: 'review', kind: 'userTask', name: 'Revisión', formId: approveForm },
        { id: 'close', kind: 'userTask', name: 'Cierre', formId: closeForm },
        { id: 'end', kind: 'end' },
      ],
      [
        { id: 'f1', from: 'start', to: 'review' },
        { id: 'f2', from: 'review', to: 'close' },
        { id: 'f3', from: 'close', to: 'end' },
      ],
    ));
  });
  afterAll(() => server?.close());

  // ------------------------------------------------------------------------------------ kanban

  const columns = [
    { id: 'c-review', title: 'Revisión', kind: 'task', value: 'review' },
    { id: 'c-close', title: 'Cierre', kind: 'task', value: 'close' },
    { id: 'c-done', title: 'Terminado', kind: 'status', value: 'Success' },
  ];

  it('kanban configuration: options, create, bad input, permissions, update, delete', async () => {
    const options = await body<{ tasks: { bpmn_id: string }[]; variables: { name: string; label: string }[] }>(await api(`/workflow-types/${typeId}/kanban-options/`, admin));
    expect(options.tasks.map((t) => t.bpmn_id)).toEqual(['review', 'close']);
    expect(options.variables).toEqual(
      expect.arrayContaining([
        { name: 'title', label: 'Título' },
        { name: 'approved', label: 'Aprobado' },
      ]),
    );

    const bad = await api(`/workflow-types/${typeId}/kanbans/`, admin, { method: 'POST', json: { name: 'X', columns: [{ id: 'a', title: 'A', kind: 'task', value: 'nope' }] } });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ code: 'validation-error', errors: { columns: [expect.stringContaining('nope')] } });
    const badField = await api(`/workflow-types/${typeId}/kanbans/`, admin, { method: 'POST', json: { name: 'X', columns, card_fields: ['secret'] } });
    expect(badField.status).toBe(400);
    expect((await api(`/workflow-types/${typeId}/kanbans/`, admin, { method: 'POST', json: { name: '', columns } })).status).toBe(400);
    expect((await api(`/workflow-types/${typeId}/kanbans/`, worker, { method: 'POST', json: { name: 'X', columns } })).status).toBe(403);

    const created = await api(`/workflow-types/${typeId}/kanbans/`, admin, { method: 'POST', json: { name: 'Tablero', columns, card_fields: ['title'] } });
    expect(created.status).toBe(201);
    const board = await body<{ id: string }>(created);
    const listed = await body<{ results: { id: string }[] }>(await api(`/workflow-types/${typeId}/kanbans/`, worker));
    expect(listed.results.map((k) => k.id)).toContain(board.id);
    const put = await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, admin, { method: 'PUT', json: { name: 'Tablero 2', columns: columns.slice(0, 2), card_fields: [] } });
    expect(put.status).toBe(200);
    expect(await body(put)).toMatchObject({ name: 'Tablero 2', columns: columns.slice(0, 2) });
    expect((await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, worker, { method: 'DELETE' })).status).toBe(403);
    // another tenant can neither read nor delete it
    expect((await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, other, {}, 'otra')).status).toBe(404);
    expect((await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, other, { method: 'DELETE' }, 'otra')).status).toBe(404);
    expect((await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, admin, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/workflow-types/${typeId}/kanbans/${board.id}/`, admin)).status).toBe(404);
  });

  it('kanban board: cards in columns; a move the model allows completes the step (form answered), others are 409 and change nothing', async () => {
    const kanban = await body<{ id: string }>(await api(`/workflow-types/${typeId}/kanbans/`, admin, { method: 'POST', json: { name: 'Tablero', columns, card_fields: ['title'] } }));
    const one = await start(admin, { title: 'Gotera bodega', amount: 3 });
    const two = await start(admin, { title: 'Luz pasillo' });
    const boardPath = `/workflow-types/${typeId}/kanbans/${kanban.id}/board/`;
    const movesPath = `/workflow-types/${typeId}/kanbans/${kanban.id}/moves/`;
    const cardOf = async (id: string, token = admin) => (await body<{ cards: Card[] }>(await api(boardPath, token))).cards.find((c) => c.execution === id);

    const first = await cardOf(one.id);
    expect(first).toMatchObject({
      column: 'c-review',
      status: 'InProcess',
      task: { bpmn_id: 'review', form_id: approveForm },
      fields: [{ name: 'title', text: 'Gotera bodega' }],
      allowed_columns: ['c-close'],
    });

    // skipping a step: review → done is not what the model does next
    const skip = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-done' } });
    expect(skip.status).toBe(409);
    expect(await body(skip)).toMatchObject({ code: 'move-not-allowed' });
    // the task has a form: the move needs its answer
    const blind = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-close' } });
    expect(blind.status).toBe(409);
    expect(await body(blind)).toMatchObject({ code: 'form-required', form_id: approveForm });
    const wrongAnswer = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-close', response: {} } });
    expect(wrongAnswer.status).toBe(400);
    expect((await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'nowhere' } })).status).toBe(400);
    expect((await cardOf(one.id))?.column).toBe('c-review');
    // a person who does not see the execution cannot move it
    expect((await api(movesPath, worker, { method: 'POST', json: { execution: one.id, to_column: 'c-close', response: { approved: true } } })).status).toBe(404);

    const moved = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-close', response: { approved: true } } });
    expect(moved.status).toBe(200);
    expect(await body(moved)).toMatchObject({ execution: one.id, column: 'c-close', task: { bpmn_id: 'close' } });
    const afterMove = await execution(server.api, 'acme', admin, one.id);
    expect(afterMove.variables).toMatchObject({ approved: true });
    expect(afterMove.tasks.find((t) => t.bpmn_id === 'review')?.successfully_completed).toBe(true);

    const done = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-done', response: { note: 'Listo' } } });
    expect(done.status).toBe(200);
    expect(await body(done)).toMatchObject({ column: 'c-done', status: 'Success', allowed_columns: [] });
    const back = await api(movesPath, admin, { method: 'POST', json: { execution: one.id, to_column: 'c-review' } });
    expect(back.status).toBe(409);
    expect((await cardOf(two.id))?.column).toBe('c-review');
    // another tenant's host: no board, no move
    expect((await api(boardPath, other, {}, 'otra')).status).toBe(404);
    expect((await api(movesPath, other, { method: 'POST', json: { execution: two.id, to_column: 'c-close', response: { approved: true } } }, 'otra')).status).toBe(404);
    expect((await cardOf(two.id))?.column).toBe('c-review');
    // a worker sees the board but only its own executions
    expect((await body<{ cards: Card[] }>(await api(boardPath, worker))).cards).toEqual([]);
    expect((await api(boardPath, outsider)).status).toBe(403);
  });

  // ------------------------------------------------------------------------------------ exports

  it('export: CSV with one column per form field, statuses in words; an empty filter gives headers only; XLSX; permissions', async () => {
    const mine = await start(worker, { title: 'Silla rota', amount: 1 });
    const all = await exportCsv(admin);
    expect(all.header.slice(0, 7)).toEqual(['ID', 'Estado', 'Iniciado por', 'Iniciado', 'Actualizado', 'Completado', 'Paso actual']);
    expect(all.header.slice(7)).toEqual(expect.arrayContaining(['Título', 'Monto', 'Aprobado']));
    const col = (name: string) => all.header.indexOf(name);
    const listed = await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin));
    expect(all.rows.length).toBe(listed.count);
    expect(all.done.rows).toBe(listed.count);
    const finished = all.rows.find((r) => r[col('Título')] === 'Gotera bodega')!;
    expect(finished[col('Estado')]).toBe('Completado con éxito');
    expect(finished[col('Aprobado')]).toBe('Sí');
    expect(finished[col('Monto')]).toBe('3');
    const open = all.rows.find((r) => r[col('Título')] === 'Luz pasillo')!;
    expect(open[col('Estado')]).toBe('En proceso');
    expect(open[col('Paso actual')]).toBe('Revisión');
    expect(open[col('Aprobado')]).toBe('Sin respuesta');

    // a filter that matches nothing: a file with the header and no rows
    const none = await exportCsv(admin, { status: 'Error' });
    expect(none.header).toEqual(all.header);
    expect(none.rows).toEqual([]);
    expect(none.done.rows).toBe(0);
    const byStatus = await exportCsv(admin, { status: 'Success' });
    expect(byStatus.rows.every((r) => r[1] === 'Completado con éxito')).toBe(true);
    expect(byStatus.rows.length).toBeGreaterThan(0);

    // the list's started_by: 'me', or a passport (one nobody has matches nothing)
    const meOnly = await exportCsv(admin, { started_by: 'me' });
    expect(meOnly.rows.map((r) => r[0])).not.toContain(mine.id);
    expect(meOnly.rows.length).toBe(all.rows.length - 1);
    expect((await exportCsv(admin, { started_by: 'no-such-passport' })).rows).toEqual([]);

    // a person without MANAGE_WF exports only the executions it started or works on
    const own = await exportCsv(worker);
    expect(own.rows.map((r) => r[0])).toEqual([mine.id]);

    // XLSX: a zip (the OOXML package) in the document manager
    const x = await api(`/workflow-types/${typeId}/executions/exports/`, admin, { method: 'POST', json: { format: 'xlsx' } });
    const xdone = await waitExport((await body<WfExport>(x)).id, admin);
    expect(xdone).toMatchObject({ status: 'DONE', percent: 100 });
    expect(xdone.file_name).toMatch(/^mantencion-ejecuciones-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = Buffer.from(await (await server.api('acme', xdone.download_url!, { token: admin })).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const meta = await body<{ results?: { name: string }[] } | { name: string }[]>(
      await server.api('acme', '/api/document-manager/v3/files/metadata/', { method: 'POST', token: admin, json: { upload_ids: [xdone.upload_id] } }),
    );
    expect(JSON.stringify(meta)).toContain(xdone.file_name);

    // permissions and bad input
    expect((await api(`/workflow-types/${typeId}/executions/exports/`, outsider, { method: 'POST', json: {} })).status).toBe(403);
    expect((await api(`/workflow-types/${typeId}/executions/exports/`, admin, { method: 'POST', json: { format: 'pdf' } })).status).toBe(400);
    expect((await api(`/workflow-types/00000000-0000-4000-8000-000000000000/executions/exports/`, admin, { method: 'POST', json: {} })).status).toBe(404);
    const range = await api(`/workflow-types/${typeId}/executions/exports/`, admin, { method: 'POST', json: { created_from: '2026-02-01T00:00:00Z', created_to: '2026-01-01T00:00:00Z' } });
    expect(range.status).toBe(400);
    expect(await body(range)).toMatchObject({ code: 'validation-error', errors: { created_to: expect.any(Array) } });
    // only the requester reads an export; another tenant neither reads it nor exports this type
    expect((await api(`/executions-exports/${xdone.id}/`, worker)).status).toBe(404);
    expect((await api(`/executions-exports/${xdone.id}/`, other, {}, 'otra')).status).toBe(404);
    expect((await api(`/workflow-types/${typeId}/executions/exports/`, other, { method: 'POST', json: {} }, 'otra')).status).toBe(404);
  });

  it('export files are kept 7 days, as the other exports’: then the export is EXPIRED, its download answers 410 expired and its file is gone', async () => {
    const platform = server.running.platform;
    const DAY = 86_400_000;
    const { done: old } = await exportCsv(admin);
    // the answer says until when: 7 days after it was finished; the download is the export's own
    expect(old.expires_at).toBe(new Date(Date.parse(old.finished_at!) + 7 * DAY).toISOString());
    expect(old.download_url).toBe(`${WF}/executions-exports/${old.id}/download`);
    const pending = await body<WfExport>(await api(`/workflow-types/${typeId}/executions/exports/`, admin, { method: 'POST', json: { format: 'csv' } }));
    expect(pending).toMatchObject({ status: 'PENDING', expires_at: null });
    await waitExport(pending.id, admin);
    // another export whose file something else holds too (its requester attached it elsewhere): that copy stays
    const { done: shared } = await exportCsv(admin);
    await platform.db.transaction(acme, (tx) => holdFiles(tx, acme, { kind: 'post', id: crypto.randomUUID() }, [shared.upload_id!], { by: null }));
    const storageKey = async (uploadId: string) =>
      (
        (await platform.db.ownerDrizzle((db) => db.execute(sql`SELECT storage_key FROM stored_files WHERE tenant_id = ${acme}::uuid AND id = ${uploadId}`))) as unknown as {
          rows: { storage_key: string }[];
        }
      ).rows[0]?.storage_key ?? null;
    const oldKey = (await storageKey(old.upload_id!))!;
    expect(oldKey).toBeTruthy();
    // the first two were finished eight days ago (as the owner, in the test database)
    await platform.db.ownerExec(`UPDATE workflow_exports SET finished_at = now() - interval '8 days' WHERE id IN ('${old.id}', '${shared.id}')`);
    expect(await expireExports(platform)).toBe(2);
    const expired = await body<WfExport>(await api(`/executions-exports/${old.id}/`, admin));
    expect(expired).toMatchObject({ status: 'EXPIRED', download_url: null, upload_id: null, expires_at: new Date(Date.parse(expired.finished_at!) + 7 * DAY).toISOString() });
    const gone = await api(`/executions-exports/${old.id}/download`, admin);
    expect(gone.status).toBe(410);
    expect(await body(gone)).toMatchObject({ code: 'expired' });
    // its file is gone: the document manager's row and the bytes
    expect(await storageKey(old.upload_id!)).toBeNull();
    await expect(platform.storage.get(oldKey)).rejects.toThrow();
    expect((await server.api('acme', `/api/document-manager/v3/upload/${old.upload_id}/download`, { token: admin })).status).toBe(404);
    // the file another holder holds stays for it; the export still expired
    expect(await body<WfExport>(await api(`/executions-exports/${shared.id}/`, admin))).toMatchObject({ status: 'EXPIRED', download_url: null });
    expect(await storageKey(shared.upload_id!)).toBeTruthy();
    // a newer export is untouched, and a second pass finds nothing more
    expect(await expireExports(platform)).toBe(0);
    expect((await api(`/executions-exports/${pending.id}/download`, admin)).status).toBe(200);
    // only its requester downloads it
    expect((await api(`/executions-exports/${pending.id}/download`, worker)).status).toBe(404);
  });

  // ------------------------------------------------------------------------------------ public start links

  it('public start links: off by default, drafts refused with the spec text, unknown types 404, answers checked, receipt and tracking', async () => {
    const legacyPath = `/public/workflow-types/${typeId}/versions/${versionId}/start/start/`;
    const groupPath = `/public/workflow-types/${typeId}/by-group/${typeId}/start/start/`;
    const off = await api(groupPath, undefined);
    expect(off.status).toBe(404);
    expect(await body(off)).toMatchObject({ code: 'not-found' });
    expect(await body(await api(`/workflow-types/${typeId}/public-link/`, admin))).toEqual({ enabled: false });
    expect((await api(`/workflow-types/${typeId}/public-link/`, worker, { method: 'PUT', json: { enabled: true } })).status).toBe(403);
    expect((await api(`/workflow-types/${typeId}/public-link/`, admin, { method: 'PUT', json: { enabled: 'yes' } })).status).toBe(400);
    expect((await api(`/workflow-types/${typeId}/public-link/`, other, { method: 'PUT', json: { enabled: true } }, 'otra')).status).toBe(404);
    expect(await body(await api(`/workflow-types/${typeId}/public-link/`, admin, { method: 'PUT', json: { enabled: true } }))).toEqual({ enabled: true });

    const form = await body<{ workflow_type: { name: string }; tenant: { name: string }; form: { id: string } }>(await api(groupPath, undefined));
    expect(form).toMatchObject({ workflow_type: { name: 'Mantención' }, tenant: { name: 'Org acme' }, form: { id: startForm } });
    expect((await api(legacyPath, undefined)).status).toBe(200);
    expect((await api(`/public/workflow-types/00000000-0000-4000-8000-000000000000/by-group/00000000-0000-4000-8000-000000000000/start/start/`, undefined)).status).toBe(404);
    expect((await api(`/public/workflow-types/${typeId}/by-group/${typeId}/start/nope/`, undefined)).status).toBe(404);
    // another tenant's host does not know the type
    expect((await api(groupPath, undefined, {}, 'otra')).status).toBe(404);

    // a type whose only version is a draft
    const draftType = await body<{ id: string }>(await api('/workflow-types/', admin, { method: 'POST', json: { name: 'Borrador' } }));
    const draft = await body<{ id: string }>(
      await api(`/workflow-types/${draftType.id}/versions/`, admin, {
        method: 'POST',
        json: {
          bpmn_xml: xml(
            [
              { id: 'start', kind: 'start' },
              { id: 'end', kind: 'end' },
            ],
            [{ id: 'f', from: 'start', to: 'end' }],
          ),
        },
      }),
    );
    await api(`/workflow-types/${draftType.id}/public-link/`, admin, { method: 'PUT', json: { enabled: true } });
    for (const path of [`/public/workflow-types/${draftType.id}/versions/${draft.id}/start/start/`, `/public/workflow-types/${draftType.id}/by-group/${draftType.id}/start/start/`]) {
      const refused = await api(path, undefined, { method: 'POST', json: { variables: {} } });
      expect(refused.status).toBe(409);
      expect(await body(refused)).toEqual({ code: 'draft', detail: DRAFT_TEXT });
    }

    // answers are checked by the start form; nothing is started
    const before = (await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin))).count;
    const invalid = await api(groupPath, undefined, { method: 'POST', json: { variables: { amount: 2 } }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(invalid.status).toBe(400);
    expect((await body<{ count: number }>(await api(`/executions/?workflow_type=${typeId}`, admin))).count).toBe(before);

    // the query's prefilled variables arrive as the start variables
    const started = await api(groupPath, undefined, { method: 'POST', json: { variables: { title: 'Fuga en baño', amount: 7 } }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(started.status).toBe(201);
    const receipt = await body<{ tracking_code: string; status: string }>(started);
    expect(receipt.tracking_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(receipt.status).toBe('InProcess');

    const tracking = await api(`/public/tracking/${receipt.tracking_code.toLowerCase()}/`, undefined);
    expect(tracking.status).toBe(200);
    const seen = await body<Record<string, unknown>>(tracking);
    expect(seen).toMatchObject({ tracking_code: receipt.tracking_code, workflow_type: 'Mantención', status: 'InProcess', current_step: 'Revisión', completed_at: null });
    expect(Object.keys(seen).sort()).toEqual(['completed_at', 'created_at', 'current_step', 'status', 'tenant', 'tracking_code', 'workflow_type']);
    expect(JSON.stringify(seen)).not.toContain('Fuga');
    expect((await api(`/public/tracking/${receipt.tracking_code}/`, undefined, {}, 'otra')).status).toBe(404);
    expect((await api('/public/tracking/AAAAAAAAAAAA/', undefined)).status).toBe(404);

    // the execution has no starter person; its "starter" task went to the type's owner (the administrator)
    const tasks = await body<{ results: { execution: string; bpmn_id: string }[] }>(await api('/my-tasks/', admin));
    const publicTask = tasks.results.find((t) => t.bpmn_id === 'review' && !tasks.results.some((o) => o !== t && o.execution === t.execution && o.bpmn_id === 'close'));
    expect(publicTask).toBeDefined();
    const exports = await exportCsv(admin);
    const row = exports.rows.find((r) => r[exports.header.indexOf('Título')] === 'Fuga en baño')!;
    expect(row[2]).toBe('Público');
  });

  it('public start links are rate-limited per address and per type (429 with Retry-After)', async () => {
    const groupPath = `/public/workflow-types/${typeId}/by-group/${typeId}/start/start/`;
    await api(`/workflow-types/${typeId}/public-link/`, admin, { method: 'PUT', json: { enabled: true } });
    const from = (address: string) => api(groupPath, undefined, { method: 'POST', json: { variables: { title: 'Flood' } }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.9')).status).toBe(201);
    const limited = await from('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await body(limited)).toMatchObject({ code: 'too-many-requests' });
    expect((await from('203.0.113.10')).status).toBe(201);

    // the type's window full (200 attempts in the hour): every address is refused
    await server.running.platform.db.transaction(acme, (tx) =>
      tx.execute(sql`INSERT INTO workflow_public_attempts (tenant_id, type_id, address_hash) SELECT ${acme}::uuid, ${typeId}::uuid, 'bench-' || g FROM generate_series(1, 200) g`),
    );
    const typeLimited = await from('192.0.2.55');
    expect(typeLimited.status).toBe(429);
    expect(Number(typeLimited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
