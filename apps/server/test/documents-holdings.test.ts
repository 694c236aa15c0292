import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { CSV, DM, PDF, PNG_1X1, store, storedId, uploadedId, uploadWhole } from './documents.helpers.ts';
import { PERSONS } from './directory.helpers.ts';
import { createForm, publishModel, WF } from './workflows.helpers.ts';

/**
 * Files by what holds them (decision 032, issue 50 point 3): for each holder kind, a member who
 * knows the upload id but has no right to the holder gets 404 from the download, no metadata and
 * no signed link; a member with the right gets the file.
 */
const AM = '/api/asset-manager/v3';
const CL = '/api/checklists/v3';
const POSTS = '/api/posts/v3/posts';
const FORMS = '/api/forms/v3/forms';
const link = (id: string) => `${DM}/upload/${id}/download`;

describe.each(engines())('files by what holds them on %s', (engine) => {
  let server: TestServer;
  let dataDir: string;
  let tenantId: string;
  let admin: string;
  /** Signed in with no right to anything below: knows ids, reads nothing. */
  let plain: string;
  let docs: string;
  /** Uploads, executes the checklist, starts the workflow, answers the form. */
  let worker: string;
  let workerPassport: string;
  /** The worker's permissions, not the worker: not the executor, starter or respondent. */
  let peer: string;
  let assetViewer: string;
  let plainPersonId: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', path, { token, ...init });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const upload = async (token: string, file: Buffer = PNG_1X1, name = 'foto.png') =>
    storedId(await store(server, 'acme', token, await uploadedId(await uploadWhole(server, 'acme', token, file, name))));

  /** Whether `token` reads the file: download, metadata and signed link must all agree (200 each, or 404 and absent). */
  async function reads(token: string, id: string): Promise<boolean> {
    const download = await api(token, link(id));
    const bytes = Buffer.from(await download.arrayBuffer());
    const metadata = await ok<Record<string, unknown>>(await api(token, `${DM}/files/metadata/`, { method: 'POST', json: { upload_ids: [id] } }));
    const signed = await api(token, `${DM}/files/${id}/signed-link`, { method: 'POST', json: {} });
    await signed.arrayBuffer();
    const answers = [download.status, id in metadata ? 200 : 404, signed.status];
    if (answers.every((status) => status === 200)) {
      expect(bytes.length).toBeGreaterThan(0);
      return true;
    }
    if (answers.every((status) => status === 404)) return false;
    throw new Error(`mixed answers for ${id}: ${answers.join(', ')}`);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faena-holdings-'));
    server = await startServer(engine, { env: { DATA_DIR: dataDir } });
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await setFlags(server, tenantId, { assets: true, assets_tab: true, asset_admin: true, qr_generator: true });
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const member = async (email: string, permissions: Parameters<typeof addMember>[2]['permissions']) => {
      const added = await addMember(server, tenantId, { email, name: email, permissions });
      return { ...added, token: (await signIn(server, 'acme', email, added.password)).id_token };
    };
    const p = await member('plain@acme.test', ['VIEW_HOME']);
    plain = p.token;
    plainPersonId = p.personId;
    docs = (await member('docs@acme.test', ['VIEW_HOME', 'MANAGE_DOCUMENTATIONS'])).token;
    const w = await member('worker@acme.test', ['VIEW_HOME', 'VIEW_CHECKLISTS', 'VIEW_WF']);
    worker = w.token;
    workerPassport = w.passport;
    peer = (await member('peer@acme.test', ['VIEW_HOME', 'VIEW_CHECKLISTS', 'VIEW_WF'])).token;
    assetViewer = (await member('assets@acme.test', ['VIEW_HOME', 'VIEW_ASSETS'])).token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a file nothing holds is its uploader’s only', async () => {
    const id = await upload(worker);
    expect(await reads(worker, id)).toBe(true);
    expect(await reads(peer, id)).toBe(false);
    expect(await reads(admin, id)).toBe(false);
    // an id nobody stored answers the same
    expect(await reads(peer, 'AAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('document manager: read through MANAGE_DOCUMENTATIONS; a document is not made of a file the caller cannot read', async () => {
    const id = await upload(admin, PDF, 'contrato.pdf');
    await ok(await api(admin, `${DM}/documents/`, { method: 'POST', json: { upload_id: id } }), 201);
    expect(await reads(docs, id)).toBe(true);
    expect(await reads(plain, id)).toBe(false);
    const someoneElses = await upload(worker, PDF, 'ajeno.pdf');
    const refused = await api(docs, `${DM}/documents/`, { method: 'POST', json: { upload_id: someoneElses } });
    expect(refused.status).toBe(400);
    expect(await reads(docs, someoneElses)).toBe(false);
  });

  it('form response: its respondent and MANAGE_WF read it; another respondent cannot pull the file into theirs', async () => {
    const form = await ok<{ id: string }>(
      await api(admin, `${FORMS}/`, {
        method: 'POST',
        json: { name: 'Reporte', description: [{ id: 1, type: 'files', name: 'fotos', label: 'Fotos', required: false, skippable: false, validators: [] }] },
      }),
      201,
    );
    const id = await upload(worker);
    await ok(await api(worker, `${FORMS}/${form.id}/responses/`, { method: 'POST', json: { response: { fotos: [link(id)] } } }), 201);
    expect(await reads(worker, id)).toBe(true);
    expect(await reads(admin, id)).toBe(true);
    expect(await reads(peer, id)).toBe(false);
    const pulled = await api(peer, `${FORMS}/${form.id}/responses/`, { method: 'POST', json: { response: { fotos: [link(id)] } } });
    expect(pulled.status).toBe(400);
    expect(await reads(peer, id)).toBe(false);
  });

  it("person's photo and a venue's image: every member reads them", async () => {
    const photo = await upload(admin);
    expect(await reads(plain, photo)).toBe(false);
    await ok(await api(admin, `${PERSONS}${plainPersonId}/`, { method: 'PATCH', json: { photo_upload_id: photo } }));
    expect(await reads(plain, photo)).toBe(true);
    expect(await reads(peer, photo)).toBe(true);
    const image = await upload(admin);
    await ok(await api(admin, '/api/organization/v3/venues/', { method: 'POST', json: { name: 'Tienda', code: 'T-1', image_upload_id: image } }), 201);
    expect(await reads(peer, image)).toBe(true);
    const logo = await upload(admin);
    expect(await reads(peer, logo)).toBe(false);
    await ok(await api(admin, '/api/organization/v3/current', { method: 'PATCH', json: { logo_upload_id: logo } }));
    expect(await reads(peer, logo)).toBe(true);
  });

  it('import: read by the person who started it', async () => {
    const id = await upload(admin, CSV, 'personas.csv');
    await ok(await api(admin, `${PERSONS}imports/`, { method: 'POST', json: { upload_id: id } }), 201);
    expect(await reads(admin, id)).toBe(true);
    expect(await reads(docs, id)).toBe(false);
  });

  it('post: read by its author and managers while a draft, by its audience once published', async () => {
    const cover = await upload(admin);
    const attachment = await upload(admin, PDF, 'circular.pdf');
    const post = await ok<{ id: string }>(
      await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'Aviso', body: '<p>Hola</p>', cover_upload_id: cover, file_ids: [attachment], publish: false } }),
      201,
    );
    expect(await reads(admin, cover)).toBe(true);
    expect(await reads(plain, cover)).toBe(false);
    expect(await reads(plain, attachment)).toBe(false);
    await ok(await api(admin, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { publish: true } }));
    expect(await reads(plain, cover)).toBe(true);
    expect(await reads(plain, attachment)).toBe(true);
  });

  it('checklist execution: its executor and checklist managers read its photos; another viewer does not', async () => {
    const venue = await ok<{ id: string }>(await api(admin, '/api/organization/v3/venues/', { method: 'POST', json: { name: 'Tienda Norte', code: 'T-2' } }), 201);
    const category = await ok<{ id: string }>(await api(admin, `${CL}/categories/`, { method: 'POST', json: { name: 'Tiendas' } }), 201);
    const checklist = await ok<{ id: string }>(
      await api(admin, `${CL}/checklists/`, {
        method: 'POST',
        json: {
          name: 'Apertura',
          category: category.id,
          sections: [{ id: 'a', title: 'A', field_ids: [1, 2] }],
          fields: [
            { id: 1, type: 'boolean', name: 'alarma', label: '¿Alarma?', required: true },
            { id: 2, type: 'image', name: 'fachada', label: 'Fachada' },
          ],
          items: [{ field_id: 1, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
          pass_mark: 50,
          executors: { persons: [workerPassport] },
          places: { venues: [venue.id] },
          signatures: { executor: false, second: false },
          supervisors: [],
        },
      }),
      201,
    );
    const draft = await ok<{ id: string }>(await api(worker, `${CL}/checklists/${checklist.id}/executions/`, { method: 'POST', json: { venue: venue.id } }), 201);
    const photo = await upload(worker);
    const answer = await upload(worker);
    await ok(await api(worker, `${CL}/executions/${draft.id}/`, { method: 'PATCH', json: { photos: { '1': [photo] }, answers: { fachada: [link(answer)] }, client_revision: 0 } }));
    for (const id of [photo, answer]) {
      expect(await reads(worker, id)).toBe(true);
      expect(await reads(admin, id)).toBe(true);
      expect(await reads(peer, id)).toBe(false);
    }
  });

  it("asset and its maintenance: read with an asset key; a public report's photo too", async () => {
    const category = await ok<{ id: string }>(await api(admin, `${AM}/categories/`, { method: 'POST', json: { name: 'Equipos' } }), 201);
    const type = await ok<{ id: string }>(await api(admin, `${AM}/asset-types/`, { method: 'POST', json: { name: 'Horno', category: category.id } }), 201);
    const photo = await upload(admin);
    const manual = await upload(admin, PDF, 'manual.pdf');
    const asset = await ok<{ id: string; label_token: string }>(
      await api(admin, `${AM}/assets/`, { method: 'POST', json: { type: type.id, code: 'H-1', name: 'Horno 1', photos: [photo], documents: [manual] } }),
      201,
    );
    for (const id of [photo, manual]) {
      expect(await reads(assetViewer, id)).toBe(true);
      expect(await reads(plain, id)).toBe(false);
    }
    await ok(
      await server.api('acme', `${AM}/public/assets/${asset.label_token}/reports/`, {
        method: 'POST',
        json: { description: 'No calienta', photo: `data:image/png;base64,${PNG_1X1.toString('base64')}` },
      }),
      201,
    );
    const maintenances = await ok<{ results: { photo: { id: string } | null }[] }>(await api(assetViewer, `${AM}/assets/${asset.id}/maintenances/`));
    const reported = maintenances.results[0]?.photo?.id;
    expect(reported).toBeDefined();
    expect(await reads(assetViewer, reported!)).toBe(true);
    expect(await reads(plain, reported!)).toBe(false);
  });

  it('workflow execution: its starter, assignees and MANAGE_WF read the files of its variables and task answers', async () => {
    const form = await createForm(server.api, 'acme', admin, 'Foto', [{ type: 'image', name: 'foto', label: 'Foto' }]);
    const { typeId, versionId } = await publishModel(
      server.api,
      'acme',
      admin,
      'Solicitud',
      [
        { id: 's', kind: 'start' },
        { id: 't', kind: 'userTask', formId: form, assigneeType: 'people', assignees: workerPassport },
        { id: 'e', kind: 'end' },
      ],
      [
        { id: 'f1', from: 's', to: 't' },
        { id: 'f2', from: 't', to: 'e' },
      ],
    );
    const started = await upload(worker);
    const execution = await ok<{ tasks: { id: string }[] }>(await api(worker, `${WF}/versions/${versionId}/executions/`, { method: 'POST', json: { variables: { adjunto: link(started) } } }), 201);
    const answered = await upload(worker);
    await ok(await api(worker, `${WF}/user-tasks/${execution.tasks[0]!.id}/responses/`, { method: 'POST', json: { response: { foto: [link(answered)] } } }), 201);
    for (const id of [started, answered]) {
      expect(await reads(worker, id)).toBe(true);
      expect(await reads(admin, id)).toBe(true);
      expect(await reads(peer, id)).toBe(false);
    }
    // an export's file: its requester's
    const asked = await ok<{ id: string }>(await api(admin, `${WF}/workflow-types/${typeId}/executions/exports/`, { method: 'POST', json: { format: 'csv' } }), 202);
    let done: { status: string; upload_id: string | null } = { status: 'PENDING', upload_id: null };
    for (let i = 0; i < 300 && done.status !== 'DONE' && done.status !== 'FAILED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await ok(await api(admin, `${WF}/executions-exports/${asked.id}/`));
    }
    expect(done.status).toBe('DONE');
    expect(await reads(admin, done.upload_id!)).toBe(true);
    expect(await reads(worker, done.upload_id!)).toBe(false);
  });

  it('the backfill of migration 0044 finds the same holdings again from the holders’ rows', async () => {
    const db = server.running.platform.db;
    const holdings = async () =>
      ((await db.ownerDrizzle((d) => d.execute(sql`SELECT upload_id, holder_kind, holder_id FROM file_holdings WHERE tenant_id = ${tenantId} ORDER BY 1, 2, 3`))) as unknown as { rows: unknown[] })
        .rows;
    const before = await holdings();
    expect(new Set(before.map((row) => (row as { holder_kind: string }).holder_kind))).toEqual(
      new Set(['document', 'form-response', 'person', 'venue', 'organization', 'import', 'post', 'checklist-execution', 'asset', 'maintenance', 'workflow-execution', 'workflow-export']),
    );
    await db.ownerDrizzle((d) => d.execute(sql`DELETE FROM file_holdings WHERE tenant_id = ${tenantId}`));
    const migration = readFileSync(new URL('../migrations/0044_file_holdings.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => statement.includes('INSERT INTO "file_holdings"'));
    expect(backfill.length).toBeGreaterThan(10);
    for (const statement of backfill) await db.ownerDrizzle((d) => d.execute(sql.raw(statement)));
    expect(await holdings()).toEqual(before);
  });
});
