import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';
import { PDF } from './documents.helpers.ts';
import { uploadFile } from './directory.helpers.ts';

/**
 * The cross-tenant table's entries for document sharing (cross-tenant.test.ts, issue 45 point 5).
 * Tenant A is `demo`, B is `demo-norte`: B's document, shared with B's person through B's API, can
 * be neither seen, shared nor unshared from A's host, and B's token is refused there.
 */
export interface DocumentSharesFixture {
  a: { admin: { id_token: string } };
  b: { admin: { id_token: string }; personId: string };
}
type Check = (server: TestServer, f: DocumentSharesFixture) => Promise<void>;

const DM = '/api/document-manager/v3';
const memo = new WeakMap<TestServer, Promise<string>>();
/** B's document, shared with B's person, made once through B's own API. */
const bShared = (server: TestServer, f: DocumentSharesFixture) => {
  if (!memo.has(server))
    memo.set(
      server,
      (async () => {
        const token = f.b.admin.id_token;
        const upload = await uploadFile(server, 'demo-norte', token, PDF, 'norte.pdf');
        const made = await server.api('demo-norte', `${DM}/documents/`, { method: 'POST', token, json: { upload_id: upload, title: 'Reglamento Norte' } });
        expect(made.status, await made.clone().text()).toBe(201);
        const { id } = await body<{ id: string }>(made);
        const shared = await server.api('demo-norte', `${DM}/documents/${id}/shares/`, { method: 'POST', token, json: { person_ids: [f.b.personId] } });
        expect(shared.status, await shared.clone().text()).toBe(201);
        return id;
      })(),
    );
  return memo.get(server)!;
};
const bShares = async (server: TestServer, f: DocumentSharesFixture, id: string) =>
  (await body<{ results: { person_id: string }[] }>(await server.api('demo-norte', `${DM}/documents/${id}/shares/`, { token: f.b.admin.id_token }))).results.map((s) => s.person_id);
const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};

const MANAGE = ['MANAGE_DOCUMENTATIONS'] as const;
export const DOCUMENT_SHARES_ROUTES: Record<string, { access: readonly string[]; check: Check }> = {
  'GET /api/document-manager/v3/documents/:id/shares/': {
    access: MANAGE,
    check: async (server, f) => {
      const id = await bShared(server, f);
      expect((await server.api('demo', `${DM}/documents/${id}/shares/`, { token: f.a.admin.id_token })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${DM}/documents/${id}/shares/`, { token: f.b.admin.id_token }));
    },
  },
  'POST /api/document-manager/v3/documents/:id/shares/': {
    access: MANAGE,
    check: async (server, f) => {
      const id = await bShared(server, f);
      expect((await server.api('demo', `${DM}/documents/${id}/shares/`, { method: 'POST', token: f.a.admin.id_token, json: { person_ids: [f.b.personId] } })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${DM}/documents/${id}/shares/`, { method: 'POST', token: f.b.admin.id_token, json: { person_ids: [f.b.personId] } }));
      expect(await bShares(server, f, id)).toEqual([f.b.personId]);
    },
  },
  'DELETE /api/document-manager/v3/documents/:id/shares/:personId/': {
    access: MANAGE,
    check: async (server, f) => {
      const id = await bShared(server, f);
      expect((await server.api('demo', `${DM}/documents/${id}/shares/${f.b.personId}/`, { method: 'DELETE', token: f.a.admin.id_token })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${DM}/documents/${id}/shares/${f.b.personId}/`, { method: 'DELETE', token: f.b.admin.id_token }));
      expect(await bShares(server, f, id)).toEqual([f.b.personId]);
    },
  },
  'GET /api/document-manager/v3/shared-with-me/': {
    access: [],
    check: async (server, f) => {
      const id = await bShared(server, f);
      const mine = await body<{ results: { id: string }[] }>(await server.api('demo', `${DM}/shared-with-me/`, { token: f.a.admin.id_token }));
      expect(mine.results.map((d) => d.id)).not.toContain(id);
      await expectMismatch(await server.api('demo', `${DM}/shared-with-me/`, { token: f.b.admin.id_token }));
    },
  },
  'GET /api/document-manager/v3/shared-with-me/:id/': {
    access: [],
    check: async (server, f) => {
      const id = await bShared(server, f);
      expect((await server.api('demo', `${DM}/shared-with-me/${id}/`, { token: f.a.admin.id_token })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${DM}/shared-with-me/${id}/`, { token: f.b.admin.id_token }));
    },
  },
};
