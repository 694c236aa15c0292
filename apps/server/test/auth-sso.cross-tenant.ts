import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';
import { samlKeys } from './auth-sso-saml-idp.ts';

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
    json: {
      type: 'OIDC',
      name: `Norte ${Math.random().toString(36).slice(2, 8)}`,
      issuer: 'https://idp.norte.test',
      client_id: 'norte-client',
      client_secret: 'norte-secret',
      domains: ['norte.test'],
    },
  });
  expect(response.status).toBe(201);
  return body(response);
}

/** A SAML provider of B, its IdP metadata pasted (no network: the metadata is only read). */
async function samlProviderOfB(server: TestServer, f: SsoFixture): Promise<{ id: string; method_id: string }> {
  const { cert } = samlKeys('norte-idp');
  const metadata = `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.norte.test/saml"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.norte.test/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  const response = await server.api('demo-norte', PROVIDERS, {
    method: 'POST',
    token: f.b.admin.id_token,
    json: { type: 'SAML', name: `Norte SAML ${Math.random().toString(36).slice(2, 8)}`, idp_metadata_xml: metadata, domains: ['norte.test'] },
  });
  expect(response.status, await response.clone().text()).toBe(201);
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
  'GET /api/auth/v3/sso/saml/:id/metadata': {
    access: 'public',
    check: async (server, f) => {
      const b = await samlProviderOfB(server, f);
      expect((await server.api('demo-norte', `${AUTH}/sso/saml/${b.id}/metadata`)).status).toBe(200);
      expect((await server.api('demo', `${AUTH}/sso/saml/${b.id}/metadata`)).status).toBe(404);
    },
  },
  'POST /api/auth/v3/sso/saml/:id/acs': {
    access: 'public',
    check: async (server, f) => {
      const b = await samlProviderOfB(server, f);
      // B's sign-in, started on B's host, answered on A's host: B's provider does not exist there (it is looked up
      // before the RelayState, since an IdP-initiated answer has none), so nothing of B's is even read
      const start = await server.api('demo-norte', `${AUTH}/sso/start?method=${b.method_id}&mode=redirect`);
      const state = /faena_sso_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? 'none';
      const form = new URLSearchParams({ SAMLResponse: Buffer.from('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>').toString('base64'), RelayState: state }).toString();
      const answer = await server.api('demo', `${AUTH}/sso/saml/${b.id}/acs`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `faena_sso_state=${state}` },
        body: form,
      });
      expect(new URL(answer.headers.get('location')!).hash).toBe('#sso_error=method-unavailable');
      expect(answer.headers.get('set-cookie') ?? '').not.toMatch(/faena_sso_handoff=[^;]/);
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
