import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PDF, PNG_1X1, store, storedId, uploadedId, uploadWhole } from './documents.helpers.ts';

/**
 * Attaching a file is checked like reading it (issue 50, decision 032): a member who learned the
 * id of a file they cannot read (a document-manager file) cannot attach it to a post or an asset
 * and so read its name, size and type in the answer — 400 unknown-file, the same as an id that does
 * not exist, and nothing is written. A file they can read through another holder (an asset photo,
 * for a member with an asset key) attaches, and is then held by the new holder too.
 */
const AM = '/api/asset-manager/v3';
const POSTS = '/api/posts/v3/posts';
const CL = '/api/checklists/v3';

describe.each(engines())('attaching files by id on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  /** MANAGE_POSTS and MANAGE_ASSETS, no MANAGE_DOCUMENTATIONS. */
  let editor: string;
  /** A document-manager file: readable with MANAGE_DOCUMENTATIONS only. */
  let secret: string;
  let typeId: string;
  let tenantId: string;
  const holders = async (uploadId: string) =>
    server.running.platform.db.transaction(tenantId, async (tx) => {
      const result = (await tx.execute(sql`SELECT holder_kind, holder_id FROM file_holdings WHERE tenant_id = ${tenantId} AND upload_id = ${uploadId} ORDER BY holder_kind, holder_id`)) as unknown as {
        rows: { holder_kind: string; holder_id: string }[];
      };
      return result.rows.map((row) => `${row.holder_kind}:${row.holder_id}`);
    });

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}) => server.api('acme', path, { token, ...init });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
    return body<T>(response);
  };
  const upload = async (token: string, file: Buffer = PNG_1X1, name = 'foto.png') =>
    storedId(await store(server, 'acme', token, await uploadedId(await uploadWhole(server, 'acme', token, file, name))));
  const refused = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    const answer = await body<{ errors: Record<string, string[]>; reasons?: Record<string, string> }>(response);
    expect(answer.reasons?.[field]).toBe('unknown-file');
    // nothing about the file in the answer: not its name
    expect(JSON.stringify(answer)).not.toContain('sueldos');
  };

  beforeAll(async () => {
    server = await startServer(engine);
    tenantId = (await makeTenant(server, 'acme')).tenant.id;
    await setFlags(server, tenantId, { assets: true, assets_tab: true, asset_admin: true });
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    const added = await addMember(server, tenantId, { email: 'editor@acme.test', permissions: ['VIEW_HOME', 'MANAGE_POSTS', 'VIEW_ASSETS', 'MANAGE_ASSETS'] });
    editor = (await signIn(server, 'acme', added.email, added.password)).id_token;
    secret = await upload(admin, PDF, 'sueldos.pdf');
    await ok(await api(admin, `${DM}/documents/`, { method: 'POST', json: { upload_id: secret } }), 201);
    const category = await ok<{ id: string }>(await api(admin, `${AM}/categories/`, { method: 'POST', json: { name: 'Equipos' } }), 201);
    typeId = (await ok<{ id: string }>(await api(admin, `${AM}/asset-types/`, { method: 'POST', json: { name: 'Horno', category: category.id } }), 201)).id;
  });
  afterAll(() => server?.close());

  it('a post cannot take a file its author cannot read: 400 unknown-file on create and on edit, nothing written', async () => {
    const before = await ok<{ count: number }>(await api(admin, `${POSTS}/?page_size=1`));
    await refused(await api(editor, `${POSTS}/`, { method: 'POST', json: { title: 'Aviso', body: '<p>Hola</p>', file_ids: [secret], publish: false } }), 'file_ids');
    expect((await ok<{ count: number }>(await api(admin, `${POSTS}/?page_size=1`))).count).toBe(before.count);
    // their own post, edited to take it
    const mine = await upload(editor, PDF, 'menu.pdf');
    const post = await ok<{ id: string; files: { id: string; name: string }[] }>(
      await api(editor, `${POSTS}/`, { method: 'POST', json: { title: 'Menú', body: '<p>Hoy</p>', file_ids: [mine], publish: false } }),
      201,
    );
    expect(post.files.map((f) => f.name)).toEqual(['menu.pdf']);
    await refused(await api(editor, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { file_ids: [mine, secret] } }), 'file_ids');
    await refused(await api(editor, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { cover_upload_id: secret } }), 'cover_upload_id');
    const after = await ok<{ files: { id: string }[]; cover_upload_id: string | null }>(await api(editor, `${POSTS}/${post.id}/`));
    expect(after.files.map((f) => f.id)).toEqual([mine]);
    // an edit that keeps what the post holds is fine
    await ok(await api(editor, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { title: 'Menú del día', file_ids: [mine] } }));
    // with the right, the same file attaches (and from then on MANAGE_POSTS reads it through that post)
    await ok(await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'Sueldos', body: '<p>…</p>', file_ids: [secret], publish: false } }), 201);
    await ok(await api(editor, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { file_ids: [mine, secret] } }));
  });

  it('an asset cannot take a file its editor cannot read; one they read through another asset attaches and is held', async () => {
    const secret = await upload(admin, PDF, 'sueldos-2.pdf');
    await ok(await api(admin, `${DM}/documents/`, { method: 'POST', json: { upload_id: secret } }), 201);
    await refused(await api(editor, `${AM}/assets/`, { method: 'POST', json: { type: typeId, code: 'H-1', name: 'Horno 1', documents: [secret] } }), 'documents');
    const list = await ok<{ count: number }>(await api(admin, `${AM}/assets/`));
    expect(list.count).toBe(0);
    const photo = await upload(admin);
    const first = await ok<{ id: string }>(await api(admin, `${AM}/assets/`, { method: 'POST', json: { type: typeId, code: 'H-2', name: 'Horno 2', photos: [photo] } }), 201);
    // the editor reads the photo through asset H-2, so may put it on another asset
    const copy = await ok<{ id: string }>(await api(editor, `${AM}/assets/`, { method: 'POST', json: { type: typeId, code: 'H-3', name: 'Horno 3', photos: [photo] } }), 201);
    expect(await holders(photo)).toEqual([`asset:${first.id}`, `asset:${copy.id}`].sort());
    await refused(await api(editor, `${AM}/assets/${copy.id}/`, { method: 'PATCH', json: { documents: [secret] } }), 'documents');
    expect(await holders(secret)).toEqual([expect.stringMatching(/^document:/)]);
    // an id that exists nowhere answers the same as one that cannot be read
    await refused(await api(editor, `${AM}/assets/${copy.id}/`, { method: 'PATCH', json: { documents: ['AAAAAAAAAAAAAAAAAAAAAAAA'] } }), 'documents');
  });

  it('a checklist draft or submission cannot take a file its executor cannot read: 400 unknown-file, the draft unchanged', async () => {
    const secret = await upload(admin, PDF, 'sueldos-3.pdf');
    await ok(await api(admin, `${DM}/documents/`, { method: 'POST', json: { upload_id: secret } }), 201);
    const worker = await addMember(server, tenantId, { email: 'worker@acme.test', permissions: ['VIEW_HOME', 'VIEW_CHECKLISTS'] });
    const token = (await signIn(server, 'acme', worker.email, worker.password)).id_token;
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
          executors: { persons: [worker.passport] },
          places: { venues: [venue.id] },
          signatures: { executor: false, second: false },
          supervisors: [],
        },
      }),
      201,
    );
    const draft = await ok<{ id: string }>(await api(token, `${CL}/checklists/${checklist.id}/executions/`, { method: 'POST', json: { venue: venue.id } }), 201);
    const link = (id: string) => `${DM}/upload/${id}/download`;
    await refused(await api(token, `${CL}/executions/${draft.id}/`, { method: 'PATCH', json: { photos: { '1': [secret] }, client_revision: 0 } }), 'photos');
    await refused(await api(token, `${CL}/executions/${draft.id}/`, { method: 'PATCH', json: { answers: { fachada: [link(secret)] }, client_revision: 0 } }), 'answers');
    await refused(await api(token, `${CL}/executions/${draft.id}/submit/`, { method: 'POST', json: { answers: { alarma: true, fachada: [link(secret)] }, signatures: {} } }), 'answers');
    // their own photo is fine, and the draft never saw the other file
    const own = await upload(token);
    const saved = await ok(await api(token, `${CL}/executions/${draft.id}/`, { method: 'PATCH', json: { photos: { '1': [own] }, client_revision: 0 } }));
    expect(JSON.stringify(saved)).toContain(own);
    expect(JSON.stringify(saved)).not.toContain(secret);
    expect(await holders(secret)).toEqual([expect.stringMatching(/^document:/)]);
  });
});
