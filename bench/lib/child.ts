import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';
import type { ReadyInfo, ServerSpec } from '../server-under-test.ts';

const ENTRY = fileURLToPath(new URL('../server-under-test.ts', import.meta.url));
export const PROFILE_DIR = fileURLToPath(new URL('../results/profiles', import.meta.url));

/** A benchmark's server in a process of its own, spoken to over IPC. */
export interface ChildServer {
  child: ChildProcess;
  /** The exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends `message` (none: only waits) and resolves with the first message of type `reply`; rejects if the process exits first. */
  ask<T>(message: Record<string, unknown> | null, reply: string, timeoutMs?: number): Promise<T>;
  /** SIGTERM, then SIGKILL after 15–20 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Forks `entry` with `spec` as its one JSON argument, the server's Node flags (those `npm start`
 * uses) plus `extraArgv`, NODE_ENV=production and an IPC channel. With BENCH_CPU_PROF=1 the
 * process writes a V8 CPU profile named after `label` to bench/results/profiles/ when it stops;
 * BENCH_NODE_FLAGS (space-separated) are added after the server's own, to try a tuning.
 */
export function forkServer(entry: string, spec: unknown, label: string, extraArgv: readonly string[] = []): ChildServer {
  const execArgv = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...extraArgv];
  if (process.env.BENCH_CPU_PROF) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`);
  }
  const child: ChildProcess = fork(entry, [JSON.stringify(spec)], {
    execPath: process.execPath,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ask = <T>(message: Record<string, unknown> | null, reply: string, timeoutMs = 300_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${reply} from the server within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (answer: { type?: string }) => {
        if (answer.type !== reply) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(answer as T);
      };
      child.on('message', onMessage);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) while waiting for ${reply}`));
      });
      if (message) child.send(message);
    });
  return {
    child,
    exited,
    ask,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

export interface ServerUnderTest {
  port: number;
  info: ReadyInfo;
  /** CPU time the server process has used so far, in milliseconds (user + system). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts bench/server-under-test.ts in a child process with the same Node binary and flags for
 * every server (platform and bare alike): those `npm start` runs the server with. BENCH_CPU_PROF=1 writes a V8 CPU profile per server to
 * bench/results/profiles/ when it stops.
 */
export async function startServerUnderTest(spec: ServerSpec, timeoutMs = 180_000): Promise<ServerUnderTest> {
  const server = forkServer(ENTRY, spec, `${spec.mode}-${spec.engine}`);
  const ready = await server.ask<{ port: number; info: ReadyInfo }>(null, 'ready', timeoutMs).catch((error: unknown) => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    throw new Error(`${spec.mode} server on ${spec.engine} was not ready: ${(error as Error).message}`);
  });
  return {
    port: ready.port,
    info: ready.info,
    cpuMs: async () => {
      const answer = await server.ask<{ user?: number; system?: number }>({ type: 'cpu' }, 'cpu', 10_000);
      return ((answer.user ?? 0) + (answer.system ?? 0)) / 1000;
    },
    stop: server.stop,
  };
}
