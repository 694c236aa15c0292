import { existsSync, readFileSync } from 'node:fs';
import { request as nodeRequest } from 'node:http';
import { loadConfig } from '../src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db/database.ts';
import { boot, type Running } from '../src/platform/boot.ts';
import { buildApp, type App, type Module } from '../src/platform/http/app.ts';
import type { Access } from '../src/platform/http/access.ts';
import { MODULES } from '../src/modules/index.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';
import { ensureUser, hashPassword } from '../src/modules/auth/users.service.ts';
import { insertPerson, setPersonDisabled } from '../src/modules/people/people.repository.ts';
import { setPassportPermissions } from '../src/modules/permissions/permissions.repository.ts';
import type { FeatureFlag, PermissionKey } from '@faena/domain';
import { newPostgresDatabase, PGLITE_TEMPLATE_ENV } from './global-setup.ts';

export type EngineName = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function engines(): EngineName[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The migrated database the suite's global setup made, as a tarball, read once per test file. */
let pgliteTemplate: Blob | undefined;
function pgliteTemplateBlob(): Blob | undefined {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  if (!path || !existsSync(path)) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database. Under the
 * API suite (global-setup.ts) it is a copy of one already migrated (boot finds nothing to apply);
 * elsewhere (benchmarks) an empty one that boot migrates.
 */
export async function freshDatabase(engine: EngineName): Promise<{ db: Database; url: string | null; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const from = pgliteTemplateBlob();
    const db = await openPglite(null, from ? { from } : {});
    return { db, url: null, drop: () => db.close() };
  }
  const { url, drop } = await newPostgresDatabase();
  const db = await openPostgres(url, { poolSize: 8 });
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/** What a test request carries: node:http sends it, so a body is a string or bytes (the DOM's BodyInit, which a dependency's `lib="dom"` brings in, would refuse a Buffer). */
export interface ApiInit extends Omit<RequestInit, 'body'> {
  body?: string | Buffer | undefined;
  json?: unknown;
  token?: string;
  /** A raw Host header instead of `{subdomain}.app.localhost:{port}` (forged-host tests). */
  host?: string;
}

/** fetch against a server as if the browser were on `{subdomain}.app.localhost` (null: `localhost`). */
export type Api = (subdomain: string | null, path: string, init?: ApiInit) => Promise<Response>;

export interface TestServer {
  engine: EngineName;
  running: Running;
  port: number;
  api: Api;
  close(): Promise<void>;
}

export function clientFor(port: number): Api {
  return (subdomain, path, init = {}) => {
    const { json, token, host, headers, ...rest } = init;
    const all = new Headers(headers);
    all.set('host', host ?? (subdomain ? `${subdomain}.${DOMAIN}:${port}` : `localhost:${port}`));
    if (json !== undefined) all.set('content-type', 'application/json');
    if (token) all.set('authorization', `Bearer ${token}`);
    return httpRequest(port, path, { method: rest.method ?? 'GET', headers: all, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
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
    api: clientFor(port),
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
    // node:http sends no length for a DELETE body unless told, and the server would read it as the next request
    if (init.body !== undefined && !init.headers.has('content-length') && !init.headers.has('transfer-encoding')) req.setHeader('content-length', Buffer.byteLength(init.body));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** The demo seed's shared password and administrator (API.md "Demo seed"). */
export const DEMO_PASSWORD = 'faena-demo';
export const DEMO_ADMIN = 'admin@faena.test';

/** A server on `engine` with the demo organisations seeded, and the demo administrator's id token. */
export async function seededDemo(engine: EngineName): Promise<{ server: TestServer; admin: string }> {
  const server = await startServer(engine, { seed: true });
  return { server, admin: (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token };
}

/** Reads a JSON body, whatever the status. */
export async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The claims of an id token, without verifying it (the server does that). */
export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The tenant behind a subdomain, through the public API. */
export async function tenantOf(server: TestServer, subdomain: string): Promise<{ id: string; name: string; subdomain: string }> {
  const response = await server.api(subdomain, '/api/tenant');
  if (response.status !== 200) throw new Error(`tenant ${subdomain}: ${response.status}`);
  return body(response);
}

/** Sets some of a tenant's feature flags (as an operator would) and drops the cached tenant, so the next request sees them. */
export async function setFlags(server: TestServer, tenantId: string, flags: Partial<Record<FeatureFlag, boolean>>): Promise<void> {
  await server.running.platform.db.ownerExec(`UPDATE tenants SET feature_flags = feature_flags || '${JSON.stringify(flags)}'::jsonb WHERE id = '${tenantId}'`);
  server.running.platform.tenants.forget();
}

/** Sets which modules a tenant has disabled (spec shell §1) and drops the cached tenant. */
export async function setDisabledModules(server: TestServer, tenantId: string, modules: string[]): Promise<void> {
  await server.running.platform.db.ownerExec(`UPDATE tenants SET disabled_modules = '{${modules.join(',')}}'::text[] WHERE id = '${tenantId}'`);
  server.running.platform.tenants.forget();
}

/**
 * Adds a member with an account and exactly these permissions to a tenant, the way the seed
 * does (test set-up; the behaviour under test goes through HTTP).
 */
export async function addMember(
  server: TestServer,
  tenantId: string,
  input: { email: string; name?: string; password?: string; permissions?: PermissionKey[]; disabled?: boolean; withAccount?: boolean },
): Promise<{ personId: string; passport: string; userId: string | null; email: string; password: string }> {
  const password = input.password ?? 'member-pass';
  const passwordHash = input.withAccount === false ? null : await hashPassword(password);
  return server.running.platform.db.transaction(tenantId, async (tx) => {
    const user = passwordHash ? await ensureUser(tx, { email: input.email, name: input.name ?? input.email, passwordHash }) : null;
    const person = await insertPerson(tx, tenantId, { name: input.name ?? input.email, primaryEmail: input.email, userId: user?.id ?? null });
    await setPassportPermissions(tx, tenantId, person.passport, { permissions: input.permissions ?? [] });
    if (input.disabled) await setPersonDisabled(tx, tenantId, person.id, true);
    return { personId: person.id, passport: person.passport, userId: user?.id ?? null, email: input.email, password };
  });
}

export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  transport: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

/** The tenant's sent e-mails, newest first (needs a MANAGE_PEOPLE token). */
export async function outbox(server: TestServer, subdomain: string, token: string): Promise<OutboxMessage[]> {
  const response = await server.api(subdomain, '/api/auth/v3/outbox?page_size=200', { token });
  if (response.status !== 200) throw new Error(`outbox: ${response.status} ${await response.text()}`);
  return (await body<{ results: OutboxMessage[] }>(response)).results;
}

export interface ProbeApp {
  app: App;
  port: number;
  api: Api;
  close(): Promise<void>;
}

/**
 * A second app over the same platform (database, tokens, sessions) with extra modules: how the
 * tests reach platform behaviour no product route exercises yet (cookie access, route guard).
 */
export async function startProbeApp(server: TestServer, extra: readonly Module[], platform = server.running.platform): Promise<ProbeApp> {
  const app = await buildApp(platform, [...MODULES, ...extra], { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, api: clientFor(port), close: () => app.close() };
}

export interface RouteInfo {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Every route the product registers, as the onRoute hook sees it (HEAD twins left out). */
export async function collectRoutes(server: TestServer): Promise<RouteInfo[]> {
  const routes: RouteInfo[] = [];
  const collector: Module = (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
      }
    });
  };
  const app = await buildApp(server.running.platform, [collector, ...MODULES], { logger: false });
  await app.close();
  return routes;
}

/**
 * Every (method, url) the app serves, read from its route tree — platform routes (health,
 * OpenAPI, docs) included, which an onRoute collector registered after them cannot see.
 */
export function routeTable(app: App): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.search(/[├└]── /);
    if (at === -1) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4))!;
    const parent = depth > 0 ? parents[depth - 1]! : '';
    // the tree prints a wildcard after a static route without its '/' (`fcm_tokens` → `*`)
    const url = parent + (match[1]!.startsWith('*') && parent && !parent.endsWith('/') ? '/' : '') + match[1]!;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[2]?.split(', ') ?? []) if (method !== 'HEAD') out.push({ method, url });
  }
  return out.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}
