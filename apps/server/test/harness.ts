import { randomBytes } from 'node:crypto';
import { request as nodeRequest } from 'node:http';
import pg from 'pg';
import { loadConfig } from '../src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/database.ts';
import { boot, type Running } from '../src/platform/boot.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';

export type EngineName = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function engines(): EngineName[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function freshDatabase(engine: EngineName): Promise<{ db: Database; url: string | null; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPglite(null);
    return { db, url: null, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `faena_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { poolSize: 8 });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export interface TestServer {
  engine: EngineName;
  running: Running;
  port: number;
  /** fetch against the server as if the browser were on `{subdomain}.app.localhost`. */
  api(subdomain: string | null, path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  close(): Promise<void>;
}

export const DOMAIN = 'app.localhost';

/**
 * Boots the real server on a random port over a fresh database. `seed: true` loads the demo
 * seed (tenants demo and demo-norte); otherwise the database starts empty.
 */
export async function startServer(engine: EngineName, options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const database = await freshDatabase(engine);
  const config = loadConfig({ PUBLIC_DOMAIN: DOMAIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent-test-data', ...options.env });
  const running = await boot(config, { db: database.db, logger: false, seed: options.seed ?? false });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    engine,
    running,
    port,
    api: (subdomain, path, init = {}) => {
      const { json, token, headers, ...rest } = init;
      const all = new Headers(headers);
      all.set('host', subdomain ? `${subdomain}.${DOMAIN}:${port}` : `localhost:${port}`);
      if (json !== undefined) all.set('content-type', 'application/json');
      if (token) all.set('authorization', `Bearer ${token}`);
      return httpRequest(port, path, { method: rest.method ?? 'GET', headers: all, body: json !== undefined ? JSON.stringify(json) : (rest.body as string | Buffer | undefined) });
    },
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}

/** Creates a tenant with its administrator through the operator path (as the CLI does). */
export async function makeTenant(server: TestServer, subdomain: string, adminEmail = `admin@${subdomain}.test`, adminPassword = 'secret-pass') {
  const { tenant } = await createTenant(server.running.platform.db, server.running.platform.bus, { subdomain, name: `Org ${subdomain}`, adminEmail, adminPassword });
  return { tenant, adminEmail, adminPassword };
}

export async function signIn(server: TestServer, subdomain: string, email: string, password: string): Promise<{ id_token: string; refresh_token: string; user: Record<string, unknown> }> {
  const response = await server.api(subdomain, '/api/auth/v3/sign-in/password', { method: 'POST', json: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id_token: string; refresh_token: string; user: Record<string, unknown> };
}

/**
 * fetch() may not set Host, and the tenant comes from Host: a plain node:http request that
 * answers with a standard Response.
 */
export function httpRequest(port: number, path: string, init: { method: string; headers: Headers; body?: string | Buffer | undefined }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = nodeRequest({ host: '127.0.0.1', port, path, method: init.method, headers: Object.fromEntries(init.headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else if (value !== undefined) headers.set(key, value);
        }
        const status = res.statusCode ?? 500;
        const body = status === 204 || status === 304 || init.method === 'HEAD' ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
