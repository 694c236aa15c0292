import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '@faena/domain';
import { GLOBAL_TABLES, migrate } from '../src/platform/db/migrate.ts';
import { APP_ROLE } from '../src/platform/db/database.ts';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, tenantOf, type TestServer } from './harness.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
/** The first row, which the test expects to exist. */
const firstOf = <T>(result: unknown): T => {
  const [row] = rowsOf<T>(result);
  if (!row) throw new Error('no row');
  return row;
};

describe.each(engines())('tenancy and row-level security on %s', (engine) => {
  let server: TestServer;
  let demo: { id: string; name: string };
  let norte: { id: string; name: string };
  let demoToken: string;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    demo = await tenantOf(server, 'demo');
    norte = await tenantOf(server, 'demo-norte');
    demoToken = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  describe('GET /api/tenant', () => {
    it('answers the host tenant in the API.md shape', async () => {
      const response = await server.api('demo', '/api/tenant');
      expect(response.status).toBe(200);
      const tenant = await body(response);
      expect(tenant).toMatchObject({
        id: demo.id,
        subdomain: 'demo',
        name: 'Faena Demo',
        firebase_tenant_id: null,
        firebase_sign_in_methods: ['PASSWORD', 'GOOGLE', 'MAGIC_LINK'],
        logo_url: null,
        disabled_modules: [],
        white_label: {},
        feature_flags: ALL_FLAGS_ON,
      });
      // no token needed, and nothing private in it
      expect(JSON.stringify(tenant)).not.toMatch(/password_hash|secret/);
    });

    it('answers each tenant its own settings (a tenant made like `tenant create` gets production flags)', async () => {
      const tenant = await body(await server.api('demo-norte', '/api/tenant'));
      expect(tenant).toMatchObject({
        id: norte.id,
        subdomain: 'demo-norte',
        name: 'Minera Norte (demo)',
        firebase_sign_in_methods: ['PASSWORD', 'GOOGLE'],
        disabled_modules: ['store', 'company'],
        feature_flags: PRODUCTION_FLAGS,
      });
      expect(norte.id).not.toBe(demo.id);
    });

    it('answers the default tenant for hosts that name none', async () => {
      for (const host of ['localhost', `localhost:${server.port}`, `127.0.0.1:${server.port}`, `app.localhost:${server.port}`, `[::1]:${server.port}`]) {
        const response = await server.api(null, '/api/tenant', { host });
        expect(response.status, host).toBe(200);
        expect((await body(response)).subdomain, host).toBe('demo');
      }
    });

    it('strips environment markers and ignores case', async () => {
      for (const host of [`demo-norte.staging.app.localhost:${server.port}`, `DEMO-NORTE.App.Localhost`, `uat.demo-norte.app.localhost`]) {
        const response = await server.api(null, '/api/tenant', { host });
        expect(response.status, host).toBe(200);
        expect((await body(response)).id, host).toBe(norte.id);
      }
    });

    it('answers 404 tenant_not_found for an unknown subdomain', async () => {
      const response = await server.api('nope', '/api/tenant');
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual({ code: 'tenant_not_found', detail: 'Organization nope not found.' });
    });

    it('answers 404 tenant_not_found on every tenant route of an unknown host, signed in or not', async () => {
      for (const [method, path] of [
        ['POST', '/api/auth/v3/sign-in/password'],
        ['GET', '/api/auth/v3/me'],
        ['GET', '/api/audiences/v3/persons/'],
        ['GET', '/api/permissions/v3/my-site-config'],
      ] as const) {
        const response = await server.api('nope', path, { method, token: demoToken, ...(method === 'POST' ? { json: { email: DEMO_ADMIN, password: DEMO_PASSWORD } } : {}) });
        expect(response.status, path).toBe(404);
        expect(await body(response)).toMatchObject({ code: 'tenant_not_found' });
      }
    });

    it('answers health and the OpenAPI document without any tenant', async () => {
      expect((await server.api('nope', '/api/health')).status).toBe(200);
      const openapi = await server.api('nope', '/api/openapi.json');
      expect(openapi.status).toBe(200);
      expect(await body(openapi)).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    });
  });

  describe('tokens and hosts', () => {
    it("answers 403 tenant-mismatch to a token of tenant A on tenant B's host", async () => {
      // the administrator is a member of both tenants: membership elsewhere does not help
      for (const path of ['/api/auth/v3/me', '/api/permissions/v3/my-site-config', '/api/audiences/v3/persons/']) {
        const response = await server.api('demo-norte', path, { token: demoToken });
        expect(response.status, path).toBe(403);
        expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
      }
      // the same token on its own host is fine
      expect((await server.api('demo', '/api/auth/v3/me', { token: demoToken })).status).toBe(200);
    });

    it('answers 401 not-signed-in to no token, a malformed one, a forged one and an expired one', async () => {
      const { value: secret } = firstOf<{ value: string }>(
        await server.running.platform.db.transaction(null, (tx) => tx.execute(sql`SELECT value FROM platform_secrets WHERE name = 'id_token_signing_key'`)),
      );
      const claims = JSON.parse(Buffer.from(demoToken.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ sub: claims.sub, tid: claims.tid, sid: claims.sid, pid: claims.pid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('faena')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 60)
        .sign(Buffer.from(secret, 'base64url'));
      const forged = await new SignJWT({ sub: claims.sub, tid: claims.tid, sid: claims.sid, pid: claims.pid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('faena')
        .setExpirationTime(now + 600)
        .sign(new Uint8Array(48).fill(7));
      const unknownSession = await new SignJWT({ sub: claims.sub, tid: claims.tid, sid: '00000000-0000-4000-8000-000000000000', pid: claims.pid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('faena')
        .setExpirationTime(now + 600)
        .sign(Buffer.from(secret, 'base64url'));
      for (const [label, token] of [
        ['none', undefined],
        ['malformed', 'abc.def'],
        ['forged', forged],
        ['expired', expired],
        ['unknown session', unknownSession],
      ] as const) {
        const response = await server.api('demo', '/api/auth/v3/me', token ? { token } : {});
        expect(response.status, label).toBe(401);
        expect(await body(response), label).toMatchObject({ code: 'not-signed-in' });
      }
    });

    it("does not let tenant A's refresh token work on tenant B's host, nor disturb A's session", async () => {
      const pair = await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD);
      const response = await server.api('demo-norte', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: pair.refresh_token } });
      expect(response.status).toBe(401);
      expect((await server.api('demo', '/api/auth/v3/token', { method: 'POST', json: { refresh_token: pair.refresh_token } })).status).toBe(200);
    });
  });

  describe('row-level security', () => {
    const db = () => server.running.platform.db;

    it('a query without a tenant filter sees only the tenant of its transaction', async () => {
      const demoRows = rowsOf<{ tenant_id: string; name: string }>(await db().transaction(demo.id, (tx) => tx.execute(sql`SELECT tenant_id, name FROM persons`)));
      const norteRows = rowsOf<{ tenant_id: string; name: string }>(await db().transaction(norte.id, (tx) => tx.execute(sql`SELECT tenant_id, name FROM persons`)));
      expect(demoRows.length).toBeGreaterThanOrEqual(45);
      expect(new Set(demoRows.map((row) => row.tenant_id))).toEqual(new Set([demo.id]));
      expect(norteRows.length).toBeGreaterThanOrEqual(5);
      expect(new Set(norteRows.map((row) => row.tenant_id))).toEqual(new Set([norte.id]));
      expect(norteRows.map((row) => row.name)).toContain('Rodrigo Alvarado');
      expect(demoRows.map((row) => row.name)).not.toContain('Rodrigo Alvarado');
      // an explicit filter for the other tenant finds nothing either
      const crossed = rowsOf(await db().transaction(demo.id, (tx) => tx.execute(sql`SELECT id FROM persons WHERE tenant_id = ${norte.id}`)));
      expect(crossed).toEqual([]);
    });

    it('every tenant table looks empty to a transaction without tenant', async () => {
      const tables = rowsOf<{ relname: string }>(
        await db().transaction(null, (tx) =>
          tx.execute(
            sql`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
          ),
        ),
      ).map((row) => row.relname);
      expect(tables).toEqual(expect.arrayContaining(['persons', 'person_permissions', 'sessions', 'audit_log', 'mail_outbox']));
      for (const table of tables) {
        const { n } = firstOf<{ n: number | string }>(await db().transaction(null, (tx) => tx.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)));
        expect(Number(n), table).toBe(0);
      }
      // while the owner sees the rows
      const seen = rowsOf(await db().transaction(demo.id, (tx) => tx.execute(sql`SELECT 1 FROM persons LIMIT 1`)));
      expect(seen).toHaveLength(1);
    });

    it("refuses to write a row carrying another tenant's id", async () => {
      await expect(db().transaction(demo.id, (tx) => tx.execute(sql`INSERT INTO persons (tenant_id, passport, name) VALUES (${norte.id}, 'planted', 'Planted')`))).rejects.toThrow();
      await expect(db().transaction(null, (tx) => tx.execute(sql`INSERT INTO persons (tenant_id, passport, name) VALUES (${norte.id}, 'planted', 'Planted')`))).rejects.toThrow();
      // nor move one of its own rows to another tenant
      await expect(db().transaction(demo.id, (tx) => tx.execute(sql`UPDATE persons SET tenant_id = ${norte.id} WHERE name = 'Camila Rojas'`))).rejects.toThrow();
      const planted = rowsOf(await db().transaction(norte.id, (tx) => tx.execute(sql`SELECT id FROM persons WHERE passport = 'planted' OR name = 'Camila Rojas'`)));
      expect(planted).toEqual([]);
      // updates and deletes aimed at another tenant's rows touch nothing
      const updated = rowsOf(await db().transaction(demo.id, (tx) => tx.execute(sql`UPDATE persons SET name = 'Hijacked' WHERE tenant_id = ${norte.id} RETURNING id`)));
      const deleted = rowsOf(await db().transaction(demo.id, (tx) => tx.execute(sql`DELETE FROM persons WHERE tenant_id = ${norte.id} RETURNING id`)));
      expect(updated).toEqual([]);
      expect(deleted).toEqual([]);
      const still = rowsOf(await db().transaction(norte.id, (tx) => tx.execute(sql`SELECT id FROM persons WHERE name = 'Rodrigo Alvarado'`)));
      expect(still).toHaveLength(1);
    });

    it('runs every transaction as the restricted role, with the tenant set for that transaction only', async () => {
      const [inside] = rowsOf<{ user: string; tenant: string }>(
        await db().transaction(demo.id, (tx) => tx.execute(sql`SELECT current_user AS user, current_setting('app.tenant_id', true) AS tenant`)),
      );
      expect(inside).toEqual({ user: APP_ROLE, tenant: demo.id });
      // transaction-local: the next transaction on the same connection starts without it
      const [after] = await db().query<{ tenant: string | null }>(`SELECT NULLIF(current_setting('app.tenant_id', true), '') AS tenant`);
      expect(after!.tenant).toBeNull();
      expect(await db().query('SELECT id FROM persons')).toEqual([]);
    });

    it('every table with tenant_id has RLS enabled and forced and a policy; every other table is a known global one', async () => {
      const tables = rowsOf<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; has_tenant: boolean; policies: number | string }>(
        await db().transaction(null, (tx) =>
          tx.execute(sql`
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
                   EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS has_tenant,
                   (SELECT count(*) FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname) AS policies
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
            ORDER BY c.relname`),
        ),
      );
      expect(tables.length).toBeGreaterThan(5);
      const globals: string[] = [];
      for (const table of tables) {
        if (table.has_tenant) {
          expect(table.relrowsecurity, `${table.relname} RLS enabled`).toBe(true);
          expect(table.relforcerowsecurity, `${table.relname} RLS forced`).toBe(true);
          expect(Number(table.policies), `${table.relname} policy`).toBeGreaterThan(0);
        } else {
          globals.push(table.relname);
        }
      }
      for (const name of globals) expect(GLOBAL_TABLES as readonly string[], `${name} has no tenant_id: make it tenant-owned or list it in GLOBAL_TABLES`).toContain(name);

      // the policy is the tenant_isolation one, for reading and for writing
      const policies = rowsOf<{ tablename: string; policyname: string; qual: string; with_check: string }>(
        await db().transaction(null, (tx) => tx.execute(sql`SELECT tablename, policyname, qual, with_check FROM pg_policies WHERE schemaname = 'public'`)),
      );
      for (const policy of policies) {
        expect(policy.qual, policy.tablename).toContain('app.tenant_id');
        expect(policy.with_check, policy.tablename).toContain('app.tenant_id');
      }
    });

    it('a boot changes nothing that is in place (no lock on any table), and puts back what is missing', async () => {
      // A statement that rewrites a table's catalogue row (ALTER TABLE, GRANT) or its policy gives it a new xmin.
      const catalogue = async () =>
        rowsOf<{ relname: string; xmin: string; policy: string | null }>(
          await db().transaction(null, (tx) =>
            tx.execute(sql`
              SELECT c.relname, c.xmin::text AS xmin,
                     (SELECT p.oid::text || ':' || p.xmin::text FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation') AS policy
              FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S')
              ORDER BY c.relname`),
          ),
        );
      const before = await catalogue();
      await migrate(db());
      expect(await catalogue()).toEqual(before);

      // Each piece taken away, and a policy made before policies carried their condition as comment.
      await db().ownerExec(`
        ALTER TABLE public.persons NO FORCE ROW LEVEL SECURITY;
        ALTER TABLE public.positions DISABLE ROW LEVEL SECURITY;
        DROP POLICY tenant_isolation ON public.venues;
        REVOKE DELETE ON public.catalog_items FROM ${APP_ROLE};
        COMMENT ON POLICY tenant_isolation ON public.locations IS NULL`);
      await migrate(db());
      const after = await catalogue();
      const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index])).map((row) => row.relname);
      expect(changed).toEqual(['catalog_items', 'locations', 'persons', 'positions', 'venues']);
      const restored = rowsOf<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; can_delete: boolean; policies: number | string }>(
        await db().transaction(null, (tx) =>
          tx.execute(sql`
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, has_table_privilege(${APP_ROLE}, c.oid, 'DELETE') AS can_delete,
                   (SELECT count(*) FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation' AND obj_description(p.oid, 'pg_policy') LIKE '%app.tenant_id%') AS policies
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relname IN ('catalog_items', 'locations', 'persons', 'positions', 'venues')
            ORDER BY c.relname`),
        ),
      );
      for (const table of restored)
        expect({ ...table, policies: Number(table.policies) }, table.relname).toEqual({ relname: table.relname, relrowsecurity: true, relforcerowsecurity: true, can_delete: true, policies: 1 });
      // and a policy that was already right kept its identity (not dropped and made again)
      expect(after.find((row) => row.relname === 'persons')?.policy).toBe(before.find((row) => row.relname === 'persons')?.policy);
    });

    it.runIf(engine === 'postgres')('a booting server does not wait for a transaction that holds a table (no ACCESS EXCLUSIVE lock at start)', async () => {
      // Another server's open transaction (an import's apply) holds a row of persons; this one boots (migrates) meanwhile.
      // Were the boot to ALTER the table or re-create its policy, it would wait for that transaction, which waits for it.
      const booted = await db().transaction(demo.id, async (tx) => {
        await tx.execute(sql`SELECT id FROM persons LIMIT 1 FOR UPDATE`);
        await migrate(db());
        return true;
      });
      expect(booted).toBe(true);
    });

    it('reads outside a transaction see only their tenant, however the connections were used before', async () => {
      const tenantsSeen = async (tenantId: string) =>
        new Set(rowsOf<{ tenant_id: string }>(await db().read(tenantId, (tx) => tx.execute(sql`SELECT tenant_id FROM persons`))).map((row) => row.tenant_id));
      // Many reads at once, alternating tenants, so pooled connections change tenant under load.
      const seen = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? demo.id : norte.id)).map(async (tenantId) => ({ tenantId, seen: await tenantsSeen(tenantId) })));
      for (const { tenantId, seen: tenants } of seen) expect(tenants).toEqual(new Set([tenantId]));
      // an explicit filter for another tenant finds nothing, and a read cannot write
      expect(rowsOf(await db().read(demo.id, (tx) => tx.execute(sql`SELECT id FROM persons WHERE tenant_id = ${norte.id}`)))).toEqual([]);
      await expect(db().read(demo.id, (tx) => tx.execute(sql`INSERT INTO persons (tenant_id, passport, name) VALUES (${norte.id}, 'planted-read', 'Planted')`))).rejects.toThrow();
      // a read runs as the restricted role
      const [who] = rowsOf<{ user: string; tenant: string }>(await db().read(norte.id, (tx) => tx.execute(sql`SELECT current_user AS user, current_setting('app.tenant_id', true) AS tenant`)));
      expect(who).toEqual({ user: APP_ROLE, tenant: norte.id });
    });

    it('what a read leaves on a connection never leaks into transactions, global statements or the owner', async () => {
      // Leave a tenant on (up to) every pooled connection.
      await Promise.all(Array.from({ length: 12 }, () => db().read(norte.id, (tx) => tx.execute(sql`SELECT pg_sleep(0.01)`))));
      for (let i = 0; i < 12; i++) {
        // a transaction of another tenant, and one without tenant, see their own rows only
        const inDemo = rowsOf<{ tenant_id: string }>(await db().transaction(demo.id, (tx) => tx.execute(sql`SELECT DISTINCT tenant_id FROM persons`)));
        expect(inDemo).toEqual([{ tenant_id: demo.id }]);
        expect(rowsOf(await db().transaction(null, (tx) => tx.execute(sql`SELECT id FROM persons LIMIT 1`)))).toEqual([]);
        expect(await db().query('SELECT id FROM persons LIMIT 1')).toEqual([]);
      }
      // the owner's statements run as the owner, with no tenant, on any connection
      for (let i = 0; i < 12; i++) {
        const [owner] = await db().ownerDrizzle(async (tx) =>
          rowsOf<{ user: string; tenant: string | null }>(await tx.execute(sql`SELECT current_user AS user, NULLIF(current_setting('app.tenant_id', true), '') AS tenant`)),
        );
        expect(owner!.user).not.toBe(APP_ROLE);
        expect(owner!.tenant).toBeNull();
        const { rows } = await db().queueSql(`SELECT current_user AS user`);
        expect(rows[0]!.user).not.toBe(APP_ROLE);
        await db().read(norte.id, (tx) => tx.execute(sql`SELECT 1`));
      }
      // a failed statement in a read leaves the connection usable and still scoped
      await expect(db().read(demo.id, (tx) => tx.execute(sql`SELECT 1/0`))).rejects.toThrow();
      expect(await (async () => new Set(rowsOf<{ tenant_id: string }>(await db().read(demo.id, (tx) => tx.execute(sql`SELECT tenant_id FROM persons`))).map((row) => row.tenant_id)))()).toEqual(
        new Set([demo.id]),
      );
    });

    it('the app role is neither superuser nor BYPASSRLS and owns no table', async () => {
      const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean }>(
        await db().transaction(null, (tx) => tx.execute(sql`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = ${APP_ROLE}`)),
      );
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
      const owned = rowsOf(
        await db().transaction(null, (tx) =>
          tx.execute(sql`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) = ${APP_ROLE}`),
        ),
      );
      expect(owned).toEqual([]);
    });
  });
});
