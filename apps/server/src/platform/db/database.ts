import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isUuid } from '../ids.ts';
import { Mutex } from './mutex.ts';

export type Drizzle = PgDatabase<PgQueryResultHKT>;
export type Engine = 'pglite' | 'postgres';
export type Row = Record<string, unknown>;
export type NotificationHandler = (payload: string) => void;

/** The restricted role every request runs as: no superuser, no BYPASSRLS, owns no table. */
export const APP_ROLE = 'faena_app';

/**
 * What the rest of the server sees of the database: short transactions that run as the
 * restricted role with the tenant set (RLS does the rest), plain statements for hot paths,
 * and LISTEN/NOTIFY for fan-out between processes.
 */
export interface Database {
  readonly engine: Engine;
  /** One transaction as APP_ROLE with `app.tenant_id` set (null: global tables only). Never nest. */
  transaction<T>(tenantId: string | null, fn: (db: Drizzle) => Promise<T>): Promise<T>;
  /**
   * Reads without a transaction: `fn`'s statements run one by one (autocommit) as APP_ROLE with
   * `app.tenant_id` set at session level on the connection, which keeps both until another
   * tenant or an owner task needs it — so a read on a connection already set for its tenant is
   * one round trip, as a bare query (decision 013). Only for use cases whose statements need no
   * common snapshot (one statement, or independent ones); never write here.
   */
  read<T>(tenantId: string, fn: (db: Drizzle) => Promise<T>): Promise<T>;
  /** One statement outside a transaction, as APP_ROLE. Rows of tenant tables are invisible here. */
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs as the owner (migrations, operator tasks); never reachable from a request. */
  ownerExec(sql: string): Promise<void>;
  ownerDrizzle<T>(fn: (db: Drizzle) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a dedicated connection. If that connection drops (PostgreSQL restart, network), it
   * is re-established with back-off and `onReconnect` runs: what was sent meanwhile is lost, so
   * listeners resynchronise from the database.
   */
  listen(channel: string, handler: NotificationHandler, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * For the job queue (platform/jobs.ts) only: one statement with values, or a script without,
   * as the owner and outside any tenant transaction. On PGlite it takes its turn in the queue,
   * so it never interleaves with a transaction; a script that fails half-way is rolled back.
   */
  queueSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  /**
   * VACUUM (ANALYZE) of the given tables, as the owner and outside any transaction: after a bulk
   * write (an import of thousands of rows), so the planner sees the new row counts and index-only
   * scans need no heap visits. PostgreSQL's autovacuum would get there within minutes; PGlite has
   * no autovacuum, so without this its statistics would stay those of the empty tables.
   * `analyze` only refreshes the statistics (cheaper: a sample, no scan of the whole table).
   */
  maintain(tables: readonly string[], how?: 'vacuum' | 'analyze'): Promise<void>;
  close(): Promise<void>;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The given tables once each, checked to be plain names (they are inlined). */
function tableNames(tables: readonly string[]): string[] {
  const names = [...new Set(tables)];
  for (const name of names) if (!TABLE_NAME.test(name)) throw new Error(`not a table name: ${name}`);
  return names;
}

function vacuumSql(names: readonly string[], how: 'vacuum' | 'analyze' = 'vacuum'): string {
  return `${how === 'vacuum' ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${names.map((name) => `public.${name}`).join(', ')}`;
}

function checkedTenant(tenantId: string | null): string {
  if (tenantId !== null && !isUuid(tenantId)) throw new Error('tenant id must be a uuid');
  return tenantId ?? '';
}

/**
 * A transaction's first round trip. The role and the tenant are transaction-local, so they win
 * over whatever a read left on the connection's session and vanish at COMMIT or ROLLBACK.
 */
function prelude(tenantId: string | null): string {
  // Inlined only after the uuid check: one round trip instead of three.
  return `BEGIN; SET LOCAL ROLE ${APP_ROLE}; SELECT set_config('app.tenant_id', '${checkedTenant(tenantId)}', true)`;
}

/** A read's session: APP_ROLE and the tenant until `OWNER_SESSION` (statements outside any transaction). */
function readSession(tenantId: string): string {
  return `SET ROLE ${APP_ROLE}; SELECT set_config('app.tenant_id', '${checkedTenant(tenantId)}', false)`;
}
const OWNER_SESSION = `RESET ROLE; SELECT set_config('app.tenant_id', '', false)`;

/**
 * PGlite's buffer pool on an existing cluster. The embedded engine touches all of it at start
 * (PostgreSQL's default, 128 MB, was 128 MB of the server's resident memory from the first
 * second); its files are ordinary files, so what falls out of the pool is still in the operating
 * system's page cache. A new cluster (the first start) is created with PGlite's own settings:
 * given settings, its initdb path kept ~150 MB more for the life of that process.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * `dataDir` null: a database in memory, created empty — or, with `from`, loaded from a dump of
 * another's data directory (`dumpDataDir`): the tests start each server from one migrated copy
 * instead of running initdb and every migration again.
 */
export async function openPglite(dataDir: string | null, options: { from?: Blob } = {}): Promise<Database> {
  let engine: PGlite;
  if (dataDir === null) {
    engine = await PGlite.create(options.from ? { loadDataDir: options.from } : {});
  } else {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    const existing = existsSync(join(dir, 'PG_VERSION'));
    engine = await PGlite.create(dir, existing ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] } : {});
  }
  // PGlite runs on this thread and answers without waiting for I/O, so awaited statements never
  // give the event loop a turn by themselves: every statement, Drizzle's included, first lets it
  // turn. A run of statements (a transaction's, or transactions one after another: an import's
  // ranges, a purge's slices) then never holds the loop throughout; what arrived meanwhile (health
  // checks, static files, live streams, requests that queue below) is served in between.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const client = {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      await turn();
      return engine.query<T>(text, params, options);
    },
    exec: async (text: string) => {
      await turn();
      return engine.exec(text);
    },
    // the migrator's transaction (at start, within the queue) is Drizzle's own, run by PGlite itself
    transaction: engine.transaction.bind(engine),
  };
  // Drizzle's PGlite session calls `query` and `transaction`, nothing else
  const db = drizzlePglite({ client: client as unknown as PGlite }) as unknown as Drizzle;
  // PGlite is one connection: every use goes through this queue, so a transaction never
  // interleaves with another statement.
  const queue = new Mutex();
  // The tenant a read left on the session (APP_ROLE with it), or null: the owner's session.
  let sessionTenant: string | null = null;
  const asOwner = async () => {
    if (sessionTenant === null) return;
    await client.exec(OWNER_SESSION);
    sessionTenant = null;
  };
  return {
    engine: 'pglite',
    read: (tenantId, fn) =>
      queue.run(async () => {
        if (sessionTenant !== tenantId) {
          await client.exec(readSession(tenantId));
          sessionTenant = tenantId;
        }
        return fn(db);
      }),
    transaction: (tenantId, fn) =>
      queue.run(async () => {
        await client.exec(prelude(tenantId));
        try {
          const result = await fn(db);
          await client.exec('COMMIT');
          return result;
        } catch (error) {
          await client.exec('ROLLBACK');
          throw error;
        }
      }),
    query: <T extends Row>(text: string, params: unknown[] = []) =>
      queue.run(async () => {
        await client.exec(prelude(null));
        try {
          const result = await client.query<T>(text, params);
          await client.exec('COMMIT');
          return result.rows;
        } catch (error) {
          await client.exec('ROLLBACK');
          throw error;
        }
      }),
    ownerExec: (sql) =>
      queue.run(async () => {
        await asOwner();
        await client.exec(sql);
      }),
    ownerDrizzle: (fn) =>
      queue.run(async () => {
        await asOwner();
        return fn(db);
      }),
    maintain: async (tables, how) => {
      // one table per use of the queue: requests that came meanwhile get theirs in between
      for (const name of tableNames(tables))
        await queue.run(async () => {
          await asOwner();
          await client.exec(vacuumSql([name], how));
        });
    },
    listen: async (channel, handler) => {
      const unlisten = await queue.run(() => engine.listen(channel, handler));
      return () => queue.run(() => unlisten());
    },
    queueSql: (text, values) =>
      queue.run(async () => {
        await asOwner();
        try {
          if (values && values.length > 0) return { rows: (await client.query<Row>(text, values)).rows };
          return { rows: (await client.exec(text)).flatMap((result) => result.rows as Row[]) };
        } catch (error) {
          await client.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () => queue.run(() => engine.close()),
  };
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const drizzleByClient = new WeakMap<pg.PoolClient, Drizzle>();
  const drizzleFor = (client: pg.PoolClient): Drizzle => {
    let db = drizzleByClient.get(client);
    if (!db) {
      db = drizzlePg({ client }) as unknown as Drizzle;
      drizzleByClient.set(client, db);
    }
    return db;
  };
  const listeners: pg.Client[] = [];
  let closed = false;
  // Per connection: the tenant a read left on its session (APP_ROLE with it); absent: the owner's.
  const sessionTenant = new WeakMap<pg.PoolClient, string>();
  /** A connection in the owner's session, for the owner's statements (migrations, job queue, maintenance). */
  const ownerClient = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (sessionTenant.has(client)) {
      try {
        await client.query(OWNER_SESSION);
        sessionTenant.delete(client);
      } catch (error) {
        client.release(true);
        throw error;
      }
    }
    return client;
  };
  const asOwner = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await ownerClient();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  return {
    engine: 'postgres',
    read: async (tenantId, fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        if (sessionTenant.get(client) !== tenantId) {
          sessionTenant.delete(client);
          try {
            await client.query(readSession(tenantId));
          } catch (error) {
            broken = true;
            throw error;
          }
          sessionTenant.set(client, tenantId);
        }
        return await fn(drizzleFor(client));
      } finally {
        client.release(broken);
      }
    },
    transaction: async (tenantId, fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query(prelude(tenantId));
        try {
          const result = await fn(drizzleFor(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => (broken = true));
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
    query: async <T extends Row>(text: string, params: unknown[] = []) => {
      const client = await pool.connect();
      try {
        await client.query(prelude(null));
        try {
          const result = await client.query<T>(text, params);
          await client.query('COMMIT');
          return result.rows;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      } finally {
        client.release();
      }
    },
    ownerExec: (sql) => asOwner(async (client) => void (await client.query(sql))),
    maintain: async (tables, how) => {
      const names = tableNames(tables);
      if (names.length > 0) await asOwner((client) => client.query(vacuumSql(names, how)));
    },
    ownerDrizzle: (fn) => asOwner((client) => fn(drizzleFor(client))),
    listen: async (channel, handler, onReconnect) => {
      // LISTEN needs one dedicated, unpooled connection.
      let current: pg.Client | null = null;
      let stopped = false;
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', () => {
          /* an 'end' follows: reconnect there */
        });
        client.on('end', () => {
          const index = listeners.indexOf(client);
          if (index >= 0) listeners.splice(index, 1);
          // Only the live connection reconnects (not one that failed while connecting).
          if (current !== client) return;
          current = null;
          if (!stopped && !closed) void reconnect();
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        current = client;
        listeners.push(client);
      };
      const reconnect = async () => {
        for (let delay = 100; !stopped && !closed; delay = Math.min(delay * 2, 10_000)) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (stopped || closed) return;
          try {
            await connect();
            onReconnect?.();
            return;
          } catch {
            /* the database is still away: wait longer */
          }
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const client = current;
        current = null;
        if (client) await client.end();
      };
    },
    queueSql: async (text, values) => {
      const client = await ownerClient();
      let broken = false;
      try {
        const result = (await client.query(text, values)) as unknown as pg.QueryResult<Row> | pg.QueryResult<Row>[];
        return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: async () => {
      closed = true;
      await Promise.all(listeners.splice(0).map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
