import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** The PostgreSQL server to use, or null to skip the PostgreSQL parts (PGlite-only machines). */
export function postgresBaseUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

/** The engines a benchmark runs: BENCH_ENGINES=pglite,postgres (both when unset). */
export function selectedEngines(): ('pglite' | 'postgres')[] {
  const named = process.env.BENCH_ENGINES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return named?.length ? (['pglite', 'postgres'] as const).filter((engine) => named.includes(engine)) : ['pglite', 'postgres'];
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

/** A connection URL with `application_name` set, so a server's backends can be told apart. */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 3, utime field 14, stime field 15.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU used by the PostgreSQL backends of one application_name, read from /proc — only when the
 * server runs on this machine (a remote server gives null and the column stays empty).
 */
export class BackendCpu {
  private readonly client: pg.Client;
  private constructor(client: pg.Client) {
    this.client = client;
  }

  static async open(url: string): Promise<BackendCpu | null> {
    const host = new URL(url).hostname;
    if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) return null;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const probe = new BackendCpu(client);
    const own = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    if (procCpuMs(own.rows[0]!.pid) === null) {
      await client.end();
      return null;
    }
    return probe;
  }

  /** pid → CPU ms so far, for every backend of `applicationName`. */
  async sample(applicationName: string): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = procCpuMs(pid);
      if (ms !== null) out.set(pid, ms);
    }
    return out;
  }

  /** CPU the backends used between two samples (a backend born in between counts whole). */
  static delta(before: Map<number, number>, after: Map<number, number>): number {
    let total = 0;
    for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
    return total;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
