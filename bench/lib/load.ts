import autocannon from 'autocannon';

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

export interface LoadResult {
  /** Successful (2xx) responses per second over the measured window. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

/** One autocannon run against 127.0.0.1 (fixed connections and duration, no pipelining). */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  let next = 0;
  const bodies = spec.bodies;
  const result = await autocannon({
    url: `http://127.0.0.1:${spec.port}${spec.path}`,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    connections: spec.connections,
    duration: spec.durationSeconds,
    pipelining: 1,
    timeout: 30,
    ...(bodies && bodies.length > 0
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[next++ % bodies.length]! }),
            },
          ],
        }
      : {}),
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}
