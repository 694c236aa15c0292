/**
 * Notifications ([P3 Notifications]): one server process holding 5,000 concurrent SSE streams
 * (memory per stream), one notification to all of them (delivery latency to the last stream),
 * and the inbox listing over 100,000 notifications against the bare indexed query, measured in
 * the same run. PGlite; PostgreSQL too when configured. Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpJson } from './lib/http.ts';
import { loadSlice, merge } from './lib/load.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { pct, target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';
import { percentile } from './lib/stats.ts';
import type { NotificationsServerSpec } from './lib/notifications-server.ts';
import { forkServer } from './lib/child.ts';

const ENTRY = fileURLToPath(new URL('./lib/notifications-server.ts', import.meta.url));
const STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 5000);
const INBOX_ROWS = Number(process.env.BENCH_INBOX_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 4);
const CONNECT_CONCURRENCY = 100;
const HOST = 'bench.app.localhost';
const SSE_PATH = '/api/notifications-engine/v3/notifications/devices/sse';
const INBOX_PATH = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=20';
const now = () => performance.timeOrigin + performance.now();

interface Ready {
  port: number;
  tenantId: string;
  tokens: string[];
  readerToken: string;
  smallToken: string;
  seedMs: number;
}

interface Server {
  ready: Ready;
  ask<T>(message: Record<string, unknown>, reply: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

async function startServer(spec: NotificationsServerSpec): Promise<Server> {
  const server = forkServer(ENTRY, spec, `notifications-${spec.engine}`, ['--expose-gc']);
  const ready = await server.ask<Ready>(null, 'ready', 300_000);
  return { ready, ask: (message, reply, timeoutMs = 120_000) => server.ask(message, reply, timeoutMs), stop: server.stop };
}

interface Stream {
  req: ClientRequest;
  /** When the broadcast notification arrived (epoch ms), once it has. */
  notifiedAt: number | null;
}

/** Opens one stream and resolves once its first ping has arrived. */
function openStream(port: number, token: string, onNotification: (stream: Stream) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: SSE_PATH, agent: false, headers: { host: HOST, authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
    const stream: Stream = { req, notifiedAt: null };
    let pinged = false;
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!pinged && chunk.includes('event: ping')) {
          pinged = true;
          resolve(stream);
        }
        if (stream.notifiedAt === null && chunk.includes('event: notification')) {
          stream.notifiedAt = now();
          onNotification(stream);
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => (pinged ? undefined : reject(error)));
    req.end();
  });
}

async function openAll(port: number, tokens: string[], onNotification: (stream: Stream) => void): Promise<Stream[]> {
  const streams: Stream[] = new Array(tokens.length);
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      streams[i] = await openStream(port, tokens[i]!, onNotification);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return streams;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  streams: number;
}

interface EngineResult {
  engine: string;
  openSeconds: number;
  rssPerStreamKb: number;
  heapPerStreamKb: number;
  delivered: number;
  produceMs: number;
  p50: number;
  p99: number;
  last: number;
  p50FromCommit: number;
  lastFromCommit: number;
  bareP50: number;
  endpointP50: number;
  bareQps: number;
  endpointRps: number;
  /** The endpoint over a 20-row inbox. */
  smallRps: number;
}

async function measure(engine: 'pglite' | 'postgres', spec: NotificationsServerSpec, ctx: BenchContext): Promise<EngineResult> {
  ctx.log(`[notifications] ${engine}: starting the server, seeding ${STREAMS} persons and ${INBOX_ROWS} notifications`);
  const server = await startServer(spec);
  try {
    const { port, tokens, readerToken, smallToken } = server.ready;
    ctx.log(`[notifications] ${engine}: seeded in ${Math.round(server.ready.seedMs)} ms`);

    // 1. Streams and their memory.
    const before = await server.ask<Memory>({ type: 'memory' }, 'memory');
    let delivered = 0;
    let allDelivered: () => void = () => undefined;
    const everyone = new Promise<void>((resolve) => (allDelivered = resolve));
    const openedAt = performance.now();
    const streams = await openAll(port, tokens, () => {
      if (++delivered === tokens.length) allDelivered();
    });
    const openSeconds = (performance.now() - openedAt) / 1000;
    const after = await server.ask<Memory>({ type: 'memory' }, 'memory');
    if (after.streams !== STREAMS) throw new Error(`the server holds ${after.streams} streams, not ${STREAMS}`);
    const rssPerStreamKb = (after.rss - before.rss) / STREAMS / 1024;
    const heapPerStreamKb = (after.heapUsed + after.external - before.heapUsed - before.external) / STREAMS / 1024;
    ctx.log(`[notifications] ${engine}: ${STREAMS} streams open in ${openSeconds.toFixed(1)} s; ${rssPerStreamKb.toFixed(1)} KB RSS per stream`);

    // 2. One notification to all of them.
    const broadcast = await server.ask<{ startedAt: number; committedAt: number; recipients: number }>({ type: 'broadcast' }, 'broadcast');
    await Promise.race([everyone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    const arrivals = streams.flatMap((s) => (s.notifiedAt === null ? [] : [s.notifiedAt])).sort((x, y) => x - y);
    const fromStart = arrivals.map((t) => t - broadcast.startedAt);
    const fromCommit = arrivals.map((t) => t - broadcast.committedAt);
    for (const stream of streams) stream.req.destroy();
    ctx.log(`[notifications] ${engine}: ${arrivals.length}/${STREAMS} delivered, last after ${Math.round(fromStart.at(-1) ?? NaN)} ms`);

    // 3. Inbox listing over INBOX_ROWS notifications vs the bare indexed query, same run.
    const headers = { host: HOST, authorization: `Bearer ${readerToken}` };
    const check = await httpJson(port, 'GET', INBOX_PATH, headers);
    if (check.status !== 200) throw new Error(`inbox answered ${check.status}`);
    const total = (check.body as { pagination: { total: number } }).pagination.total;
    if (total !== INBOX_ROWS) throw new Error(`inbox total ${total}, expected ${INBOX_ROWS}`);
    // One at a time (latency), then 10 at once (throughput); the endpoint over the 100k inbox,
    // over a 20-row inbox, and the bare query, one after the other.
    const small = { ...headers, authorization: `Bearer ${smallToken}` };
    await loadSlice({ port, path: INBOX_PATH, headers, connections: 4, durationSeconds: 1 });
    const endpoint1 = merge([await loadSlice({ port, path: INBOX_PATH, headers, connections: 1, durationSeconds: SECONDS })]);
    const bare1 = await server.ask<{ count: number; seconds: number; p50: number }>({ type: 'bare', seconds: SECONDS, concurrency: 1 }, 'bare');
    const bare10 = await server.ask<{ count: number; seconds: number; p50: number }>({ type: 'bare', seconds: SECONDS, concurrency: 10 }, 'bare');
    const endpoint10 = merge([await loadSlice({ port, path: INBOX_PATH, headers, connections: 10, durationSeconds: SECONDS })]);
    const small10 = merge([await loadSlice({ port, path: INBOX_PATH, headers: small, connections: 10, durationSeconds: SECONDS })]);
    return {
      engine,
      openSeconds,
      rssPerStreamKb,
      heapPerStreamKb,
      delivered: arrivals.length,
      produceMs: broadcast.committedAt - broadcast.startedAt,
      p50: percentile(fromStart, 50),
      p99: percentile(fromStart, 99),
      last: fromStart.at(-1) ?? NaN,
      p50FromCommit: percentile(fromCommit, 50),
      lastFromCommit: fromCommit.at(-1) ?? NaN,
      bareP50: bare1.p50,
      endpointP50: endpoint1.p50,
      bareQps: bare10.count / bare10.seconds,
      endpointRps: endpoint10.rps,
      smallRps: small10.rps,
    };
  } finally {
    await server.stop();
  }
}

const benchmark: Benchmark = {
  title: `${STREAMS} SSE streams on one process (memory, one notification to all), inbox over ${INBOX_ROWS} notifications vs the bare indexed query`,
  async run(ctx) {
    const results: EngineResult[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-notifications-'));
    try {
      results.push(await measure('pglite', { engine: 'pglite', dataDir, streams: STREAMS, inboxRows: INBOX_ROWS }, ctx));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const base = postgresBaseUrl();
    if (base) {
      const database = await throwAwayDatabase(base, 'faena_bench_notif');
      try {
        results.push(await measure('postgres', { engine: 'postgres', url: database.url, streams: STREAMS, inboxRows: INBOX_ROWS }, ctx));
      } finally {
        await database.drop();
      }
    } else {
      ctx.log(POSTGRES_SKIPPED);
    }
    ctx.data.results = results;

    const streamRows: Cell[][] = results.map((r) => [r.engine, STREAMS, r.openSeconds, r.rssPerStreamKb, r.heapPerStreamKb]);
    ctx.table({
      title: 'Concurrent SSE streams on one server process',
      columns: ['engine', 'streams', 'open all (s)', 'RSS KB/stream', 'heap+ext KB/stream'],
      rows: streamRows,
      notes: ['Memory of the server process after a full GC, with the streams open minus before; each stream authenticated with its own session.'],
    });
    ctx.table({
      title: 'One notification to every stream (one producer transaction, 5,000 recipients)',
      columns: ['engine', 'delivered', 'produce tx ms', 'p50 ms', 'p99 ms', 'last ms', 'p50 from commit', 'last from commit'],
      rows: results.map((r) => [r.engine, `${r.delivered}/${STREAMS}`, r.produceMs, r.p50, r.p99, r.last, r.p50FromCommit, r.lastFromCommit]),
      notes: ['Latency from the start of the producing transaction (and from its commit) to the event arriving at the client, on 127.0.0.1.'],
    });
    ctx.table({
      title: `Inbox listing (page 1, 20 items) over ${INBOX_ROWS} notifications of one person`,
      columns: ['engine', 'bare query p50 ms', 'endpoint p50 ms', 'bare q/s', 'endpoint req/s', 'endpoint / bare', '20-row inbox req/s', `${INBOX_ROWS} / 20 rows`],
      rows: results.map((r) => [r.engine, r.bareP50, r.endpointP50, r.bareQps, r.endpointRps, pct(r.endpointRps / r.bareQps), r.smallRps, pct(r.endpointRps / r.smallRps)]),
      notes: [
        'bare: the same SELECT … WHERE tenant_id, person_id ORDER BY seq DESC LIMIT 20, as the owner, outside any transaction, in the server process (p50 one at a time, q/s 10 at once).',
        'endpoint: GET /notifications/inbox over HTTP with a bearer token (tenant, session, RLS transaction, one statement for page and counters, JSON); p50 over 1 connection, req/s over 10.',
        `${INBOX_ROWS} / 20 rows: the same endpoint for a person with ${INBOX_ROWS} notifications against one with 20 — the listing does not grow with the inbox.`,
      ],
    });

    for (const r of results) {
      ctx.target(
        target(
          `every stream gets the broadcast within 1 s (${r.engine})`,
          r.delivered === STREAMS ? r.last : Infinity,
          1000,
          (ms) => `last of ${r.delivered}/${STREAMS} after ${ms.toFixed(0)} ms (target ≤ 1000 ms)`,
          false,
        ),
      );
    }
    for (const r of results) {
      ctx.target(
        target(
          `inbox over ${INBOX_ROWS} as fast as over 20 rows (${r.engine})`,
          r.endpointRps / r.smallRps,
          0.9,
          (ratio) => `${pct(ratio)} of the 20-row inbox's req/s (target ≥ 90%); ${pct(r.endpointRps / r.bareQps)} of the bare query's`,
        ),
      );
    }
  },
};

export default benchmark;
