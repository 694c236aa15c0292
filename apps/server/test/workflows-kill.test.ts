import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PASSWORD, DOMAIN, engines, httpRequest } from './harness.ts';
import { WF, type Execution } from './workflows.helpers.ts';
import { processDatabase } from './process-database.ts';

/**
 * kill -9 of a real server process (main.ts) while answers are in flight: every step is one
 * transaction, so after the restart each execution has either moved on once or not at all, and
 * finishes with every task completed exactly once. PostgreSQL when TEST_DATABASE_URL is set,
 * else a PGlite DATA_DIR.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const EXECUTIONS = 20;

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

describe.each(engines().slice(-1))('workflows after kill -9 on %s', (engine) => {
  let proc: Proc | null = null;
  let db: Awaited<ReturnType<typeof processDatabase>> | null = null;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    await db?.drop();
  });

  it('answers in flight when the server dies: each execution moves once or not at all, then finishes exactly once', async () => {
    db = await processDatabase(engine, 'wf-kill');
    proc = await start({ ...db.env, SEED_DEMO: 'true' });
    const signIn = async (p: Proc) =>
      ((await (await call(p, null, '/api/auth/v3/sign-in/password', { method: 'POST', json: { email: DEMO_ADMIN, password: DEMO_PASSWORD } })).json()) as { id_token: string }).id_token;
    let token = await signIn(proc);
    const types = (await (await call(proc, token, `${WF}/my-workflow-types/`)).json()) as { results: { id: string; name: string }[] };
    const type = types.results.find((t) => t.name === 'Solicitud de compra')!;
    const ids: string[] = [];
    const confirmIds: string[] = [];
    for (let i = 0; i < EXECUTIONS; i++) {
      const e = (await (
        await call(proc, token, `${WF}/workflow-types/${type.id}/executions/`, { method: 'POST', json: { variables: { producto: `Item ${i}`, amount: 200000 + i } } })
      ).json()) as Execution;
      ids.push(e.id);
      confirmIds.push(e.tasks[0]!.id);
    }
    // answers in flight, then kill -9 as soon as the first one is answered
    const answer = (p: Proc, taskId: string, response: Record<string, unknown>) => call(p, token, `${WF}/user-tasks/${taskId}/responses/`, { method: 'POST', json: { response } });
    const inFlight = confirmIds.map((taskId) =>
      answer(proc!, taskId, { presupuesto_ok: true }).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await Promise.race(inFlight);
    proc.child.kill('SIGKILL');
    await proc.exited;
    await Promise.all(inFlight);

    proc = await start(db.env);
    token = await signIn(proc);
    let moved = 0;
    for (const [i, id] of ids.entries()) {
      let e = (await (await call(proc, token, `${WF}/executions/${id}/`)).json()) as Execution;
      const confirm = e.tasks.find((t) => t.bpmn_id === 'Confirmar')!;
      moved += confirm.is_active ? 0 : 1;
      if (confirm.is_active) {
        // the step never committed: nothing of it is left, and it can be answered now
        expect(e.tasks).toHaveLength(1);
        expect(e.history.filter((h) => h.action === 'task-completed')).toHaveLength(0);
        expect((await answer(proc, confirmIds[i]!, { presupuesto_ok: true })).status).toBe(201);
      } else expect((await answer(proc, confirmIds[i]!, { presupuesto_ok: true })).status).toBe(409);
      e = (await (await call(proc, token, `${WF}/executions/${id}/`)).json()) as Execution;
      const approve = e.tasks.find((t) => t.bpmn_id === 'Aprobar' && t.is_active)!;
      expect((await answer(proc, approve.id, { aprobada: true })).status).toBe(201);
      e = (await (await call(proc, token, `${WF}/executions/${id}/`)).json()) as Execution;
      expect(e.status).toBe('Success');
      expect(e.elements.map((el) => el.bpmn_id)).toEqual(['Inicio', 'Confirmar', 'MontoAlto', 'Aprobar', 'Fin']);
      expect(e.history.filter((h) => h.action === 'task-completed')).toHaveLength(2);
    }
    // at least the answer that was awaited before the kill had committed
    expect(moved).toBeGreaterThanOrEqual(1);
    console.info(`kill -9: ${moved} of ${EXECUTIONS} answers had committed`);
  });
});
