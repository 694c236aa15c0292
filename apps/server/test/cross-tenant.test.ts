import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/platform/http/access.ts';
import { body, collectRoutes, DEMO_ADMIN, DEMO_PASSWORD, engines, outbox, routeTable, setFlags, signIn, startServer, tenantOf, type TestServer } from './harness.ts';
import { DIRECTORY_ROUTES } from './directory.cross-tenant.ts';
import { CHECKLIST_ROUTES } from './checklists.cross-tenant.ts';
import { REPORTS_ROUTES } from './reports.cross-tenant.ts';
import { SSO_ROUTES } from './auth-sso.cross-tenant.ts';
import { ASSET_ROUTES } from './assets.cross-tenant.ts';
import { WORKFLOW_ROUTES } from './workflows.cross-tenant.ts';
import { PWA_ROUTES } from './pwa.cross-tenant.ts';
import { DOCUMENT_SHARES_ROUTES } from './document-shares.cross-tenant.ts';

/**
 * Tenant A is `demo`, tenant B is `demo-norte`. For every route of the platform modules, the
 * table below shows that B's data can be neither seen nor changed from A's host — with A's token,
 * with B's token, or with none. A route added to these modules without an entry fails the
 * completeness test; every protected route of every module is also swept with B's token on A's host.
 */

interface Pair {
  id_token: string;
  refresh_token: string;
  user: Record<string, unknown>;
}
interface Fixture {
  a: { id: string; admin: Pair };
  b: { id: string; admin: Pair; personId: string; passport: string; personEmail: string; inviteToken: string; magicCode: string; resetToken: string; impersonation: Pair; memberOfBoth: Pair };
}

type Check = (server: TestServer, f: Fixture) => Promise<void>;
/** Public (with or without a tenant), the keys a caller must all hold, or keys of which one is enough. */
type ExpectedAccess = 'no-tenant' | 'public' | readonly string[] | { anyOf: readonly string[]; allOf?: readonly string[] };

const AUTH = '/api/auth/v3';
const PERSONS = '/api/audiences/v3/persons/';
const OWNED_PREFIXES = [
  '/api/health',
  '/api/openapi.json',
  '/api/tenant',
  '/api/auth/',
  '/api/permissions/',
  '/api/audiences/',
  '/api/audit/',
  '/api/asset-manager/',
  '/api/reports/',
  '/api/home/',
  '/api/checklists/',
  '/api/workflow-backend/',
  '/api/pwa/',
  '/api/document-manager/v3/shared-with-me/',
  '/api/document-manager/v3/documents/:id/shares/',
];

const count = async (server: TestServer, subdomain: string, path: string, token: string) => (await body<{ count: number }>(await server.api(subdomain, path, { token }))).count;
const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};

/** A public route that mails a link to an address: asked on A's host for a member of B only (admin@norte.test), it sends nothing anywhere. */
const expectNothingMailed = async (server: TestServer, f: Fixture, path: string) => {
  const before = { a: (await outbox(server, 'demo', f.a.admin.id_token)).length, b: (await outbox(server, 'demo-norte', f.b.admin.id_token)).length };
  expect((await server.api('demo', `${AUTH}/${path}`, { method: 'POST', json: { email: 'admin@norte.test' } })).status).toBe(204);
  expect((await outbox(server, 'demo', f.a.admin.id_token)).length).toBe(before.a);
  expect((await outbox(server, 'demo-norte', f.b.admin.id_token)).length).toBe(before.b);
};

/** A write to tenant B's passport from tenant A: 404, B's set unchanged, and no set for B's passport appeared in A. */
const passportWriteStaysHome =
  (method: 'PUT' | 'PATCH', json: unknown): Check =>
  async (server, f) => {
    const theirs = () => server.api('demo-norte', `/api/permissions/v3/by-passport/${f.b.passport}`, { token: f.b.admin.id_token });
    const before = await body(await theirs());
    const response = await server.api('demo', `/api/permissions/v3/by-passport/${f.b.passport}`, { method, json, token: f.a.admin.id_token });
    expect(response.status).toBe(404);
    expect(await body(await theirs())).toEqual(before);
    const rows = await server.running.platform.db.transaction(f.a.id, (tx) => tx.execute(sql`SELECT passport FROM person_permissions WHERE passport = ${f.b.passport}`));
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  };

const ROUTES: Record<string, { access: ExpectedAccess; check: Check }> = {
  'GET /api/health': {
    access: 'no-tenant',
    check: async (server) => expect(await body(await server.api('demo', '/api/health'))).toEqual({ status: 'ok', version: '1.2.257' }),
  },
  'GET /api/openapi.json': {
    access: 'no-tenant',
    check: async (server, f) => {
      const text = await (await server.api('demo', '/api/openapi.json')).text();
      expect(text).not.toContain(f.b.id);
    },
  },
  'GET /api/tenant': {
    access: 'public',
    check: async (server, f) => {
      const tenant = await body(await server.api('demo', '/api/tenant', { token: f.b.admin.id_token }));
      expect(tenant.id).toBe(f.a.id);
      expect(JSON.stringify(tenant)).not.toContain(f.b.id);
    },
  },
  'POST /api/auth/v3/sign-in/password': {
    access: 'public',
    check: async (server) => {
      const response = await server.api('demo', `${AUTH}/sign-in/password`, { method: 'POST', json: { email: 'admin@norte.test', password: DEMO_PASSWORD } });
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ code: 'not-member' });
    },
  },
  'POST /api/auth/v3/token': {
    access: 'public',
    check: async (server, f) => {
      const fresh = await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
      expect((await server.api('demo', `${AUTH}/token`, { method: 'POST', json: { refresh_token: fresh.refresh_token } })).status).toBe(401);
      // B's session was neither used nor revoked
      expect((await server.api('demo-norte', `${AUTH}/token`, { method: 'POST', json: { refresh_token: fresh.refresh_token } })).status).toBe(200);
      expect(f.b.id).toBeDefined();
    },
  },
  'POST /api/auth/v3/sign-out': {
    access: [],
    check: async (server) => {
      const fresh = await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
      await expectMismatch(await server.api('demo', `${AUTH}/sign-out`, { method: 'POST', token: fresh.id_token }));
      expect((await server.api('demo-norte', `${AUTH}/me`, { token: fresh.id_token })).status).toBe(200);
    },
  },
  'GET /api/auth/v3/me': {
    access: [],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${AUTH}/me`, { token: f.b.admin.id_token }));
      // the identity that belongs to both tenants is A's person on A's host, B's on B's
      const both = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
      expect(await body(await server.api('demo', `${AUTH}/me`, { token: both.id_token }))).toMatchObject({ tenant_id: f.a.id });
      expect(both.user.passport).not.toBe(f.b.memberOfBoth.user.passport);
      await expectMismatch(await server.api('demo', `${AUTH}/me`, { token: f.b.memberOfBoth.id_token }));
    },
  },
  'PATCH /api/auth/v3/me': {
    access: [],
    check: async (server, f) => {
      // B's token on A's host changes nothing anywhere; the identity in both tenants edits only the host's person
      await expectMismatch(await server.api('demo', `${AUTH}/me`, { method: 'PATCH', token: f.b.admin.id_token, json: { name: 'Intruso' } }));
      const both = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
      expect((await server.api('demo', `${AUTH}/me`, { method: 'PATCH', token: both.id_token, json: { name: 'Admin Demo' } })).status).toBe(200);
      expect(await body(await server.api('demo-norte', `${AUTH}/me`, { token: f.b.memberOfBoth.id_token }))).not.toMatchObject({ name: 'Admin Demo' });
    },
  },
  'POST /api/auth/v3/session-cookie': {
    access: [],
    check: async (server, f) => {
      const response = await server.api('demo', `${AUTH}/session-cookie`, { method: 'POST', token: f.b.admin.id_token });
      await expectMismatch(response);
      expect(response.headers.get('set-cookie')).toBeNull();
    },
  },
  'DELETE /api/auth/v3/session-cookie': {
    access: 'public',
    check: async (server) => {
      // carries no tenant data: it only ever clears the cookie
      const response = await server.api('demo', `${AUTH}/session-cookie`, { method: 'DELETE' });
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toMatch(/^faena_session=;/);
    },
  },
  'POST /api/auth/v3/invites': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${AUTH}/invites`, { method: 'POST', json: { email: 'x@norte.test' }, token: f.b.admin.id_token }));
      const before = (await outbox(server, 'demo-norte', f.b.admin.id_token)).length;
      // inviting B's member from A makes an invitation of A only
      const response = await server.api('demo', `${AUTH}/invites`, { method: 'POST', json: { email: f.b.personEmail }, token: f.a.admin.id_token });
      expect(response.status).toBe(201);
      expect(new URL((await body<{ link: string }>(response)).link).hostname).toBe('demo.app.localhost');
      expect((await outbox(server, 'demo-norte', f.b.admin.id_token)).length).toBe(before);
    },
  },
  'GET /api/auth/v3/invites/:token': {
    access: 'public',
    check: async (server, f) => {
      expect((await server.api('demo', `${AUTH}/invites/${f.b.inviteToken}`)).status).toBe(404);
      expect((await server.api('demo-norte', `${AUTH}/invites/${f.b.inviteToken}`)).status).toBe(200);
    },
  },
  'POST /api/auth/v3/invites/:token/accept': {
    access: 'public',
    check: async (server, f) => {
      const response = await server.api('demo', `${AUTH}/invites/${f.b.inviteToken}/accept`, { method: 'POST', json: { name: 'Intrusa', password: 'intrusa-pass' } });
      expect(response.status).toBe(404);
      // not consumed
      expect((await server.api('demo-norte', `${AUTH}/invites/${f.b.inviteToken}`)).status).toBe(200);
    },
  },
  'POST /api/auth/v3/password-reset': {
    access: 'public',
    check: (server, f) => expectNothingMailed(server, f, 'password-reset'),
  },
  'GET /api/auth/v3/password-reset/:token': {
    access: 'public',
    check: async (server, f) => {
      expect((await server.api('demo', `${AUTH}/password-reset/${f.b.resetToken}`)).status).toBe(404);
      expect((await server.api('demo-norte', `${AUTH}/password-reset/${f.b.resetToken}`)).status).toBe(200);
    },
  },
  'POST /api/auth/v3/password-reset/:token': {
    access: 'public',
    check: async (server, f) => {
      const response = await server.api('demo', `${AUTH}/password-reset/${f.b.resetToken}`, { method: 'POST', json: { password: 'intrusa-pass' } });
      expect(response.status).toBe(404);
      // not spent, and B's password is what it was
      expect((await server.api('demo-norte', `${AUTH}/password-reset/${f.b.resetToken}`)).status).toBe(200);
      await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
    },
  },
  'POST /api/auth/v3/magic-link': {
    access: 'public',
    check: (server, f) => expectNothingMailed(server, f, 'magic-link'),
  },
  'POST /api/auth/v3/sign-in/magic-link': {
    access: 'public',
    check: async (server, f) => {
      const response = await server.api('demo', `${AUTH}/sign-in/magic-link`, { method: 'POST', json: { email: 'admin@norte.test', code: f.b.magicCode } });
      expect(response.status).toBe(401);
      // B's link still works on B
      expect((await server.api('demo-norte', `${AUTH}/sign-in/magic-link`, { method: 'POST', json: { email: 'admin@norte.test', code: f.b.magicCode } })).status).toBe(200);
    },
  },
  'POST /api/auth/v3/impersonation': {
    access: ['IMPERSONATE_USERS'],
    check: async (server, f) => {
      const response = await server.api('demo', `${AUTH}/impersonation`, { method: 'POST', json: { person_id: f.b.personId }, token: f.a.admin.id_token });
      expect(response.status).toBe(404);
      await expectMismatch(await server.api('demo', `${AUTH}/impersonation`, { method: 'POST', json: { person_id: f.b.personId }, token: f.b.admin.id_token }));
    },
  },
  'DELETE /api/auth/v3/impersonation': {
    access: [],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${AUTH}/impersonation`, { method: 'DELETE', token: f.b.impersonation.id_token }));
      expect(await body(await server.api('demo-norte', `${AUTH}/me`, { token: f.b.impersonation.id_token }))).toMatchObject({ impersonator: expect.objectContaining({ email: 'admin@norte.test' }) });
    },
  },
  'GET /api/auth/v3/outbox': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${AUTH}/outbox`, { token: f.b.admin.id_token }));
      const a = await outbox(server, 'demo', f.a.admin.id_token);
      const b = await outbox(server, 'demo-norte', f.b.admin.id_token);
      expect(b.map((m) => m.recipient)).toContain('b-invitee@norte.test');
      expect(a.map((m) => m.recipient)).not.toContain('b-invitee@norte.test');
      const bIds = new Set(b.map((m) => m.id));
      expect(a.filter((m) => bIds.has(m.id))).toEqual([]);
    },
  },
  'GET /api/permissions/v3/my-site-config': {
    access: [],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', '/api/permissions/v3/my-site-config', { token: f.b.admin.id_token }));
      expect(await body(await server.api('demo', '/api/permissions/v3/my-site-config', { token: f.a.admin.id_token }))).toMatchObject({ disabled_modules: [] });
    },
  },
  'GET /api/permissions/v3/permissions': {
    access: [],
    check: async (server, f) => {
      // the catalogue of keys is the same for every tenant: no tenant data in it
      await expectMismatch(await server.api('demo', '/api/permissions/v3/permissions', { token: f.b.admin.id_token }));
      const a = await (await server.api('demo', '/api/permissions/v3/permissions', { token: f.a.admin.id_token })).text();
      const b = await (await server.api('demo-norte', '/api/permissions/v3/permissions', { token: f.b.admin.id_token })).text();
      expect(a).toBe(b);
    },
  },
  'GET /api/permissions/v3/by-passport/:passport': {
    access: [],
    check: async (server, f) => {
      const response = await server.api('demo', `/api/permissions/v3/by-passport/${f.b.passport}`, { token: f.a.admin.id_token });
      expect(response.status).toBe(404);
      await expectMismatch(await server.api('demo', `/api/permissions/v3/by-passport/${f.b.passport}`, { token: f.b.admin.id_token }));
    },
  },
  'PUT /api/permissions/v3/by-passport/:passport': { access: ['MANAGE_PEOPLE'], check: passportWriteStaysHome('PUT', { permissions: ['MANAGE_PEOPLE'] }) },
  'PATCH /api/permissions/v3/by-passport/:passport': { access: ['MANAGE_PEOPLE'], check: passportWriteStaysHome('PATCH', { added: ['MANAGE_PEOPLE'] }) },
  'GET /api/audiences/v3/persons/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', PERSONS, { token: f.b.admin.id_token }));
      const a = await body<{ results: { id: string }[] }>(await server.api('demo', `${PERSONS}?page_size=200`, { token: f.a.admin.id_token }));
      expect(a.results.map((p) => p.id)).not.toContain(f.b.personId);
      expect(await count(server, 'demo', `${PERSONS}?search=Rodrigo`, f.a.admin.id_token)).toBe(0);
    },
  },
  'POST /api/audiences/v3/persons/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const before = await count(server, 'demo-norte', PERSONS, f.b.admin.id_token);
      // e-mails are unique per tenant: B's member's e-mail is free in A, and B is untouched
      const response = await server.api('demo', PERSONS, { method: 'POST', json: { name: 'Copia en A', primary_email: f.b.personEmail }, token: f.a.admin.id_token });
      expect(response.status).toBe(201);
      expect(await count(server, 'demo-norte', PERSONS, f.b.admin.id_token)).toBe(before);
      expect(await body(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: f.b.admin.id_token }))).toMatchObject({ name: 'Rodrigo Alvarado' });
    },
  },
  'GET /api/audiences/v3/persons/:id/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/`, { token: f.a.admin.id_token })).status).toBe(404);
      expect((await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: f.b.admin.id_token })).status).toBe(200);
    },
  },
  'GET /api/audit/v3/entries': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', '/api/audit/v3/entries', { token: f.b.admin.id_token }));
      const entries = async (subdomain: string, token: string) =>
        (await body<{ results: { id: string; request_id: string }[] }>(await server.api(subdomain, '/api/audit/v3/entries?page_size=200', { token }))).results;
      const a = await entries('demo', f.a.admin.id_token);
      const b = await entries('demo-norte', f.b.admin.id_token);
      expect(b.length).toBeGreaterThan(0);
      const bIds = new Set(b.map((e) => e.id));
      expect(a.filter((e) => bIds.has(e.id))).toEqual([]);
      const bRequests = new Set(b.map((e) => e.request_id));
      expect(a.filter((e) => bRequests.has(e.request_id))).toEqual([]);
    },
  },
  // the directory's people, positions, org chart, audiences and calculator (directory.cross-tenant.ts)
  ...DIRECTORY_ROUTES,
  // the checklists module (checklists.cross-tenant.ts)
  ...CHECKLIST_ROUTES,
  // identity providers, federated sign-in and discovery (auth-sso.cross-tenant.ts)
  ...SSO_ROUTES,
  // reports and the home feed (reports.cross-tenant.ts)
  ...REPORTS_ROUTES,
  // assets: categories, types, assets, scans, exports, maintenance, plans, labels, public label page (assets.cross-tenant.ts)
  ...ASSET_ROUTES,
  // workflows: categories, types, versions, executions, tasks, messages, exports, kanban boards, public start links and tracking (workflows.cross-tenant.ts)
  ...WORKFLOW_ROUTES,
  // the installable app's manifest and icons (pwa.cross-tenant.ts)
  ...PWA_ROUTES,
  ...DOCUMENT_SHARES_ROUTES,
};

function accessOf(access: Access | undefined): ExpectedAccess | 'undeclared' {
  if (!access) return 'undeclared';
  if ('public' in access) return access.tenant === false ? 'no-tenant' : 'public';
  if (access.anyOf?.length) return { anyOf: access.anyOf, ...(access.permissions.length ? { allOf: access.permissions } : {}) };
  return access.permissions;
}

describe.each(engines())('cross-tenant isolation on %s', (engine) => {
  let server: TestServer;
  let f: Fixture;

  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    const aId = (await tenantOf(server, 'demo')).id;
    const bId = (await tenantOf(server, 'demo-norte')).id;
    // B's magic link is off in production defaults: turn it on so B has links to steal
    await setFlags(server, bId, { magic_link: true });

    const aAdmin = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
    const bAdmin = await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD);
    const memberOfBoth = await signIn(server, 'demo-norte', DEMO_ADMIN, DEMO_PASSWORD);
    // a person of B with an e-mail, made through B's own API
    const person = await body<{ id: string; passport: string; primary_email: string }>(
      await server.api('demo-norte', PERSONS, { method: 'POST', json: { name: 'Rodrigo Alvarado', primary_email: 'rodrigo@norte.test' }, token: bAdmin.id_token }),
    );
    const invite = await body<{ link: string }>(await server.api('demo-norte', `${AUTH}/invites`, { method: 'POST', json: { email: 'b-invitee@norte.test' }, token: bAdmin.id_token }));
    expect((await server.api('demo-norte', `${AUTH}/magic-link`, { method: 'POST', json: { email: 'admin@norte.test' } })).status).toBe(204);
    const mail = (await outbox(server, 'demo-norte', bAdmin.id_token)).find((m) => m.recipient === 'admin@norte.test')!;
    expect((await server.api('demo-norte', `${AUTH}/password-reset`, { method: 'POST', json: { email: 'admin@norte.test' } })).status).toBe(204);
    const resetMail = (await outbox(server, 'demo-norte', bAdmin.id_token)).find((m) => m.recipient === 'admin@norte.test' && m.text.includes('/reset-password?token='))!;
    // B's administrator impersonates B's person of the identity that is in both tenants
    const target = await body<{ results: { id: string }[] }>(await server.api('demo-norte', `${PERSONS}?search=${encodeURIComponent(DEMO_ADMIN)}`, { token: bAdmin.id_token }));
    const impersonation = await body<Pair>(await server.api('demo-norte', `${AUTH}/impersonation`, { method: 'POST', json: { person_id: target.results[0]!.id }, token: bAdmin.id_token }));
    f = {
      a: { id: aId, admin: aAdmin },
      b: {
        id: bId,
        admin: bAdmin,
        personId: person.id,
        passport: person.passport,
        personEmail: person.primary_email,
        inviteToken: new URL(invite.link).searchParams.get('token')!,
        magicCode: /Tu código es (\d{6})/.exec(mail.text)![1]!,
        resetToken: /\/reset-password\?token=(\S+)/.exec(resetMail.text)![1]!,
        impersonation,
        memberOfBoth,
      },
    };
    expect(impersonation.id_token).toBeDefined();
  });
  afterAll(() => server?.close());

  it('the table covers exactly the routes of the platform modules, with the access each declares', async () => {
    const declared = new Map((await collectRoutes(server)).map((route) => [`${route.method} ${route.url}`, accessOf(route.access)]));
    const served = routeTable(server.running.app)
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => OWNED_PREFIXES.some((prefix) => key.split(' ')[1]!.startsWith(prefix)));
    expect([...served].sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [key, { access }] of Object.entries(ROUTES)) {
      if (access === 'no-tenant') continue; // platform routes, registered before any module
      expect(declared.get(key), key).toEqual(access);
    }
  });

  for (const [key, { check }] of Object.entries(ROUTES)) {
    it(`${key}: tenant B stays out of reach from tenant A`, async () => {
      await check(server, f);
    });
  }

  it("every protected route of every module refuses tenant B's token on tenant A's host", async () => {
    const routes = (await collectRoutes(server)).filter((route) => route.url.startsWith('/api') && route.access && 'permissions' in route.access);
    expect(routes.length).toBeGreaterThan(10);
    const token = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
    const wrong: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
      const response = await server.api('demo', path, { method: route.method, token, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
      const answer = response.status === 403 ? await body(response) : null;
      if (answer?.code !== 'tenant-mismatch') wrong.push(`${route.method} ${route.url} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
