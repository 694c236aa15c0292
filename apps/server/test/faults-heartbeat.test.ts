import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { processDatabase } from './process-database.ts';

/**
 * The job heartbeat (decision 033): kill -9 of a process in the middle of a job. pg-boss 11 alone
 * would retry it only after its expireInSeconds (an hour here); with the heartbeat (1 s, 3 beats in
 * the worker) it runs again within a few seconds, exactly once, and to completion — on
 * PostgreSQL with two surviving processes racing for the dead job, on PGlite after a restart
 * (one process holds its data directory).
 */
const WORKER = fileURLToPath(new URL('./faults-heartbeat.worker.ts', import.meta.url));

interface Event {
  event: string;
  pid: number;
  at: number;
  id?: string;
  retryCount?: number;
  state?: string;
  heartbeatRows?: number;
}

interface Proc {
  child: ChildProcess;
  events: Event[];
  output: string[];
  exited: Promise<number | null>;
}

const all: Proc[] = [];

function run(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [WORKER], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { child, events: [], output: [], exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      proc.output.push(line);
      try {
        proc.events.push(JSON.parse(line) as Event);
      } catch {
        /* not ours */
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  void proc.exited.then(() => process.off('exit', reap));
  all.push(proc);
  return proc;
}

async function waitFor(proc: Proc, event: string, timeoutMs = 90_000): Promise<Event> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = proc.events.find((e) => e.event === event);
    if (found) return found;
    if (proc.child.exitCode !== null) throw new Error(`worker exited before '${event}': ${proc.output.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`no '${event}' in time: ${proc.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines())('faults: job heartbeat on %s', (engine) => {
  let db: Awaited<ReturnType<typeof processDatabase>> | null = null;
  afterEach(async () => {
    for (const proc of all.splice(0)) {
      if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
      await proc.exited;
    }
    await db?.drop();
    db = null;
  });

  it('a job whose process is killed mid-run runs again within a few heartbeats, not its expireInSeconds, exactly once to completion', async () => {
    db = await processDatabase(engine, 'heartbeat');
    // the first process takes a job that would run a minute, and dies in the middle of it
    const first = run({ ...db.env, SEND: '1', JOB_MS: '60000' });
    const { id } = await waitFor(first, 'sent');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const started = await waitFor(first, 'started');
    expect(started).toMatchObject({ id, retryCount: 0 });
    // a couple of beats written, then kill -9
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();

    // PostgreSQL: two processes race for the dead job; PGlite: the restarted one (it holds the directory)
    const survivors = Array.from({ length: engine === 'postgres' ? 2 : 1 }, () => run({ ...db!.env, WATCH: id!, JOB_MS: '5000' }));
    const finals = await Promise.all(survivors.map((proc) => waitFor(proc, 'final', 110_000)));
    const readyAt = Math.max(...(await Promise.all(survivors.map((proc) => waitFor(proc, 'ready')))).map((e) => e.at));

    const starts = survivors.flatMap((proc) => proc.events.filter((e) => e.event === 'started' && e.id === id));
    const completions = [first, ...survivors].flatMap((proc) => proc.events.filter((e) => e.event === 'completed' && e.id === id));
    // picked up again once, by one process, and run to the end once (the 5 s run outlives 3 beats: a live heartbeat keeps it)
    expect(starts).toHaveLength(1);
    expect(starts[0]!.retryCount).toBe(1);
    expect(completions).toHaveLength(1);
    expect(completions[0]!.pid).toBe(starts[0]!.pid);
    // within about 3 beats (+ retryDelay 1 s, a 1 s poll, slack for two shared cores), not the hour of expireInSeconds
    const pickedUpAfter = starts[0]!.at - Math.max(killedAt, engine === 'postgres' ? killedAt : readyAt);
    expect(pickedUpAfter).toBeLessThan(15_000);
    for (const final of finals) expect(final).toMatchObject({ state: 'completed', retryCount: 1, heartbeatRows: 0 });
  }, 180_000);
});
