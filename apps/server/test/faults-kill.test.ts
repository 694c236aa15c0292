import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as nodeRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFor, DEMO_ADMIN, DEMO_PASSWORD, DOMAIN, engines, httpRequest, type TestServer } from './harness.ts';
import { CHUNK, DM, openTransfer, patchChunk, pngOfSize, store, storedId, uploadedId } from './documents.helpers.ts';
import { processDatabase } from './process-database.ts';

/**
 * kill -9 of a real server process (main.ts) during an upload and during a burst of post
 * publications (issue 50 point 7); the workflow step and the import are covered by
 * workflows-kill.test.ts and imports-restart.test.ts. After the restart nothing acknowledged is
 * lost, nothing is there twice, and the queued work runs. PostgreSQL when TEST_DATABASE_URL is
 * set, else a PGlite DATA_DIR.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

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

function call(proc: Proc, token: string | null, path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers({ host: `demo.${DOMAIN}:${proc.port}` });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return httpRequest(proc.port, path, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
}

async function start(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', PUBLIC_DOMAIN: DOMAIN, LOG_LEVEL: 'warn', ...env },
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

async function kill(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}

const signIn = async (proc: Proc) =>
  ((await (await call(proc, null, '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: DEMO_ADMIN, password: DEMO_PASSWORD } })).json()) as { id_token: string }).id_token;
/** The documents helpers take a TestServer: the same calls against a child process. */
const asServer = (proc: Proc) => ({ api: clientFor(proc.port), port: proc.port }) as unknown as TestServer;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(engines().slice(-1))('faults: kill -9 on %s', (engine) => {
  let proc: Proc | null = null;
  let db: Awaited<ReturnType<typeof processDatabase>> | null = null;
  afterEach(async () => {
    if (proc) await kill(proc);
    proc = null;
    await db?.drop();
    db = null;
  });

  it('during an upload: the chunk cut by the kill counts for nothing, the transfer resumes from the offset reached and stores the same bytes once', async () => {
    db = await processDatabase(engine, 'faults');
    proc = await start({ ...db.env, SEED_DEMO: 'true' });
    let token = await signIn(proc);
    const file = pngOfSize(5 * CHUNK + 4321);
    const id = await uploadedId(await openTransfer(asServer(proc), 'demo', token, file.length));
    for (let offset = 0; offset < 3 * CHUNK; offset += CHUNK) {
      expect((await patchChunk(asServer(proc), 'demo', token, id, offset, file.subarray(offset, offset + CHUNK), file.length, 'plano.png')).status).toBe(204);
    }
    // the fourth chunk is on the wire, half of it sent, when the process dies
    const port = proc.port;
    const cut = new Promise<void>((resolve) => {
      const req = nodeRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `${DM}/upload/patch/${id}`,
        headers: {
          host: `demo.${DOMAIN}:${port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/offset+octet-stream',
          'content-length': String(CHUNK),
          'upload-offset': String(3 * CHUNK),
          'upload-length': String(file.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.on('response', (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.write(file.subarray(3 * CHUNK, 3 * CHUNK + CHUNK / 2));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await kill(proc);
    await cut;

    proc = await start(db.env);
    token = await signIn(proc);
    const head = await call(proc, token, `${DM}/upload/patch/${id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const reached = Number(head.headers.get('upload-offset'));
    expect(reached).toBe(3 * CHUNK);
    for (let offset = reached; offset < file.length; offset += CHUNK) {
      expect((await patchChunk(asServer(proc), 'demo', token, id, offset, file.subarray(offset, offset + CHUNK), file.length, 'plano.png')).status).toBe(204);
    }
    const uploadId = await storedId(await store(asServer(proc), 'demo', token, id));
    // a retried store (the client did not see the answer) names the same file: stored once
    expect(await storedId(await store(asServer(proc), 'demo', token, id))).toBe(uploadId);
    const download = await call(proc, token, `${DM}/upload/${uploadId}/download`);
    expect(download.status).toBe(200);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(file));
  }, 240_000);

  it('during a burst of publications: every acknowledged post is there once and reaches everyone exactly once after the restart', async () => {
    db = await processDatabase(engine, 'faults');
    proc = await start({ ...db.env, SEED_DEMO: 'true' });
    let token = await signIn(proc);
    const POSTS = 12;
    // delivered a few seconds on, so the deliveries run after the restart: the queue must keep them
    const publishAt = new Date(Date.now() + 6_000).toISOString();
    const acknowledged: string[] = [];
    const inFlight = Array.from({ length: POSTS }, (_, i) =>
      call(proc!, token, '/api/posts/v3/posts/', { method: 'POST', json: { title: `Ráfaga ${i}`, body: `<p>Ráfaga número ${i}</p>`, publish: true, publish_at: publishAt } }).then(
        async (response) => {
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
          return response.status;
        },
        () => 0,
      ),
    );
    await Promise.race(inFlight);
    await kill(proc);
    const statuses = await Promise.all(inFlight);
    expect(statuses.every((status) => status === 201 || status === 0)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);

    proc = await start(db.env);
    token = await signIn(proc);
    const managed = (await (await call(proc, token, '/api/posts/v3/posts/manage/?page_size=100')).json()) as { results: { id: string; title: string }[] };
    const kept = managed.results.filter((post) => post.title.startsWith('Ráfaga '));
    // each acknowledged post is there, once; the unacknowledged ones either committed whole or not at all
    for (const id of acknowledged) expect(kept.filter((post) => post.id === id)).toHaveLength(1);
    expect(new Set(kept.map((post) => post.title)).size).toBe(kept.length);

    // the deliveries run on the new process: one notification per post in the admin's inbox, no more
    const inboxPosts = async () => {
      const page = (await (await call(proc!, token, '/api/notifications-engine/v3/notifications/inbox?limit=100')).json()) as { data: { context: { type: string; id?: string } }[] };
      const ours = new Set(kept.map((post) => post.id));
      return page.data.filter((n) => n.context.type === 'Post' && ours.has(n.context.id ?? '')).map((n) => n.context.id);
    };
    let seen: (string | undefined)[] = [];
    for (let i = 0; i < 150; i++) {
      seen = await inboxPosts();
      if (seen.length >= kept.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen.sort()).toEqual(kept.map((post) => post.id).sort());
    if (db.env.DATABASE_URL) {
      // and nobody got any of them twice, while everyone the posts went to got each
      const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await client.connect();
      try {
        const twice = await client.query(`SELECT context_id, person_id FROM notifications WHERE context_type = 'Post' GROUP BY 1, 2 HAVING count(*) > 1`);
        expect(twice.rows).toEqual([]);
        const missing = await client.query(
          `SELECT r.post_id, r.person_id FROM post_recipients r LEFT JOIN notifications n ON n.tenant_id = r.tenant_id AND n.person_id = r.person_id AND n.context_type = 'Post' AND n.context_id = r.post_id::text WHERE n.id IS NULL`,
        );
        expect(missing.rows).toEqual([]);
        const recipients = await client.query(`SELECT post_id, count(*)::int AS n FROM post_recipients WHERE post_id = ANY($1::uuid[]) GROUP BY 1`, [kept.map((post) => post.id)]);
        expect(recipients.rows).toHaveLength(kept.length);
        expect(recipients.rows.every((row: { n: number }) => row.n > 1)).toBe(true);
      } finally {
        await client.end();
      }
    }
  }, 240_000);
});
