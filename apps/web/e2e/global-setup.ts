import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../server/src/node-flags.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    /** The web build the server serves (tests that start a server of their own serve it too). */
    webDist: string;
  }
}

const root = join(import.meta.dirname, '../../..');

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
 * Builds the web app, starts the real server on a free port with a throw-away database, tears it
 * down. E2E_SKIP_BUILD=1 reuses apps/web/dist; E2E_BASE_URL targets a running server instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Against a server that is already running (its demo tenant, its build): E2E_BASE_URL=http://demo.app.localhost:3000
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    project.provide('apiUrl', process.env.E2E_BASE_URL);
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
  const port = await freePort();
  const dataDir = join(runDir, 'data');
  mkdirSync(dataDir);
  // Always the embedded database: the e2e run owns its data and throws it away.
  // E2E_SERVER_ROOT runs the server of another checkout (e.g. a clean export of HEAD) with this build.
  const serverRoot = process.env.E2E_SERVER_ROOT ?? root;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: webDist };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverRoot, 'apps/server/src/main.ts')], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const apiUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(apiUrl, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', `http://demo.app.localhost:${port}`);
  project.provide('apiUrl', apiUrl);
  project.provide('webDist', webDist);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(runDir, { recursive: true, force: true });
  };
}
