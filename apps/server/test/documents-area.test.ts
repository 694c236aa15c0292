import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PDF, PNG_1X1, store, storedId, uploadedId, uploadWhole } from './documents.helpers.ts';

const TYPES = `${DM}/document-types/`;
const FOLDERS = `${DM}/folders/`;
const DOCS = `${DM}/documents/`;

interface Doc {
  id: string;
  folder_id: string | null;
  upload_id: string;
  title: string;
  document_type_id: string | null;
  document_type_name: string | null;
  file_name: string;
  size: number;
  content_type: string;
}

describe.each(engines())('documents area on %s', (engine) => {
  let server: TestServer;
  let dataDir: string;
  let admin: string;
  let worker: string;
  let globex: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { token, ...init });
  const upload = async (token: string, file: Buffer, name: string, subdomain = 'acme') =>
    storedId(await store(server, subdomain, token, await uploadedId(await uploadWhole(server, subdomain, token, file, name))));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faena-docs-area-'));
    server = await startServer(engine, { env: { DATA_DIR: dataDir } });
    const acme = (await makeTenant(server, 'acme')).tenant;
    await makeTenant(server, 'globex');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    globex = (await signIn(server, 'globex', 'admin@globex.test', 'secret-pass')).id_token;
    const member = await addMember(server, acme.id, { email: 'worker@acme.test' });
    worker = (await signIn(server, 'acme', member.email, member.password)).id_token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('manages document types: members read them, only MANAGE_DOCUMENTATIONS writes', async () => {
    const created = await api(admin, TYPES, { method: 'POST', json: { name: 'Contrato', description: 'Contratos firmados', allowed_formats: ['.PDF', 'pdf'] } });
    expect(created.status).toBe(201);
    const type = await body<{ id: string; allowed_formats: string[]; is_active: boolean }>(created);
    expect(type.allowed_formats).toEqual(['pdf']);
    expect(type.is_active).toBe(true);

    const listed = await body<{ results: { id: string }[] }>(await api(worker, TYPES));
    expect(listed.results.map((t) => t.id)).toContain(type.id);
    expect((await api(worker, `${TYPES}${type.id}/`)).status).toBe(200);
    expect((await api(worker, TYPES, { method: 'POST', json: { name: 'X' } })).status).toBe(403);
    expect((await api(worker, `${TYPES}${type.id}/`, { method: 'PATCH', json: { name: 'X' } })).status).toBe(403);

    const edited = await body<{ name: string }>(await api(admin, `${TYPES}${type.id}/`, { method: 'PATCH', json: { name: 'Contrato laboral' } }));
    expect(edited.name).toBe('Contrato laboral');
    expect((await api(admin, `${TYPES}${type.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await body<{ is_active: boolean }>(await api(admin, `${TYPES}${type.id}/`))).is_active).toBe(false);
    expect((await api(admin, TYPES, { method: 'POST', json: { name: '' } })).status).toBe(400);
  });

  it('keeps folders and documents: upload, rename, move, type checks, delete', async () => {
    const pdfType = await body<{ id: string }>(await api(admin, TYPES, { method: 'POST', json: { name: 'Informe', allowed_formats: ['pdf'] } }));
    const root = await body<{ id: string }>(await api(admin, FOLDERS, { method: 'POST', json: { name: 'Recursos humanos' } }));
    const child = await body<{ id: string; parent_id: string }>(await api(admin, FOLDERS, { method: 'POST', json: { name: 'Contratos', parent_id: root.id } }));
    expect(child.parent_id).toBe(root.id);

    const pdfId = await upload(admin, PDF, 'informe.pdf');
    const pngId = await upload(admin, PNG_1X1, 'logo.png');
    const created = await api(admin, DOCS, { method: 'POST', json: { upload_id: pdfId, folder_id: child.id, document_type_id: pdfType.id } });
    expect(created.status).toBe(201);
    const doc = await body<Doc>(created);
    expect(doc).toMatchObject({ title: 'informe.pdf', folder_id: child.id, file_name: 'informe.pdf', content_type: 'application/pdf', document_type_name: 'Informe', size: PDF.length });

    // the type accepts pdf only
    const refused = await api(admin, DOCS, { method: 'POST', json: { upload_id: pngId, document_type_id: pdfType.id } });
    expect(refused.status).toBe(400);
    const png = await body<Doc>(await api(admin, DOCS, { method: 'POST', json: { upload_id: pngId, title: 'Logo' } }));
    expect(png.folder_id).toBeNull();

    // listing by folder, root and search
    expect((await body<{ results: Doc[] }>(await api(admin, `${DOCS}?folder_id=${child.id}`))).results.map((d) => d.id)).toEqual([doc.id]);
    expect((await body<{ results: Doc[] }>(await api(admin, DOCS))).results.map((d) => d.id)).toEqual([png.id]);
    expect((await body<{ results: Doc[] }>(await api(admin, `${DOCS}?search=INFORME`))).results.map((d) => d.id)).toEqual([doc.id]);

    // rename and move
    const moved = await body<Doc>(await api(admin, `${DOCS}${doc.id}/`, { method: 'PATCH', json: { title: 'Informe anual', folder_id: null } }));
    expect(moved).toMatchObject({ title: 'Informe anual', folder_id: null });
    const renamed = await body<{ name: string }>(await api(admin, `${FOLDERS}${child.id}/`, { method: 'PATCH', json: { name: 'Contratos 2025' } }));
    expect(renamed.name).toBe('Contratos 2025');
    // a folder cannot move into its own descendant
    expect((await api(admin, `${FOLDERS}${root.id}/`, { method: 'PATCH', json: { parent_id: child.id } })).status).toBe(400);
    expect((await api(admin, `${FOLDERS}${root.id}/`, { method: 'PATCH', json: { parent_id: root.id } })).status).toBe(400);

    // a non-empty folder is not deleted; an empty one is
    expect((await api(admin, `${FOLDERS}${root.id}/`, { method: 'DELETE' })).status).toBe(409);
    expect((await api(admin, `${FOLDERS}${child.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(admin, `${FOLDERS}${root.id}/`, { method: 'DELETE' })).status).toBe(204);

    expect((await api(admin, `${DOCS}${png.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(admin, `${DOCS}${png.id}/`)).status).toBe(404);
    expect((await api(admin, `${DOCS}not-a-uuid/`)).status).toBe(404);
  });

  it('refuses members without MANAGE_DOCUMENTATIONS (403)', async () => {
    for (const [method, path] of [
      ['GET', FOLDERS],
      ['POST', FOLDERS],
      ['GET', DOCS],
      ['POST', DOCS],
    ] as const) {
      const response = await api(worker, path, { method, ...(method === 'POST' ? { json: { name: 'x', upload_id: 'x' } } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await server.api('acme', FOLDERS)).status).toBe(401);
  });

  it("answers 404 for another tenant's ids and never lists them", async () => {
    const type = await body<{ id: string }>(await api(globex, TYPES, { method: 'POST', json: { name: 'Secreto' } }, 'globex'));
    const folder = await body<{ id: string }>(await api(globex, FOLDERS, { method: 'POST', json: { name: 'Privado' } }, 'globex'));
    const uploadId = await upload(globex, PDF, 'privado.pdf', 'globex');
    const doc = await body<{ id: string }>(await api(globex, DOCS, { method: 'POST', json: { upload_id: uploadId, folder_id: folder.id } }, 'globex'));

    expect((await api(admin, `${TYPES}${type.id}/`)).status).toBe(404);
    expect((await api(admin, `${TYPES}${type.id}/`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(404);
    expect((await api(admin, `${FOLDERS}${folder.id}/`)).status).toBe(404);
    expect((await api(admin, `${FOLDERS}${folder.id}/`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(404);
    expect((await api(admin, `${FOLDERS}${folder.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(admin, `${DOCS}${doc.id}/`)).status).toBe(404);
    expect((await api(admin, `${DOCS}${doc.id}/`, { method: 'PATCH', json: { title: 'x' } })).status).toBe(404);
    expect((await api(admin, `${DOCS}${doc.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(admin, `${DOCS}?folder_id=${folder.id}`)).status).toBe(404);
    // another tenant's upload, folder or type cannot be attached
    expect((await api(admin, DOCS, { method: 'POST', json: { upload_id: uploadId } })).status).toBe(400);
    const own = await upload(admin, PDF, 'propio.pdf');
    expect((await api(admin, DOCS, { method: 'POST', json: { upload_id: own, folder_id: folder.id } })).status).toBe(400);
    expect((await api(admin, DOCS, { method: 'POST', json: { upload_id: own, document_type_id: type.id } })).status).toBe(400);
    expect((await api(admin, FOLDERS, { method: 'POST', json: { name: 'x', parent_id: folder.id } })).status).toBe(400);

    const listed = JSON.stringify([await body(await api(admin, TYPES)), await body(await api(admin, FOLDERS)), await body(await api(admin, `${DOCS}?search=privado`))]);
    expect(listed).not.toContain(type.id);
    expect(listed).not.toContain(folder.id);
    expect(listed).not.toContain(doc.id);
    // the token of the other tenant on this host is refused
    expect((await api(globex, FOLDERS)).status).toBe(403);
  });
});
