import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server to use, or null to skip the PostgreSQL parts (PGlite-only machines). */
export function postgresBaseUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export const POSTGRES_SKIPPED = 'PostgreSQL parts skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres';

/** A throw-away database on the server of `base` (as apps/server/test/harness.ts does). */
export async function throwAwayDatabase(base: string, prefix = 'faena_bench'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}
