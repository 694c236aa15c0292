import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabaseSql, templateDataDir } from './global-setup.ts';

/**
 * A fresh database for server processes a test starts and kills: a PGlite DATA_DIR, or a throw-away
 * PostgreSQL database under TEST_DATABASE_URL — both copies of the suite's migrated one — (with its own DATA_DIR for files); `env` goes to the
 * processes, `drop` removes both.
 */
export async function processDatabase(engine: string, prefix: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dir = engine === 'pglite' ? templateDataDir(prefix) : mkdtempSync(join(tmpdir(), `faena-${prefix}-`));
  if (engine === 'pglite') return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `faena_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(createDatabaseSql(name));
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
