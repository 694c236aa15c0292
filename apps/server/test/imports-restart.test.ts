import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PASSWORD, DOMAIN, engines, httpRequest } from './harness.ts';
import { multipart } from './documents.helpers.ts';
import { processDatabase } from './process-database.ts';

/**
 * A server restarted in the middle of an import finishes it afterwards: real server processes
 * (main.ts) over one database (a PGlite DATA_DIR, or a PostgreSQL database), stopped with SIGTERM
 * (graceful: the run ends between chunks and is retried at once) or SIGKILL (a crash: the
 * watchdog re-sends the step once the lease lapses; IMPORT_LEASE_SECONDS=2 keeps that short).
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROWS = 60_000;

interface Proc {
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
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

const running = new Set<Proc>();

async function start(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', PUBLIC_DOMAIN: DOMAIN, LOG_LEVEL: 'warn', IMPORT_LEASE_SECONDS: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      process.off('exit', reap);
      resolve();
    }),
  );
  const proc: Proc = { port, child, output, exited };
  running.add(proc);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    if (
      await call(proc, null, '/api/health').then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return proc;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(proc: Proc, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 30_000);
  await proc.exited;
  clearTimeout(timer);
  running.delete(proc);
}

function call(proc: Proc, token: string | null, path: string, init: { method?: string; json?: unknown; body?: Buffer; contentType?: string } = {}): Promise<Response> {
  const headers = new Headers({ host: `demo.${DOMAIN}:${proc.port}` });
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: string | Buffer | undefined;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(init.json);
  } else if (init.body) {
    headers.set('content-type', init.contentType!);
    payload = init.body;
  }
  return httpRequest(proc.port, path, { method: init.method ?? 'GET', headers, body: payload });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface Job {
  id: number;
  status: string;
  counts: Record<string, number>;
  progress: { phase: string; rows: number };
  error_code: string | null;
}

async function signIn(proc: Proc): Promise<string> {
  return (await json<{ id_token: string }>(await call(proc, null, '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: DEMO_ADMIN, password: DEMO_PASSWORD } }), 200)).id_token;
}

async function until(proc: Proc, token: string, path: string, done: (job: Job) => boolean, timeoutMs = 180_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await json<Job>(await call(proc, token, path), 200);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status} ${JSON.stringify(job.progress)}: ${proc.output.join('').slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines())('imports across server restarts on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const proc of running) await stop(proc, 'SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  async function upload(proc: Proc, token: string, file: Buffer): Promise<string> {
    const { body, contentType } = multipart([
      { name: 'filepond', value: '{}' },
      { name: 'filepond', value: file, filename: 'grande.csv', contentType: 'text/csv' },
    ]);
    const process = await call(proc, token, '/api/document-manager/v3/upload/process/', { method: 'POST', body, contentType });
    const temporary = await process.text();
    expect(process.status, temporary).toBe(200);
    return (await json<{ upload_id: string }>(await call(proc, token, `/api/document-manager/v3/filepond/${temporary}/store`, { method: 'POST', json: { temporary_upload: temporary } }), 200))
      .upload_id;
  }

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`a ${signal} in the middle of validation, then of the apply: the import finishes afterwards, each row once`, async () => {
      const db = await processDatabase(engine, 'restart');
      cleanups.push(db.drop);
      let proc = await start({ ...db.env, SEED_DEMO: 'true' });
      let token = await signIn(proc);
      const source = await json<{ id: string }>(await call(proc, token, '/api/resources/v3/data-sources/', { method: 'POST', json: { name: 'Códigos' } }), 201);
      const lines = ['key,label'];
      for (let i = 0; i < ROWS; i++) lines.push(`k${i},Código número ${i}`);
      const uploadId = await upload(proc, token, Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
      const base = `/api/resources/v3/data-sources/${source.id}/imports/`;
      const created = await json<Job>(await call(proc, token, base, { method: 'POST', json: { upload_id: uploadId } }), 201);
      const job = `${base}${created.id}/`;

      // stop the server once part of the file is staged
      const midway = await until(proc, token, job, (j) => (j.status === 'VALIDATING' && j.progress.rows > 0) || (j.status !== 'PENDING' && j.status !== 'VALIDATING'));
      expect(midway.status, 'the validation ended before the server could be stopped: make the file bigger').toBe('VALIDATING');
      await stop(proc, signal);

      proc = await start(db.env);
      token = await signIn(proc);
      const validated = await until(proc, token, job, (j) => j.status === 'VALIDATION_OK' || j.status === 'VALIDATION_FAILED');
      expect(validated).toMatchObject({ status: 'VALIDATION_OK', counts: { ADD: ROWS, ERROR: 0 }, progress: { rows: ROWS } });
      expect((await json<{ count: number }>(await call(proc, token, `${job}rows/?page_size=1`), 200)).count).toBe(ROWS);

      // and again while applying
      await json<Job>(await call(proc, token, `${job}apply`, { method: 'POST' }), 202);
      await until(proc, token, job, (j) => j.status !== 'VALIDATION_OK');
      const applying = await json<Job>(await call(proc, token, job), 200);
      if (applying.status === 'APPLYING') await stop(proc, signal);
      else await stop(proc, 'SIGTERM');

      proc = await start(db.env);
      token = await signIn(proc);
      const applied = await until(proc, token, job, (j) => j.status === 'APPLY_OK' || j.status === 'APPLY_FAILED');
      expect(applied).toMatchObject({ status: 'APPLY_OK', counts: { ADD: ROWS } });
      const rows = await json<{ count: number; results: { key: string }[] }>(await call(proc, token, `/api/resources/v3/data-sources/${source.id}/rows/?search=k59999`), 200);
      expect(rows.results.map((r) => r.key)).toEqual(['k59999']);
      expect((await json<{ rows_count: number }>(await call(proc, token, `/api/resources/v3/data-sources/${source.id}/`), 200)).rows_count).toBe(ROWS);
      await stop(proc, 'SIGTERM');
    }, 400_000);
  }
});
