/**
 * Start-up of the server on an already-built tree: `node apps/server/src/main.ts` (what
 * `npm start` runs once the web app is built) until GET /api/health answers 200 — first on a
 * fresh DATA_DIR (migrations + demo seed), then again on the same DATA_DIR. PGlite; PostgreSQL
 * too when a server is configured. Target: the second start on PGlite within 5 s.
 */
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor200 } from './lib/http.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';

const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MS = 5_000;
const DEADLINE_MS = 120_000;

/** user + system CPU of a live process, from /proc (null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** VmRSS and VmHWM (the most it was ever resident) of a live process in MB, from /proc (nulls elsewhere). */
function processMemoryMb(pid: number | undefined): { rss: number | null; peak: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => {
      const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
      return kb ? Number(kb) / 1024 : null;
    };
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: null, peak: null };
  }
}

/** How long a started server is left idle before its memory is read: V8 optimises hot code in the background after start-up. */
const SETTLE_MS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Start {
  /** spawn → first 200 from /api/health, ms */
  readyMs: number;
  /** CPU the server process had used when it first answered (user + system, ms; Linux only). */
  cpuMs: number | null;
  /** SIGTERM → exit, ms */
  stopMs: number;
  exitCode: number | null;
  /** RSS and the process's peak RSS (VmHWM), MB, SETTLE_MS after it first answered (Linux only). */
  memory: { rss: number | null; peak: number | null };
}

/** Starts the server, waits for a healthy /api/health, then stops it with SIGTERM. */
async function timeStart(env: Record<string, string>, ctx: BenchContext, label: string): Promise<Start> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let readyMs: number;
  let cpuMs: number | null;
  try {
    readyMs = await waitFor200(port, '/api/health', startedAt, DEADLINE_MS, () => child.exitCode === null && child.signalCode === null);
    cpuMs = processCpuMs(child.pid);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${label}: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const memory = processMemoryMb(child.pid);
  const stopAt = performance.now();
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  child.kill('SIGTERM');
  const exitCode = await exited;
  clearTimeout(force);
  const stopMs = performance.now() - stopAt;
  ctx.log(`[startup] ${label}: healthy after ${Math.round(readyMs)} ms, stopped in ${Math.round(stopMs)} ms (exit ${exitCode})`);
  if (exitCode !== 0) ctx.log(`[startup] ${label}: exit code ${exitCode} after SIGTERM\n${stderr}`);
  return { readyMs, cpuMs, stopMs, exitCode, memory };
}

const mb = (value: number | null): Cell => (value === null ? null : Math.round(value));
const memoryCells = (first: Start, second: Start): Cell[] => [mb(first.memory.rss), mb(second.memory.rss), mb(first.memory.peak), mb(second.memory.peak)];

const benchmark: Benchmark = {
  title: 'Start-up to a healthy /api/health: first start (migrations + seed) and second start',
  async run(ctx) {
    const rows: Cell[][] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-start-'));
    let second: Start;
    try {
      const env = { DATA_DIR: dataDir, SEED_DEMO: 'true' };
      const first = await timeStart(env, ctx, 'PGlite, first start');
      second = await timeStart(env, ctx, 'PGlite, second start');
      rows.push(['PGlite (DATA_DIR)', first.readyMs, second.readyMs, first.cpuMs, second.cpuMs, first.stopMs, second.stopMs, ...memoryCells(first, second)]);
      ctx.data.pglite = { first, second };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const baseUrl = postgresBaseUrl();
    if (baseUrl) {
      const database = await throwAwayDatabase(baseUrl);
      try {
        const env = { DATABASE_URL: database.url, SEED_DEMO: 'true', DATA_DIR: join(tmpdir(), 'faena-bench-unused') };
        const first = await timeStart(env, ctx, 'PostgreSQL, first start');
        const again = await timeStart(env, ctx, 'PostgreSQL, second start');
        rows.push(['PostgreSQL (DATABASE_URL)', first.readyMs, again.readyMs, first.cpuMs, again.cpuMs, first.stopMs, again.stopMs, ...memoryCells(first, again)]);
        ctx.data.postgres = { first, second: again };
      } finally {
        await database.drop();
      }
    } else {
      ctx.log(POSTGRES_SKIPPED);
    }

    ctx.table({
      title: 'Start-up of node apps/server/src/main.ts until GET /api/health → 200',
      columns: [
        'database',
        'first start ms',
        'second start ms',
        'cpu ms (1st)',
        'cpu ms (2nd)',
        'stop ms (1st)',
        'stop ms (2nd)',
        'RSS MB (1st)',
        'RSS MB (2nd)',
        'peak RSS MB (1st)',
        'peak RSS MB (2nd)',
      ],
      rows,
      notes: [
        'first start: empty database (migrations, demo seed); second start: same database again. Process spawn included.',
        'cpu ms: what the server process had used by then — on a machine busy with other work the wall time grows, this much less.',
        `RSS and peak RSS: the server process ${SETTLE_MS / 1000} s after it first answered, idle; the peak (VmHWM) is the most it was ever resident. On PGlite it holds V8 compiling PGlite's SQL parser, a second's ~600 MB once per process (decision 008).`,
        `1-minute load average at the end: ${loadavg()[0]!.toFixed(2)} (2 cores).`,
      ],
    });
    ctx.target(target('Start-up (second start, PGlite) within 5 s', second.readyMs, TARGET_MS, (m) => `${(m / 1000).toFixed(2)} s`, false));
  },
};

export default benchmark;
