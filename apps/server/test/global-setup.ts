/**
 * The API suite's global setup: one migrated database per engine, made once per run, that every
 * test file's fresh database is a copy of (harness `freshDatabase`). initdb and the migrations
 * cost a PGlite database seconds of CPU each time, and the suite makes one or more per file.
 *
 * PGlite: a data directory migrated on disk, dumped to a tarball that each test loads in memory
 * (tests that start server processes copy the directory itself, `templateDataDir`).
 * PostgreSQL (TEST_DATABASE_URL): a migrated database that `CREATE DATABASE … TEMPLATE` copies.
 * The copies' places reach the test workers through the environment they are started with.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';

export const PGLITE_TEMPLATE_ENV = 'FAENA_TEST_PGLITE_TEMPLATE';
/** The same migrated PGlite as a DATA_DIR, for tests that start server processes (copied, never used in place). */
export const PGLITE_DATA_DIR_TEMPLATE_ENV = 'FAENA_TEST_PGLITE_DATA_DIR';
export const POSTGRES_TEMPLATE_ENV = 'FAENA_TEST_POSTGRES_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'faena-test-template-'));
  const dataDir = join(work, 'data');
  const migrated = await openPglite(dataDir);
  await migrate(migrated);
  await migrated.close();
  const engine = await PGlite.create(join(dataDir, 'pglite'));
  const tarball = join(work, 'pglite.tar');
  writeFileSync(tarball, Buffer.from(await (await engine.dumpDataDir('none')).arrayBuffer()));
  await engine.close();
  process.env[PGLITE_TEMPLATE_ENV] = tarball;
  process.env[PGLITE_DATA_DIR_TEMPLATE_ENV] = dataDir;

  let dropTemplate = async () => undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `faena_tpl_${randomBytes(6).toString('hex')}`;
    await withClient(base, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), { poolSize: 1 });
    await migrate(db);
    await db.close();
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    dropTemplate = () => withClient(base, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  }
  return async () => {
    rmSync(work, { recursive: true, force: true });
    await dropTemplate();
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new DATA_DIR holding a copy of the migrated PGlite database (an empty one outside the suite). */
export function templateDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `faena-${prefix}-`));
  const template = process.env[PGLITE_DATA_DIR_TEMPLATE_ENV];
  if (template && existsSync(join(template, 'pglite'))) cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server — a copy of the migrated template under
 * the suite, an empty one elsewhere (benchmarks) — and how to drop it.
 */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `faena_t_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await withClient(base, (client) => client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withClient(base, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
