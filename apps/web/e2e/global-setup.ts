import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../server/src/node-flags.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (`VITEST_POOL_ID` picks it, helpers.ts `baseUrl`). */
    servers: { baseUrl: string; apiUrl: string }[];
    /** The web build the server serves (tests that start a server of their own serve it too). */
    webDist: string;
  }
}

const root = join(import.meta.dirname, '../../..');

/**
 * Test files run this many at a time (vitest.config.ts), each worker against a server of its own.
 * One on this two-core machine: two browsers and two servers at once took each file 1.5–2× as
 * long (load 11) and timed journeys out; a bigger machine can set E2E_WORKERS.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Builds the web app, starts the real server — one per worker — on a free port with a throw-away
 * database, tears them down. E2E_SKIP_BUILD=1 reuses apps/web/dist; E2E_BASE_URL targets a running server instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Against a server that is already running (its demo tenant, its build): E2E_BASE_URL=http://demo.app.localhost:3000
  if (process.env.E2E_BASE_URL) {
    project.provide('servers', [{ baseUrl: process.env.E2E_BASE_URL, apiUrl: process.env.E2E_BASE_URL }]);
    project.provide('webDist', join(root, 'apps/web/dist'));
    return async () => undefined;
  }
  // A private build per run: other runs (and other engineers) rebuilding apps/web/dist meanwhile
  // must not pull files from under this server. E2E_SKIP_BUILD=1 serves apps/web/dist as it is.
  const runDir = mkdtempSync(join(tmpdir(), 'web-e2e-'));
  let webDist = join(root, 'apps/web/dist');
  if (process.env.E2E_SKIP_BUILD !== '1') {
    webDist = join(runDir, 'dist');
    // the production build people get: Vitest sets NODE_ENV=test, which Vite would otherwise take
    // for a development React and a build with no service worker
    const build = spawnSync('npm', ['run', 'build', '-w', '@faena/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) throw new Error('web build failed');
  }
  // One server per worker, each on its own embedded database with the demo seed: the files that
  // run side by side never see each other's changes to the demo tenant.
  const started: { child: ChildProcess; dataDir: string; port: number }[] = [];
  const stop = async () => {
    await Promise.all(
      started.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }),
    );
    rmSync(runDir, { recursive: true, force: true });
  };
  // E2E_SERVER_ROOT runs the server of another checkout (e.g. a clean export of HEAD) with this build.
  const serverRoot = process.env.E2E_SERVER_ROOT ?? root;
  for (let worker = 1; worker <= E2E_WORKERS; worker++) {
    const port = await freePort();
    const dataDir = join(runDir, `data-${worker}`);
    mkdirSync(dataDir);
    // Always the embedded database: the e2e run owns its data and throws it away.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: webDist };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverRoot, 'apps/server/src/main.ts')], { cwd: serverRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
    started.push({ child, dataDir, port });
  }
  try {
    await Promise.all(started.map(({ child, port }) => waitForHealth(`http://localhost:${port}`, child, 240_000)));
  } catch (error) {
    for (const { child } of started) child.kill('SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.provide(
    'servers',
    started.map(({ port }) => ({ baseUrl: `http://demo.app.localhost:${port}`, apiUrl: `http://localhost:${port}` })),
  );
  project.provide('webDist', webDist);
  return stop;
}
