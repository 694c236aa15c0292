import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
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

/** Builds the web app, starts the real server on a free port with a throw-away database, tears it down. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@faena/web'], { cwd: root, stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'faena-e2e-'));
  // Always the embedded database: the e2e run owns its data and throws it away.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const apiUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(apiUrl, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', `http://demo.app.localhost:${port}`);
  project.provide('apiUrl', apiUrl);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
