import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInboxNotification } from '@faena/contracts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';
import { freshDatabase, httpRequest, DOMAIN } from './harness.ts';
import { addMember, openStream, type SseClient } from './notifications.helpers.ts';

const API = '/api/notifications-engine/v3/notifications';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Every process started, so afterAll stops them all even when a start failed half-way. */
const started: Proc[] = [];

async function startProcess(name: string, databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_DOMAIN: DOMAIN,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NOTIFICATIONS_PING_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // Never leave a server behind, even if this worker is torn down before afterAll finishes.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      process.off('exit', reap);
      resolve(code);
    }),
  );
  const proc = { name, port, child, output, exited };
  started.push(proc);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output.join('')}`);
    const healthy = await call(proc, null, '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) return proc;
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function call(proc: Proc, token: string | null, path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers({ host: `acme.${DOMAIN}:${proc.port}` });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return httpRequest(proc.port, path, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
}

async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(timer);
}

// Two real server processes (child processes of main.ts) over one fresh PostgreSQL database:
// a notification committed by one reaches the streams held by the other through LISTEN/NOTIFY.
describe.skipIf(!process.env.TEST_DATABASE_URL)('notifications across two server processes (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Proc;
  let b: Proc;
  let token: string;
  const streams: SseClient[] = [];
  const open = async (proc: Proc, lastEventId?: string) => {
    const stream = await openStream(proc.port, 'acme', token, lastEventId === undefined ? {} : { lastEventId });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('ping');
    return stream;
  };
  const sendTest = async (proc: Proc) => {
    const response = await call(proc, token, `${API}/test`, { method: 'POST' });
    expect(response.status).toBe(201);
    return (await response.json()) as TInboxNotification;
  };
  const notification = async (stream: SseClient) => {
    const event = await stream.next((e) => e.event === 'notification');
    return { id: Number(event.id), item: JSON.parse(event.data) as TInboxNotification };
  };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await migrate(database.db);
    const { tenant } = await createTenant(database.db, null, { subdomain: 'acme', name: 'Acme', adminEmail: 'admin@acme.test', adminPassword: 'secret-pass' });
    await addMember(database.db, tenant.id, 'worker@acme.test', ['VIEW_NOTIFICATIONS']);
    [a, b] = await Promise.all([startProcess('A', database.url!), startProcess('B', database.url!)]);
    const signIn = await call(a, null, '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: 'worker@acme.test', password: 'secret-pass' } });
    expect(signIn.status).toBe(200);
    token = ((await signIn.json()) as { id_token: string }).id_token;
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(started.map(stop));
    await database?.drop();
  });

  it('delivers a notification made on B to a stream held by A, and the other way round', async () => {
    const onA = await open(a);
    const onB = await open(b);
    const fromB = await sendTest(b);
    expect((await notification(onA)).item).toEqual(fromB);
    expect((await notification(onB)).item).toEqual(fromB);
    const fromA = await sendTest(a);
    const seenOnB = await notification(onB);
    expect(seenOnB.item).toEqual(fromA);
    expect((await notification(onA)).id).toBe(seenOnB.id);
  });

  it('replays on one process what was produced on the other while the client was away', async () => {
    const first = await open(a);
    await sendTest(b);
    const last = await notification(first);
    first.close();
    const missed = [await sendTest(a), await sendTest(b)];
    const resumed = await open(b, String(last.id));
    const replayed = [await notification(resumed), await notification(resumed)];
    expect(replayed.map((r) => r.item)).toEqual(missed);
    expect(replayed.map((r) => r.id)).toEqual([last.id + 1, last.id + 2]);
  });

  it('ends the streams of a process that shuts down; the client resumes on the other without losing one', async () => {
    const onA = await open(a);
    await sendTest(b);
    const last = await notification(onA);
    await stop(a);
    await onA.ended;
    const whileDown = await sendTest(b);
    const resumed = await open(b, String(last.id));
    expect((await notification(resumed)).item).toEqual(whileDown);
  });
});
