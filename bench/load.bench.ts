/**
 * Load (issue 50 point 7): simulated members against real server processes (main.ts, as
 * `npm start` runs it) on one PostgreSQL database — each member signs in, holds a notification
 * stream open and then, with a pause between steps, reads its feed, its inbox, the people list and
 * a form, answers the form and uploads a file (whole-file process + store). Run against one
 * process, then two (members split between them), in the same run: the one-process run is the
 * baseline the two-process figures are compared with. Errors (any non-2xx, refused connection or
 * timeout) and p50/p99 per step.
 *
 *   BENCH_LOAD_MEMBERS   simulated members (200)
 *   BENCH_LOAD_SECONDS   seconds of load per configuration after everyone signed in (20: a smoke
 *                        run; 300 is the 5-minute run the issue asks for)
 *   BENCH_LOAD_THINK_MS  mean pause between a member's steps (500)
 *
 * PostgreSQL only (two processes cannot share a PGlite directory): skipped without
 * BENCH_DATABASE_URL / TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { hashPassword } from '../apps/server/src/modules/auth/users.service.ts';
import { setPassportPermissions } from '../apps/server/src/modules/permissions/permissions.repository.ts';
import { createTenant } from '../apps/server/src/modules/tenants/tenants.service.ts';
import { waitFor200 } from './lib/http.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';
import { membersSql, signInEmail } from './lib/seed.ts';
import { percentileOfSorted } from './lib/stats.ts';

const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 500);
const DOMAIN = 'app.localhost';
const SUBDOMAIN = 'load';
const PASSWORD = 'load-password';
const ADMIN = 'admin@load.test';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const STEPS = ['sign-in', 'stream', 'feed', 'inbox', 'people', 'form', 'answer', 'upload'] as const;
type Step = (typeof STEPS)[number];
/** How often each repeated step is picked (sign-in and the stream happen once per member). */
const WEIGHTS: [Step, number][] = [
  ['feed', 30],
  ['inbox', 20],
  ['people', 15],
  ['form', 15],
  ['answer', 10],
  ['upload', 10],
];

interface Tally {
  latencies: number[];
  errors: number;
  samples: string[];
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

interface Proc {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startProcess(databaseUrl: string, dataDir: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_DOMAIN: DOMAIN,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  void exited.then(() => process.off('exit', reap));
  await waitFor200(port, '/api/health', performance.now(), 180_000, () => child.exitCode === null);
  return { port, child, exited };
}

async function stopProcess(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null) return;
  const force = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  proc.child.kill('SIGTERM');
  await proc.exited;
  clearTimeout(force);
}

interface Answer {
  status: number;
  text: string;
}

/** One request on keep-alive connections of the member's own agent; the tenant comes from Host. */
function send(agent: Agent, port: number, method: string, path: string, token: string | null, body?: { type: string; data: Buffer | string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${SUBDOMAIN}.${DOMAIN}:${port}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) {
      headers['content-type'] = body.type;
      headers['content-length'] = String(Buffer.byteLength(body.data));
    }
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (body) req.write(body.data);
    req.end();
  });
}

const json = (value: unknown) => ({ type: 'application/json', data: JSON.stringify(value) });

function multipartPng(name: string): { type: string; data: Buffer } {
  const boundary = `----load${randomBytes(8).toString('hex')}`;
  const data = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filepond"\r\n\r\n{}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filepond"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { type: `multipart/form-data; boundary=${boundary}`, data };
}

function pick(): Step {
  let roll = Math.random() * WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [step, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return step;
  }
  return 'feed';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prepares the database once: schema, the tenant, its members with the permissions the steps need, and a form. */
async function prepare(url: string): Promise<{ tenantId: string }> {
  const db = await openPostgres(url, { poolSize: 4 });
  try {
    await migrate(db);
    const { tenant } = await createTenant(db, null, { subdomain: SUBDOMAIN, name: 'Carga', adminEmail: ADMIN, adminPassword: PASSWORD });
    const hash = await hashPassword(PASSWORD);
    await db.ownerExec(`BEGIN; SELECT set_config('app.tenant_id', '${tenant.id}', true); ${membersSql(tenant.id, MEMBERS, hash)}; COMMIT`);
    await db.transaction(tenant.id, async (tx) => {
      const rows = (await tx.execute(sql`SELECT passport FROM persons WHERE tenant_id = ${tenant.id} AND primary_email LIKE 'member%@bench.test'`)) as unknown as { rows: { passport: string }[] };
      for (const { passport } of rows.rows) await setPassportPermissions(tx, tenant.id, passport, { permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_PEOPLE'] });
    });
    return { tenantId: tenant.id };
  } finally {
    await db.close();
  }
}

interface RunResult {
  tallies: Map<Step, Tally>;
  seconds: number;
  streamsHeld: number;
}

/** MEMBERS members split over `ports`: each signs in and opens its stream, then works until the deadline. */
async function runLoad(ctx: BenchContext, ports: number[], formId: string): Promise<RunResult> {
  const tallies = new Map<Step, Tally>(STEPS.map((step) => [step, { latencies: [], errors: 0, samples: [] }]));
  const record = (step: Step, ms: number, ok: boolean, detail: string) => {
    const tally = tallies.get(step)!;
    tally.latencies.push(ms);
    if (!ok) {
      tally.errors += 1;
      if (tally.samples.length < 3) tally.samples.push(detail.slice(0, 160));
    }
  };
  const timed = async (step: Step, run: () => Promise<Answer>, okStatus = (status: number) => status >= 200 && status < 300): Promise<Answer | null> => {
    const started = performance.now();
    try {
      const answer = await run();
      record(step, performance.now() - started, okStatus(answer.status), `${answer.status} ${answer.text}`);
      return okStatus(answer.status) ? answer : null;
    } catch (error) {
      record(step, performance.now() - started, false, (error as Error).message);
      return null;
    }
  };
  const streams: (() => void)[] = [];
  let streamsHeld = 0;
  let signedIn = 0;
  let allIn!: () => void;
  const everyoneIn = new Promise<void>((resolve) => (allIn = resolve));
  let deadline = Infinity;

  /** Once per member, signed in and streaming or failed: the timed window starts when all are. */
  const ready = () => {
    if (++signedIn === MEMBERS) allIn();
  };
  const member = async (i: number) => {
    const port = ports[i % ports.length]!;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      const signIn = await timed('sign-in', () => send(agent, port, 'POST', '/api/auth/v3/sign-in/password', null, json({ email: signInEmail(i + 1), password: PASSWORD })));
      const token = signIn ? (JSON.parse(signIn.text) as { id_token: string }).id_token : null;
      if (!token) return ready();
      // the stream: headers within the timeout, then held open until the end
      await timed(
        'stream',
        () =>
          new Promise<Answer>((resolve, reject) => {
            const req = request(
              {
                host: '127.0.0.1',
                port,
                path: '/api/notifications-engine/v3/notifications/devices/sse',
                headers: { host: `${SUBDOMAIN}.${DOMAIN}:${port}`, accept: 'text/event-stream', authorization: `Bearer ${token}` },
              },
              (res) => {
                res.on('data', () => undefined);
                res.on('error', () => undefined);
                if (res.statusCode === 200) streamsHeld += 1;
                streams.push(() => req.destroy());
                resolve({ status: res.statusCode ?? 0, text: '' });
              },
            );
            req.setTimeout(30_000, () => req.destroy(new Error('stream timed out')));
            req.on('error', reject);
            req.end();
          }),
      );
      ready();
      await everyoneIn;
      while (performance.now() < deadline) {
        await sleep(THINK_MS * (0.5 + Math.random()));
        if (performance.now() >= deadline) break;
        const step = pick();
        if (step === 'feed') await timed(step, () => send(agent, port, 'GET', '/api/posts/v3/posts/?page_size=20', token));
        else if (step === 'inbox') await timed(step, () => send(agent, port, 'GET', '/api/notifications-engine/v3/notifications/inbox?limit=20', token));
        else if (step === 'people') await timed(step, () => send(agent, port, 'GET', '/api/audiences/v3/persons/?page_size=20', token));
        else if (step === 'form') await timed(step, () => send(agent, port, 'GET', `/api/forms/v3/forms/${formId}/`, token));
        else if (step === 'answer') await timed(step, () => send(agent, port, 'POST', `/api/forms/v3/forms/${formId}/responses/`, token, json({ response: { nota: `Todo en orden ${i}` } })));
        else
          await timed(step, async () => {
            const temporary = await send(agent, port, 'POST', '/api/document-manager/v3/upload/process/', token, multipartPng(`foto-${i}.png`));
            if (temporary.status !== 200) return temporary;
            return send(agent, port, 'POST', `/api/document-manager/v3/filepond/${temporary.text}/store`, token, json({ temporary_upload: temporary.text }));
          });
      }
    } finally {
      agent.destroy();
    }
  };

  const members = Array.from({ length: MEMBERS }, (_, i) => member(i));
  await everyoneIn;
  ctx.log(`${MEMBERS} members signed in (${streamsHeld} streams open); ${SECONDS} s of load`);
  const started = performance.now();
  deadline = started + SECONDS * 1000;
  await Promise.all(members);
  const seconds = (performance.now() - started) / 1000;
  for (const close of streams) close();
  return { tallies, seconds, streamsHeld };
}

function rows(label: string, result: RunResult): Cell[][] {
  const out: Cell[][] = [];
  let all: number[] = [];
  let errors = 0;
  for (const step of STEPS) {
    const tally = result.tallies.get(step)!;
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    all = all.concat(tally.latencies);
    errors += tally.errors;
    out.push([label, step, sorted.length, tally.errors, percentileOfSorted(sorted, 50), percentileOfSorted(sorted, 99), sorted.at(-1) ?? null]);
  }
  const sorted = all.sort((a, b) => a - b);
  out.push([label, 'all', sorted.length, errors, percentileOfSorted(sorted, 50), percentileOfSorted(sorted, 99), sorted.at(-1) ?? null]);
  return out;
}

const totals = (result: RunResult) => {
  let requests = 0;
  let errors = 0;
  const repeated: number[] = [];
  for (const [step, tally] of result.tallies) {
    requests += tally.latencies.length;
    errors += tally.errors;
    if (step !== 'sign-in' && step !== 'stream') repeated.push(...tally.latencies);
  }
  repeated.sort((a, b) => a - b);
  return { requests, errors, p99: percentileOfSorted(repeated, 99), rps: repeated.length / result.seconds };
};

const bench: Benchmark = {
  title: `${MEMBERS} simulated members (sign-in, stream, lists, forms, uploads) for ${SECONDS} s against one and two server processes on PostgreSQL: errors and p99`,
  async run(ctx) {
    const base = postgresBaseUrl();
    if (!base) {
      ctx.log(POSTGRES_SKIPPED);
      ctx.target({ name: 'load: no errors', verdict: 'SKIP', detail: POSTGRES_SKIPPED });
      return;
    }
    const database = await throwAwayDatabase(base, 'faena_load');
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-load-'));
    const procs: Proc[] = [];
    try {
      ctx.log('preparing the database');
      await prepare(database.url);
      const results: { processes: number; result: RunResult }[] = [];
      for (const processes of [1, 2]) {
        for (let i = 0; i < processes; i++) procs.push(await startProcess(database.url, dataDir));
        const ports = procs.map((proc) => proc.port);
        const admin = JSON.parse((await send(new Agent(), ports[0]!, 'POST', '/api/auth/v3/sign-in/password', null, json({ email: ADMIN, password: PASSWORD }))).text) as { id_token: string };
        const form = await send(
          new Agent(),
          ports[0]!,
          'POST',
          '/api/forms/v3/forms/',
          admin.id_token,
          json({ name: `Ronda ${processes}`, description: [{ id: 1, type: 'text', name: 'nota', label: 'Nota', required: true, skippable: false, validators: [] }] }),
        );
        if (form.status !== 201) throw new Error(`form: ${form.status} ${form.text}`);
        const load = loadavg()[0]!;
        ctx.log(`${processes} process(es): load average ${load.toFixed(1)} before the run`);
        const result = await runLoad(ctx, ports, (JSON.parse(form.text) as { id: string }).id);
        results.push({ processes, result });
        for (const tally of result.tallies.values()) for (const sample of tally.samples) ctx.log(`error sample: ${sample}`);
        while (procs.length > 0) await stopProcess(procs.pop()!);
      }
      const table: Cell[][] = results.flatMap(({ processes, result }) => rows(`${processes} process${processes > 1 ? 'es' : ''}`, result));
      const [one, two] = results.map(({ result }) => totals(result)) as [ReturnType<typeof totals>, ReturnType<typeof totals>];
      ctx.table({
        title: `${MEMBERS} members, ${SECONDS} s, pause ${THINK_MS} ms on average (ms)`,
        columns: ['servers', 'step', 'requests', 'errors', 'p50', 'p99', 'max'],
        rows: table,
        notes: [
          'sign-in and stream: once per member, before the timed window (stream: until its headers arrive); the rest: steps picked at random while the window lasts',
          'upload = whole-file process + store of a 1×1 PNG; answer = a form response; people = the directory list (20 per page)',
          `two processes vs one (same run, same database): ${(two.rps / one.rps).toFixed(2)}× the steps per second, p99 ${(two.p99 / one.p99).toFixed(2)}× (${two.p99.toFixed(0)} ms vs ${one.p99.toFixed(0)} ms)`,
        ],
      });
      ctx.data.load = { members: MEMBERS, seconds: SECONDS, thinkMs: THINK_MS, one, two };
      ctx.target(target('load: no errors on one process', one.errors, 0, (n) => `${n} errors of ${one.requests} requests`, false));
      ctx.target(target('load: no errors on two processes', two.errors, 0, (n) => `${n} errors of ${two.requests} requests`, false));
    } finally {
      while (procs.length > 0) await stopProcess(procs.pop()!);
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
};

export default bench;
