/**
 * A server under load, in its own process so the load generator never shares its event loop.
 * Started by bench/lib/child.ts with one JSON argument (ServerSpec); answers on IPC:
 *   → {type: 'ready', port, info}          once it listens on 127.0.0.1
 *   ← {type: 'cpu'} → {type: 'cpu', user, system}   process CPU so far, in microseconds
 * SIGTERM closes it.
 *
 * mode 'platform': the real server (boot() from apps/server), logger off, with a tenant of
 *   10,000 persons seeded set-based.
 * mode 'bare': Fastify 5 and nothing else — no platform hooks, no auth, no transaction, no RLS
 *   role switch — with the same work done directly: the list endpoint's statements replayed on a
 *   pg Pool / PGlite handle (/bare/persons/), the people use case itself with Drizzle on that
 *   handle (/bare/persons-use-case/), one argon2 verify, one JWT verify.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { verify as argon2Verify } from '@node-rs/argon2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { jwtVerify, SignJWT } from 'jose';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPglite, openPostgres, type Database, type Drizzle } from '../apps/server/src/platform/db/database.ts';
import { MIGRATIONS_FOLDER } from '../apps/server/src/platform/db/migrate.ts';
import { boot, type Running } from '../apps/server/src/platform/boot.ts';
import { createTenant } from '../apps/server/src/modules/tenants/tenants.service.ts';
import { hashPassword } from '../apps/server/src/modules/auth/users.service.ts';
import { listPeople } from '../apps/server/src/modules/people/people.service.ts';
import type { Ctx } from '../apps/server/src/platform/http/context.ts';
import { ZPersonListQuery } from '@faena/contracts';
import { BENCH_ADMIN, BENCH_DOMAIN, BENCH_PASSWORD, BENCH_SUBDOMAIN, derivedColumnsSql, membersSql, PERSONS, personsSql, SIGN_IN_USERS } from './lib/seed.ts';
import { stopOnParent } from './lib/stop-on-parent.ts';

export interface ServerSpec {
  mode: 'platform' | 'bare';
  engine: 'pglite' | 'postgres';
  /** PostgreSQL: the throw-away database. */
  url?: string;
  /** PGlite: where its files live (a temporary directory, as DATA_DIR would be). */
  dataDir?: string;
  /** bare on PostgreSQL: the tenant the platform seeded in the same database. */
  tenantId?: string;
  poolSize: number;
}

export interface ReadyInfo {
  tenantId: string;
  persons: number;
  /** bare: a token its /bare/me accepts. */
  token?: string;
  seedMs?: number;
  /** bare: how many statements one list request replays. */
  listStatements?: number;
}

type Closer = () => Promise<void>;

const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;

async function startPlatform(): Promise<{ port: number; info: ReadyInfo; close: Closer }> {
  const db: Database = spec.engine === 'postgres' ? await openPostgres(spec.url!, { poolSize: spec.poolSize }) : await openPglite(spec.dataDir!);
  const config = loadConfig({ PUBLIC_DOMAIN: BENCH_DOMAIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: spec.dataDir ?? '/nonexistent-bench-data' });
  const running: Running = await boot(config, { db, logger: false, seed: false });
  const started = performance.now();
  const { tenant } = await createTenant(db, running.platform.bus, { subdomain: BENCH_SUBDOMAIN, name: 'Bench', adminEmail: BENCH_ADMIN, adminPassword: BENCH_PASSWORD });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // As the owner, in one transaction with the tenant set (so it also works where RLS binds the owner).
  await db.ownerExec(`BEGIN;
    SELECT set_config('app.tenant_id', '${tenant.id}', true);
    ${membersSql(tenant.id, SIGN_IN_USERS, passwordHash)};
    ${personsSql(tenant.id, PERSONS - 1 - SIGN_IN_USERS)};
    ${derivedColumnsSql(tenant.id)};
    COMMIT;
    ANALYZE`);
  const seedMs = performance.now() - started;
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: portOf(running.app.server.address()),
    info: { tenantId: tenant.id, persons: PERSONS, seedMs },
    close: async () => {
      await running.close();
      await db.close();
    },
  };
}

type Row = Record<string, unknown>;

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The statements GET /persons/ runs for one page, exactly as the people use case issues them
 * today (people.service.ts listPeople: the page, its count, the extras of its persons): the use
 * case is run once, before any load, through Drizzle with a logger on the bare server's own
 * connection and with a context that runs its transaction body there directly — no transaction,
 * no role, no tenant setting — and every statement is recorded. The bare route replays them on
 * the raw handle, so the baseline follows the endpoint whenever its queries change. (The data
 * does not change during the run, so the recorded parameters, page ids included, are the ones a
 * fresh run would use.)
 */
async function recordList(open: (logger: Logger) => Drizzle, tenantId: string, page: number, pageSize: number): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = open({ logQuery: (text, params) => void statements.push({ text, params }) });
  const ctx = { tenant: { id: tenantId }, caller: null, tx: <T>(fn: (tx: Drizzle) => Promise<T>) => fn(db), read: <T>(fn: (tx: Drizzle) => Promise<T>) => fn(db) } as unknown as Ctx;
  await listPeople(ctx, ZPersonListQuery.parse({ page: String(page), page_size: String(pageSize) }));
  if (statements.length === 0) throw new Error('listPeople issued no statement');
  return statements;
}

async function startBare(): Promise<{ port: number; info: ReadyInfo; close: Closer }> {
  let query: (text: string, params: unknown[]) => Promise<Row[]>;
  let open: (logger: Logger) => Drizzle;
  let closeDb: Closer;
  let tenantId: string;
  let seedMs: number | undefined;
  if (spec.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: spec.url!, max: spec.poolSize });
    query = async (text, params) => (await pool.query<Row>(text, params)).rows;
    open = (logger) => drizzlePg({ client: pool, logger }) as unknown as Drizzle;
    closeDb = () => pool.end();
    tenantId = spec.tenantId!;
  } else {
    // Its own PGlite (one process owns it), with the same schema and the same kind of rows.
    const client = await PGlite.create(join(spec.dataDir!, 'pglite'));
    const started = performance.now();
    await applyMigrations(client);
    tenantId = crypto.randomUUID();
    await client.exec(`BEGIN; ${personsSql(tenantId, PERSONS)}; ${derivedColumnsSql(tenantId)}; COMMIT; ANALYZE`);
    seedMs = performance.now() - started;
    query = async (text, params) => (await client.query<Row>(text, params)).rows;
    open = (logger) => drizzlePglite({ client, logger }) as unknown as Drizzle;
    closeDb = () => client.close();
  }

  const passwordHash = await hashPassword(BENCH_PASSWORD); // the platform's parameters
  const key = crypto.getRandomValues(new Uint8Array(48));
  const token = await new SignJWT({ sub: crypto.randomUUID(), tid: tenantId, sid: crypto.randomUUID(), pid: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('faena')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);

  const app = Fastify({ logger: false });

  app.post('/bare/sign-in', async (request, reply) => {
    const body = request.body as { email?: string; password?: string };
    const ok = await argon2Verify(passwordHash, body.password ?? '').catch(() => false);
    if (!ok) return reply.status(401).send({ code: 'invalid-credential' });
    return { ok: true };
  });

  app.get('/bare/me', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    try {
      const { payload } = await jwtVerify(header.replace(/^Bearer\s+/i, ''), key, { issuer: 'faena', algorithms: ['HS256'] });
      return { id: payload.sub, tenant_id: payload.tid };
    } catch {
      return reply.status(401).send({ code: 'not-signed-in' });
    }
  });

  // Recorded once per page shape, before any load: the route itself only runs SQL.
  const recorded = new Map<string, Statement[]>();
  recorded.set('20:1', await recordList(open, tenantId, 1, 20));
  app.get('/bare/persons/', async (request) => {
    const q = request.query as { page?: string; page_size?: string };
    const page = Math.max(1, Number(q.page ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(q.page_size ?? 20) || 20));
    const key = `${pageSize}:${page}`;
    let statements = recorded.get(key);
    if (!statements) recorded.set(key, (statements = await recordList(open, tenantId, page, pageSize)));
    let count = 0;
    let results: Row[] = [];
    for (const statement of statements) {
      const rows = await query(statement.text, statement.params);
      // The total rides in a column named total (a count statement) or count (a window count);
      // the page is the first statement's rows that carry the persons' names.
      const first = rows[0];
      if (first && ('total' in first || 'count' in first)) count = Number(first.total ?? first.count);
      if (first && 'name' in first && 'passport' in first && results.length === 0) results = rows;
    }
    const link = (p: number) => `/bare/persons/?page=${p}&page_size=${pageSize}`;
    return {
      count,
      next: page * pageSize < count ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      // As the driver returns them (the extras statements' rows are read and dropped).
      results: results.map(({ count: _count, total: _total, ...row }) => row),
    };
  });

  // The use case itself on the bare handle: Drizzle builds and maps, nothing of the platform runs.
  const plainDb = open({ logQuery: () => undefined });
  const plainCtx = { tenant: { id: tenantId }, caller: null, tx: <T>(fn: (tx: Drizzle) => Promise<T>) => fn(plainDb), read: <T>(fn: (tx: Drizzle) => Promise<T>) => fn(plainDb) } as unknown as Ctx;
  app.get('/bare/persons-use-case/', async (request) => {
    const query = ZPersonListQuery.parse(request.query);
    const { count, results } = await listPeople(plainCtx, query);
    const link = (p: number) => `/bare/persons-use-case/?page=${p}&page_size=${query.page_size}`;
    return { count, next: query.page * query.page_size < count ? link(query.page + 1) : null, previous: query.page > 1 ? link(query.page - 1) : null, results };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: portOf(app.server.address()),
    info: { tenantId, persons: PERSONS, token, listStatements: recorded.get('20:1')!.length, ...(seedMs !== undefined ? { seedMs } : {}) },
    close: async () => {
      await app.close();
      await closeDb();
    },
  };
}

/** The server's migrations, applied as plain SQL (the bare baseline has no migrator). */
async function applyMigrations(client: PGlite): Promise<void> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  for (const entry of journal.entries) {
    const text = readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await client.exec(statement);
  }
}

function portOf(address: ReturnType<Server['address']>): number {
  if (typeof address === 'object' && address) return address.port;
  throw new Error('server has no port');
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('server-under-test.ts runs as a child of bench/lib/child.ts (IPC channel needed)');
  const { port, info, close } = spec.mode === 'platform' ? await startPlatform() : await startBare();
  stopOnParent(close);
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', user, system });
    }
  });
  process.send({ type: 'ready', port, info });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
