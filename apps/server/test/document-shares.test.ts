import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { DM, PDF, store, storedId, uploadedId, uploadWhole } from './documents.helpers.ts';

const INBOX = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=100';

interface Share {
  person_id: string;
  name: string;
  shared_by_name: string | null;
}
interface Shared {
  id: string;
  title: string;
  upload_id: string;
  file_name: string;
  shared_by_name: string | null;
}
interface Inbox {
  data: { summary: { title: string; body: string }; context: { type: string; action: string; id?: string; path?: string } }[];
}

describe.each(engines())('document sharing (issue 45 point 5) on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let ana: string; // a member the document is shared with
  let anaId: string;
  let otro: string; // a member it is not shared with
  let otroId: string;
  let foreign: string; // another organisation's administrator
  let documentId: string;
  let uploadId: string;
  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, token });
  const aboutDocument = async (token: string) => (await body<Inbox>(await api(token, INBOX))).data.filter((n) => n.context.type === 'Document' && n.context.id === documentId);

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    anaId = (await addMember(server, tenant.id, { email: 'ana@acme.test', name: 'Ana Andrade', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] })).personId;
    otroId = (await addMember(server, tenant.id, { email: 'otro@acme.test', name: 'Otto Otro', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] })).personId;
    ana = (await signIn(server, 'acme', 'ana@acme.test', 'member-pass')).id_token;
    otro = (await signIn(server, 'acme', 'otro@acme.test', 'member-pass')).id_token;
    foreign = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    uploadId = await storedId(await store(server, 'acme', admin, await uploadedId(await uploadWhole(server, 'acme', admin, PDF, 'reglamento.pdf'))));
    const created = await api(admin, `${DM}/documents/`, { method: 'POST', json: { upload_id: uploadId, title: 'Reglamento interno' } });
    expect(created.status).toBe(201);
    documentId = (await body<{ id: string }>(created)).id;
  }, 300_000);
  afterAll(() => server?.close());

  it('shares a document with a person, who is told once, finds it shared with them and reads its file', async () => {
    expect((await api(ana, `${DM}/upload/${uploadId}/download`)).status).toBe(404);
    expect(await body(await api(ana, `${DM}/shared-with-me/`))).toEqual({ results: [] });

    const shared = await api(admin, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [anaId] } });
    expect(shared.status).toBe(201);
    expect((await body<{ results: Share[] }>(shared)).results).toEqual([expect.objectContaining({ person_id: anaId, name: 'Ana Andrade' })]);
    // again: nothing new, nobody told twice
    expect((await api(admin, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [anaId] } })).status).toBe(201);
    const told = await aboutDocument(ana);
    expect(told).toHaveLength(1);
    expect(told[0]!.summary.title).toBe('Compartieron un documento contigo');
    expect(told[0]!.summary.body).toContain('«Reglamento interno»');
    expect(told[0]!.context).toMatchObject({ type: 'Document', action: 'shared', path: `/documents/shared/${documentId}` });
    expect(await aboutDocument(otro)).toHaveLength(0);

    const mine = await body<{ results: Shared[] }>(await api(ana, `${DM}/shared-with-me/`));
    expect(mine.results).toEqual([expect.objectContaining({ id: documentId, title: 'Reglamento interno', upload_id: uploadId, file_name: 'reglamento.pdf' })]);
    expect((await body<Shared>(await api(ana, `${DM}/shared-with-me/${documentId}/`))).title).toBe('Reglamento interno');
    expect((await api(ana, `${DM}/upload/${uploadId}/download`)).status).toBe(200);
    // the one it is not shared with: not listed, not readable, and the manager's routes stay closed
    expect((await api(otro, `${DM}/shared-with-me/${documentId}/`)).status).toBe(404);
    expect((await api(otro, `${DM}/upload/${uploadId}/download`)).status).toBe(404);
    expect((await api(ana, `${DM}/documents/${documentId}/shares/`)).status).toBe(403);
    expect((await api(ana, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [otroId] } })).status).toBe(403);
  });

  it('refuses unknown persons and documents with nothing written', async () => {
    const unknown = await api(admin, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [otroId, '0190c0de-0000-7000-8000-000000000000', 'nope'] } });
    expect(unknown.status).toBe(400);
    expect(await body(unknown)).toMatchObject({ errors: { person_ids: [expect.any(String)] }, reasons: { person_ids: 'unknown-reference' } });
    expect(await aboutDocument(otro)).toHaveLength(0);
    expect((await body<{ results: Share[] }>(await api(admin, `${DM}/documents/${documentId}/shares/`))).results.map((s) => s.person_id)).toEqual([anaId]);
    expect((await api(admin, `${DM}/documents/0190c0de-0000-7000-8000-000000000000/shares/`, { method: 'POST', json: { person_ids: [otroId] } })).status).toBe(404);
    expect((await api(admin, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [] } })).status).toBe(400);
  });

  it('stops sharing: the document and its file are gone for that person', async () => {
    expect((await api(admin, `${DM}/documents/${documentId}/shares/${anaId}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(admin, `${DM}/documents/${documentId}/shares/${anaId}/`, { method: 'DELETE' })).status).toBe(404);
    expect(await body(await api(ana, `${DM}/shared-with-me/`))).toEqual({ results: [] });
    expect((await api(ana, `${DM}/upload/${uploadId}/download`)).status).toBe(404);
  });

  it('keeps sharing inside the organisation', async () => {
    expect((await api(foreign, `${DM}/documents/${documentId}/shares/`, {}, 'otra')).status).toBe(404);
    expect((await api(foreign, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [anaId] } }, 'otra')).status).toBe(404);
    // acme's token on otra's host is refused; a person of acme cannot be shared a document by otra
    expect((await api(admin, `${DM}/shared-with-me/`, {}, 'otra')).status).toBe(403);
    expect((await api(admin, `${DM}/documents/${documentId}/shares/`, { method: 'POST', json: { person_ids: [anaId] } })).status).toBe(201);
    expect(await body(await api(foreign, `${DM}/shared-with-me/`, {}, 'otra'))).toEqual({ results: [] });
    // a deleted document drops out of what was shared
    expect((await api(admin, `${DM}/documents/${documentId}/`, { method: 'DELETE' })).status).toBe(204);
    expect(await body(await api(ana, `${DM}/shared-with-me/`))).toEqual({ results: [] });
  });
});
