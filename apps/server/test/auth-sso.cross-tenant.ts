import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';

/**
 * The cross-tenant table's entries for identity providers, federated sign-in and discovery
 * (cross-tenant.test.ts, decision 029). Tenant A is `demo`, B is `demo-norte`; each check makes a
 * provider in B through B's own API, then shows that A can neither see, change nor use it.
 */
export interface SsoFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string } };
}
type Check = (server: TestServer, f: SsoFixture) => Promise<void>;

const AUTH = '/api/auth/v3';
const PROVIDERS = `${AUTH}/sso/providers`;

/** A provider of B (no network is touched: discovery happens only on sign-in). */
async function providerOfB(server: TestServer, f: SsoFixture): Promise<{ id: string; method_id: string }> {
  const response = await server.api('demo-norte', PROVIDERS, {
    method: 'POST',
    token: f.b.admin.id_token,
    json: { type: 'OIDC', name: `Norte ${Math.random().toString(36).slice(2, 8)}`, issuer: 'https://idp.norte.test', client_id: 'norte-client', client_secret: 'norte-secret', domains: ['norte.test'] },
  });
  expect(response.status).toBe(201);
  return body(response);
}

const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};

export const SSO_ROUTES: Record<string, { access: 'public' | 'no-tenant' | readonly string[]; check: Check }> = {
  'GET /api/auth/v3/sso/providers': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const b = await providerOfB(server, f);
      const listed = await body<{ id: string }[]>(await server.api('demo', PROVIDERS, { token: f.a.admin.id_token }));
      expect(listed.map((p) => p.id)).not.toContain(b.id);
      await expectMismatch(await server.api('demo', PROVIDERS, { token: f.b.admin.id_token }));
    },
  },
  'POST /api/auth/v3/sso/providers': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', PROVIDERS, { method: 'POST', token: f.b.admin.id_token, json: { type: 'OIDC', name: 'X', issuer: 'https://x.test', client_id: 'x' } }));
    },
  },
  'GET /api/auth/v3/sso/providers/:id': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const b = await providerOfB(server, f);
      expect((await server.api('demo', `${PROVIDERS}/${b.id}`, { token: f.a.admin.id_token })).status).toBe(404);
    },
  },
  'PATCH /api/auth/v3/sso/providers/:id': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const b = await providerOfB(server, f);
      expect((await server.api('demo', `${PROVIDERS}/${b.id}`, { method: 'PATCH', token: f.a.admin.id_token, json: { name: 'Hijacked', domains: ['evil.test'] } })).status).toBe(404);
      expect(await body(await server.api('demo-norte', `${PROVIDERS}/${b.id}`, { token: f.b.admin.id_token }))).toMatchObject({ domains: ['norte.test'] });
    },
  },
  'DELETE /api/auth/v3/sso/providers/:id': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const b = await providerOfB(server, f);
      expect((await server.api('demo', `${PROVIDERS}/${b.id}`, { method: 'DELETE', token: f.a.admin.id_token })).status).toBe(404);
      expect((await server.api('demo-norte', `${PROVIDERS}/${b.id}`, { token: f.b.admin.id_token })).status).toBe(200);
    },
  },
  'GET /api/auth/v3/sign-in-settings': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${AUTH}/sign-in-settings`, { token: f.b.admin.id_token }));
    },
  },
  'PUT /api/auth/v3/sign-in-settings': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const before = await body(await server.api('demo-norte', '/api/tenant'));
      await expectMismatch(await server.api('demo', `${AUTH}/sign-in-settings`, { method: 'PUT', token: f.b.admin.id_token, json: { methods: [] } }));
      expect(await body(await server.api('demo-norte', '/api/tenant'))).toEqual(before);
    },
  },
  'GET /api/auth/v3/sso/start': {
    access: 'public',
    check: async (server, f) => {
      const b = await providerOfB(server, f);
      const start = await server.api('demo', `${AUTH}/sso/start?method=${b.method_id}&mode=redirect`);
      expect(start.status).toBe(302);
      expect(new URL(start.headers.get('location')!).hash).toBe('#sso_error=method-unavailable');
    },
  },
  'GET /api/auth/v3/sso/callback': {
    access: 'public',
    check: async (server) => {
      const answer = await server.api('demo', `${AUTH}/sso/callback?code=x&state=y`, { headers: { cookie: 'faena_sso_state=y' } });
      expect(new URL(answer.headers.get('location')!).hash).toBe('#sso_error=state-mismatch');
    },
  },
  'POST /api/auth/v3/sso/complete': {
    access: 'public',
    check: async (server) => {
      expect((await server.api('demo', `${AUTH}/sso/complete`, { method: 'POST', json: { handoff: 'x'.repeat(43) } })).status).toBe(401);
    },
  },
  'POST /api/auth/v3/sso/link': {
    access: 'public',
    check: async (server) => {
      expect((await server.api('demo', `${AUTH}/sso/link`, { method: 'POST', json: { link_token: 'x'.repeat(43), password: 'p' } })).status).toBe(401);
    },
  },
  'POST /api/auth/v3/sign-in/discover': {
    access: 'public',
    check: async (server, f) => {
      await providerOfB(server, f);
      expect(await body(await server.api('demo', `${AUTH}/sign-in/discover`, { method: 'POST', json: { email: 'someone@norte.test' } }))).toEqual({ method_id: null, start_url: null });
    },
  },
  'POST /api/auth/v3/workspaces': {
    access: 'no-tenant',
    check: async (server) => {
      // the lookup is about the address, not the host: the same answer from any host
      const a = await body(await server.api('demo', `${AUTH}/workspaces`, { method: 'POST', json: { email: 'admin@norte.test' } }));
      const b = await body(await server.api('demo-norte', `${AUTH}/workspaces`, { method: 'POST', json: { email: 'admin@norte.test' } }));
      expect(a).toEqual(b);
    },
  },
};
