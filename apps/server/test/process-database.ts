import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPostgresDatabase, templateDataDir } from './global-setup.ts';

/**
 * A fresh database for server processes a test starts and kills, a copy of the suite's migrated
 * one: a PGlite DATA_DIR, or a throw-away PostgreSQL database under TEST_DATABASE_URL with a
 * DATA_DIR of its own for files. `env` goes to the processes, `drop` removes both.
 */
export async function processDatabase(engine: string, prefix: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = templateDataDir(prefix);
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const dir = mkdtempSync(join(tmpdir(), `faena-${prefix}-`));
  const database = await newPostgresDatabase();
  return {
    env: { DATA_DIR: dir, DATABASE_URL: database.url },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
