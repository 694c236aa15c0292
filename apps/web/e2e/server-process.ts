import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../server/src/node-flags.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A server process of a test's own (the shared one of global-setup.ts stays untouched): the
 * run's web build, an embedded database in a directory the test owns, so the test can kill it and
 * start it again on the same port and data.
 */
const root = join(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
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

export interface OwnServer {
  port: number;
  dataDir: string;
  /** The demo tenant's origin (the app's base URL). */
  baseUrl: string;
  child: ChildProcess;
}

const running = new Set<ChildProcess>();
// The test worker may end first: never leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function waitForHealth(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not answer /api/health within ${timeoutMs} ms`);
}

/** Starts the server on `port` with `dataDir` (fresh ones by default); resolves once it answers. */
export async function startServer(options: { port?: number; dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<OwnServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'faena-e2e-own-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: inject('webDist'), ...options.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    await waitForHealth(port, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { port, dataDir, baseUrl: `http://demo.app.localhost:${port}`, child };
}

/** Ends the process: SIGKILL is a crash (no goodbye to its streams), SIGTERM a clean shutdown. */
export async function stopServer(server: OwnServer, signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM'): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

export function removeData(server: OwnServer): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}
