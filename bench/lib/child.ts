import { fork, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReadyInfo, ServerSpec } from '../server-under-test.ts';

const ENTRY = fileURLToPath(new URL('../server-under-test.ts', import.meta.url));
export const PROFILE_DIR = fileURLToPath(new URL('../results/profiles', import.meta.url));

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
  const execArgv: string[] = [...SERVER_NODE_FLAGS];
  if (process.env.BENCH_CPU_PROF) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${spec.mode}-${spec.engine}-${Date.now()}.cpuprofile`);
  }
  const child: ChildProcess = fork(ENTRY, [JSON.stringify(spec)], {
    execPath: process.execPath,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = await new Promise<{ port: number; info: ReadyInfo }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${spec.mode} server on ${spec.engine} not ready after ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: { type?: string; port?: number; info?: ReadyInfo }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ port: message.port!, info: message.info! });
    };
    child.on('message', onMessage);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${spec.mode} server on ${spec.engine} exited with ${code} before it was ready`));
    });
  }).catch((error: unknown) => {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  });

  return {
    ...ready,
    cpuMs: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server did not report its CPU time')), 10_000);
        const onMessage = (message: { type?: string; user?: number; system?: number }) => {
          if (message.type !== 'cpu') return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(((message.user ?? 0) + (message.system ?? 0)) / 1000);
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu' });
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}
