import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, clientFor, engines, freshDatabase, type Api } from './harness.ts';

const ROOT = join(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'apps/server/src/cli.ts');
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(api: Api, server: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${logs()}`);
    const response = await api(null, '/api/health').catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${logs()}`);
}

describe.each(engines())('operator CLI on %s', (engine) => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | null = null;
  let server: ChildProcess | null = null;
  let serverLogs = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faena-cli-'));
    // only what the CLI and server read: nothing of the test runner's environment leaks in
    env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, DATA_DIR: dataDir, PUBLIC_DOMAIN: 'app.localhost', SEED_DEMO: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1' };
    if (engine === 'postgres') {
      const database = await freshDatabase('postgres');
      env.DATABASE_URL = database.url!;
      dropDatabase = database.drop;
    }
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => run(CLI, args, env);

  it('creates and lists tenants with no server running', async () => {
    const created = await cli('tenant', 'create', 'acme', '--name', 'Acme SA', '--admin-email', 'Admin@Acme.test', '--admin-password', 'acme-secret');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(UUID);
    if (engine === 'pglite') {
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
      // the CLI released the directory when it finished
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    }

    const listed = await cli('tenant', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual([`${created.stdout.trim()}\tacme\tAcme SA`]);
  });

  it('prints its usage and exits 64 for an incomplete command', async () => {
    for (const args of [['tenant'], ['tenant', 'create', 'x', '--name', 'X']]) {
      const outcome = await cli(...args);
      expect(outcome.code, args.join(' ')).toBe(64);
      expect(outcome.stderr).toContain('Usage:');
      expect(outcome.stderr).toContain('tenant create <subdomain>');
    }
  });

  describe('while a server process runs on the same data', () => {
    let api: Api;
    let port: number;

    beforeAll(async () => {
      port = await freePort();
      server = spawn(process.execPath, [MAIN], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      server.stdout!.on('data', (chunk: Buffer) => (serverLogs += chunk.toString()));
      server.stderr!.on('data', (chunk: Buffer) => (serverLogs += chunk.toString()));
      api = clientFor(port);
      await waitForHealth(api, server, () => serverLogs);
    });

    it('serves the tenant the CLI created before it started', async () => {
      const tenant = await api('acme', '/api/tenant');
      expect(tenant.status).toBe(200);
      expect(await body(tenant)).toMatchObject({ subdomain: 'acme', name: 'Acme SA', firebase_sign_in_methods: ['PASSWORD', 'GOOGLE'] });
      const signIn = await api('acme', '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: 'admin@acme.test', password: 'acme-secret' } });
      expect(signIn.status).toBe(200);
      // the first administrator holds every permission and the staff flag
      const { id_token } = await body<{ id_token: string }>(signIn);
      expect(await body(await api('acme', '/api/permissions/v3/my-site-config', { token: id_token }))).toMatchObject({
        is_staff: true,
        permissions: expect.arrayContaining(['MANAGE_PEOPLE', 'IMPERSONATE_USERS', 'VIEW_SETTINGS']),
      });
    });

    it('creates a tenant the running server can use at once', async () => {
      if (engine === 'pglite') {
        // the server holds the embedded database: the CLI has to go through its admin socket
        expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
        expect(existsSync(join(dataDir, 'admin.sock'))).toBe(true);
      }
      // the server has looked for it and remembers that it does not exist
      const before = await api('beta', '/api/tenant');
      expect(before.status).toBe(404);
      expect(await body(before)).toEqual({ code: 'tenant_not_found', detail: 'Organization beta not found.' });

      const created = await cli('tenant', 'create', 'beta', '--name', 'Beta Ltda', '--admin-email', 'admin@beta.test', '--admin-password', 'beta-secret');
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const id = created.stdout.trim();
      expect(id).toMatch(UUID);

      // usable without waiting out the server's tenant cache
      await expect.poll(async () => (await api('beta', '/api/tenant')).status, { timeout: 5_000, interval: 50 }).toBe(200);
      expect(await body(await api('beta', '/api/tenant'))).toMatchObject({ id, subdomain: 'beta', name: 'Beta Ltda', feature_flags: expect.objectContaining({ magic_link: false, kanban: true }) });
      const signIn = await api('beta', '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: 'admin@beta.test', password: 'beta-secret' } });
      expect(signIn.status).toBe(200);
      expect((await body<{ user: { tenant_id: string } }>(signIn)).user.tenant_id).toBe(id);
    });

    it('lists through the running server, and reports refusals with exit code 1', async () => {
      const listed = await cli('tenant', 'list', '--json');
      expect(listed.code).toBe(0);
      const tenants = JSON.parse(listed.stdout) as { subdomain: string; name: string; id: string; created_at: string }[];
      expect(tenants.map((t) => t.subdomain)).toEqual(['acme', 'beta']);
      expect(Number.isNaN(Date.parse(tenants[0]!.created_at))).toBe(false);

      const duplicate = await cli('tenant', 'create', 'beta', '--name', 'Otra', '--admin-email', 'x@beta.test', '--admin-password', 'secret-pass');
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain('A tenant with subdomain "beta" already exists.');
      const badName = await cli('tenant', 'create', 'Bad_Name!', '--name', 'Mala', '--admin-email', 'x@mala.test', '--admin-password', 'secret-pass');
      expect(badName.code).toBe(1);
      expect(badName.stderr).toMatch(/Subdomain "bad_name!"/);
      const reserved = await cli('tenant', 'create', 'api', '--name', 'API', '--admin-email', 'x@api.test', '--admin-password', 'secret-pass');
      expect(reserved.code).toBe(1);
      expect(reserved.stderr).toContain('is reserved');
      const badEmail = await cli('tenant', 'create', 'gamma', '--name', 'Gamma', '--admin-email', 'not-an-email', '--admin-password', 'secret-pass');
      expect(badEmail.code).toBe(1);
      expect(badEmail.stderr).toContain('Invalid email');
      // nothing of the refused ones exists
      expect((await api('gamma', '/api/tenant')).status).toBe(404);
      expect((await cli('tenant', 'list')).stdout.trim().split('\n')).toHaveLength(2);
    });

    it('stops cleanly on SIGTERM and lets the CLI open the data itself again', async () => {
      const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
      server!.kill('SIGTERM');
      expect(await exited).toBe(0);
      if (engine === 'pglite') expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
      const listed = await cli('tenant', 'list');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('\tbeta\tBeta Ltda');
    });
  });

  it('the server refuses to start with invalid configuration, naming the variable', async () => {
    const outcome = await run(MAIN, [], { ...env, PORT: 'not-a-port', LOG_LEVEL: 'loud' });
    expect(outcome.code).toBe(78);
    expect(outcome.stderr).toContain('PORT');
    expect(outcome.stderr).toContain('LOG_LEVEL');
  });
});
