import autocannon from 'autocannon';
import { percentileOfSorted } from './stats.ts';

export interface LoadSpec {
  port: number;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Request bodies, rotated through request by request across all connections. */
  bodies?: string[];
  connections: number;
  durationSeconds: number;
}

/** One load-generator run, or several runs merged (their 2xx counts, durations and latencies). */
export interface LoadResult {
  /** Successful (2xx) responses per second over the measured window(s). */
  rps: number;
  /** Latency percentiles in ms, over every response (2xx or not). */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

export interface Slice {
  ok: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  latencies: number[];
}

/** One autocannon run against 127.0.0.1 (fixed connections and duration, no pipelining). */
export function loadSlice(spec: LoadSpec): Promise<Slice> {
  let next = 0;
  const bodies = spec.bodies;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${spec.port}${spec.path}`,
        method: spec.method ?? 'GET',
        headers: spec.headers ?? {},
        connections: spec.connections,
        duration: spec.durationSeconds,
        pipelining: 1,
        timeout: 30,
        ...(bodies && bodies.length > 0 ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[next++ % bodies.length]! }) }] } : {}),
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve({
          ok: result['2xx'],
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          durationSeconds: result.duration,
          latencies,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export function merge(slices: Slice[]): LoadResult {
  const sum = (pick: (s: Slice) => number) => slices.reduce((acc, s) => acc + pick(s), 0);
  const sorted = Float64Array.from(slices.flatMap((s) => s.latencies)).sort();
  const durationSeconds = sum((s) => s.durationSeconds);
  const ok = sum((s) => s.ok);
  return {
    rps: ok / durationSeconds,
    p50: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : NaN,
    ok,
    total: sum((s) => s.total),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    durationSeconds,
  };
}
