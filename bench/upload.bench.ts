/**
 * [P5 Files] chunked upload: a 200 MB file sent as FilePond sends it — POST /upload/process/ with
 * Upload-Length, then 400 PATCH /upload/patch/{id} of 500,000 bytes, one at a time, over
 * 127.0.0.1 — to the real server in its own process (bench/lib/upload-server.ts), then stored
 * (POST /filepond/{id}/store) and downloaded back (byte-identical check).
 *
 * Baseline, in the same run: the same 400 PATCHes to a bare node:http receiver (own process, no
 * auth, no database, no framework) that writes the bytes it receives to disk through a bare Node
 * write stream — what the target's "same bytes written to disk by a bare Node stream" costs when
 * the bytes come over HTTP, as they must for an upload. Shown too, as information only: the same
 * 400 chunks written by a bare write stream straight from memory (before and after the upload;
 * the faster counts) — a memory copy into the page cache no HTTP upload can approach (the bare
 * receiver itself reaches 4–9% of it on this machine). Memory: the server's RSS
 * sampled every 20 ms from /proc/<pid>/status while idle and through upload and store, plus the
 * kernel's own high-water mark (VmHWM, reset before the upload through /proc/<pid>/clear_refs).
 *
 * Both receivers run side by side and get the 400 PATCHes in alternating rounds (BENCH_UPLOAD_ROUNDS,
 * 5: bare then server, server then bare, …); the medians are compared, so a busy moment of a
 * shared machine weighs on both.
 *
 * Targets: upload throughput ≥ 50% of the bare receiver's; peak RSS during the upload under 100 MB
 * above idle. Settings: BENCH_UPLOAD_MB (200), BENCH_ENGINES=pglite,postgres, BENCH_CPU_PROF=1 (a V8
 * profile of the server in bench/results/profiles/), BENCH_NODE_FLAGS (flags for the server
 * processes, e.g. "--max-semi-space-size=1"; bench/lib/child.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkServer } from './lib/child.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, selectedEngines, throwAwayDatabase } from './lib/postgres.ts';
import { pct, target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { UPLOAD_BENCH, type UploadServerSpec } from './lib/upload-server.ts';

const ENTRY = fileURLToPath(new URL('./lib/upload-server.ts', import.meta.url));
const CHUNK = 500_000;
const TOTAL = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 200) * 1_000_000);
const CHUNKS = Math.ceil(TOTAL / CHUNK);
const RATIO_TARGET = 0.5;
const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5));
const RSS_TARGET_MB = 100;
const ENGINES = selectedEngines();
const MB = 1_000_000;
const MIB = 1024 * 1024;

/** 400 chunks built from one random 500,000-byte block: the first one starts like a PNG. */
function chunkAt(index: number, block: Buffer, first: Buffer): Buffer {
  const size = Math.min(CHUNK, TOTAL - index * CHUNK);
  const source = index === 0 ? first : block;
  return size === CHUNK ? source : source.subarray(0, size);
}

async function bareWrite(path: string, block: Buffer, first: Buffer): Promise<number> {
  const started = performance.now();
  const out = createWriteStream(path);
  for (let i = 0; i < CHUNKS; i++) {
    if (!out.write(chunkAt(i, block, first))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return (performance.now() - started) / 1000;
}

interface Server {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

async function startServer(spec: UploadServerSpec): Promise<Server> {
  const server = forkServer(ENTRY, spec, `upload-${spec.mode}-${spec.engine}`);
  const { port } = await server.ask<{ port: number }>(null, 'ready', 180_000);
  return { child: server.child, port, stop: server.stop };
}

/** RSS of a process in bytes, from /proc (null where there is none). */
function procRss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** user + system CPU a process has used so far, in seconds, from /proc (null where there is none). */
function procCpu(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
}

const cpuSince = (pid: number, before: number | null): number | null => {
  const now = procCpu(pid);
  return now === null || before === null ? null : now - before;
};

function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

class Sampler {
  max = 0;
  readonly samples: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly pid: number;
  constructor(pid: number) {
    this.pid = pid;
  }
  start(): void {
    this.timer = setInterval(() => {
      const rss = procRss(this.pid);
      if (rss === null) return;
      this.samples.push(rss);
      if (rss > this.max) this.max = rss;
    }, 20);
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { host: `${UPLOAD_BENCH.subdomain}.${UPLOAD_BENCH.domain}:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Streams a download through SHA-256 without keeping it. */
function downloadHash(port: number, path: string, token: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const req = request(
      { host: '127.0.0.1', port, method: 'GET', path, agent, headers: { host: `${UPLOAD_BENCH.subdomain}.${UPLOAD_BENCH.domain}:${port}`, authorization: `Bearer ${token}` } },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface EngineResult {
  engine: string;
  bareSeconds: number;
  bareHttpSeconds: number;
  /** CPU the server process used (user + system, seconds) for the step: a busy machine inflates it far less than the wall time. */
  bareHttpCpu: number | null;
  uploadCpu: number | null;
  storeCpu: number | null;
  uploadSeconds: number;
  storeSeconds: number;
  downloadSeconds: number;
  ratio: number;
  /** bare receiver seconds / upload seconds, round by round. */
  roundRatios: number[];
  idleMb: number;
  peakMb: number | null;
  hwmMb: number | null;
  uploadPeakMb: number | null;
  uploadHwmMb: number | null;
  /** RSS above idle after 25, 50, 75 and 100% of the chunks. */
  marksMb: number[];
  bareHttpHwmMb: number | null;
  identical: boolean;
}

async function runEngine(ctx: BenchContext, engine: 'pglite' | 'postgres', block: Buffer, first: Buffer, expected: string): Promise<EngineResult> {
  const dir = mkdtempSync(join(tmpdir(), `faena-upload-bench-${engine}-`));
  let database: { url: string; drop(): Promise<void> } | null = null;
  let server: Server | null = null;
  let bare: Server | null = null;
  try {
    if (engine === 'postgres') database = await throwAwayDatabase(postgresBaseUrl()!, 'faena_bench_upload');
    const bareBefore = await bareWrite(join(dir, 'bare-before.bin'), block, first);
    rmSync(join(dir, 'bare-before.bin'));
    // The floor: the same 400 PATCHes to a bare node:http receiver in a process of its own.
    bare = await startServer({ mode: 'bare', engine, dataDir: join(dir, 'bare') });
    const barePid = bare.child.pid!;
    const barePort = bare.port;
    server = await startServer({ mode: 'platform', engine, dataDir: join(dir, 'data'), maxBytes: Math.max(TOTAL, 512 * MIB), ...(database ? { url: database.url } : {}) });
    const pid = server.child.pid!;
    const port = server.port;
    const signIn = await call(
      port,
      'POST',
      '/api/auth/v3/sign-in/password',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ email: UPLOAD_BENCH.email, password: UPLOAD_BENCH.password })),
    );
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.body.toString()}`);
    const token = (JSON.parse(signIn.body.toString()) as { id_token: string }).id_token;
    const auth = { authorization: `Bearer ${token}` };

    // Warm both paths (one chunk each), then settle and read the idle RSS.
    await call(barePort, 'PATCH', '/bare/warm', { 'content-type': 'application/offset+octet-stream', 'content-length': String(CHUNK), 'upload-offset': '0' }, first);
    const warm = await call(port, 'POST', '/api/document-manager/v3/upload/process/', { ...auth, 'upload-length': String(CHUNK) });
    await call(
      port,
      'PATCH',
      `/api/document-manager/v3/upload/patch/${warm.body.toString()}`,
      { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'upload-length': String(CHUNK) },
      first,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idleSamples: number[] = [];
    for (let i = 0; i < 25; i++) {
      const rss = procRss(pid);
      if (rss !== null) idleSamples.push(rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const idle = idleSamples.length > 0 ? Math.max(...idleSamples) : Number.NaN;
    const bareIdle = procRss(barePid) ?? Number.NaN;
    const hwmReset = resetHighWaterMark(pid);
    const bareHwmReset = resetHighWaterMark(barePid);
    const sampler = new Sampler(pid);
    sampler.start();

    const sendBare = async (): Promise<{ seconds: number; cpu: number | null }> => {
      const cpuBefore = procCpu(barePid);
      const started = performance.now();
      for (let i = 0; i < CHUNKS; i++) {
        const chunk = chunkAt(i, block, first);
        const response = await call(
          barePort,
          'PATCH',
          `/bare/${i}`,
          { 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length), 'upload-offset': String(i * CHUNK) },
          chunk,
        );
        if (response.status !== 204) throw new Error(`bare chunk ${i}: ${response.status}`);
      }
      return { seconds: (performance.now() - started) / 1000, cpu: cpuSince(barePid, cpuBefore) };
    };
    const marks: number[] = [];
    const sendPlatform = async (): Promise<{ seconds: number; cpu: number | null; id: string }> => {
      const cpuBefore = procCpu(pid);
      const started = performance.now();
      const { body: form, contentType } = metadataForm();
      const opened = await call(port, 'POST', '/api/document-manager/v3/upload/process/', { ...auth, 'content-type': contentType, 'upload-length': String(TOTAL) }, form);
      if (opened.status !== 200) throw new Error(`process: ${opened.status} ${opened.body.toString()}`);
      const id = opened.body.toString();
      const marking = marks.length === 0;
      for (let i = 0; i < CHUNKS; i++) {
        const chunk = chunkAt(i, block, first);
        const response = await call(
          port,
          'PATCH',
          `/api/document-manager/v3/upload/patch/${id}`,
          {
            ...auth,
            'content-type': 'application/offset+octet-stream',
            'content-length': String(chunk.length),
            'upload-offset': String(i * CHUNK),
            'upload-length': String(TOTAL),
            'upload-name': 'bench.png',
          },
          chunk,
        );
        if (response.status !== 204) throw new Error(`chunk ${i}: ${response.status} ${response.body.toString()}`);
        if (marking && (i + 1) % Math.max(1, Math.floor(CHUNKS / 4)) === 0 && marks.length < 4) marks.push(((procRss(pid) ?? Number.NaN) - idle) / MIB);
      }
      return { seconds: (performance.now() - started) / 1000, cpu: cpuSince(pid, cpuBefore), id };
    };

    // Alternating rounds (bare first, then the server first, …) so that a busy moment of a
    // shared machine weighs on both; the medians are compared.
    const bareRuns: { seconds: number; cpu: number | null }[] = [];
    const uploadRuns: { seconds: number; cpu: number | null }[] = [];
    let id = '';
    for (let round = 0; round < ROUNDS; round++) {
      ctx.log(`[upload] ${engine}: round ${round + 1} of ${ROUNDS}, ${CHUNKS} chunks of ${CHUNK} bytes to each receiver`);
      if (round % 2 === 0) bareRuns.push(await sendBare());
      const run = await sendPlatform();
      uploadRuns.push(run);
      if (round % 2 === 1) bareRuns.push(await sendBare());
      if (round < ROUNDS - 1) {
        // the last round's transfer is stored and downloaded; the others are reverted
        const reverted = await call(
          port,
          'DELETE',
          '/api/document-manager/v3/upload/revert/',
          { ...auth, 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(run.id)) },
          Buffer.from(run.id),
        );
        if (reverted.status !== 200) throw new Error(`revert: ${reverted.status} ${reverted.body.toString()}`);
      }
      id = run.id;
    }
    const uploadPeak = sampler.max;
    const hwmUpload = hwmReset ? procRss(pid, 'VmHWM') : null;
    const bareHwm = bareHwmReset ? procRss(barePid, 'VmHWM') : null;
    await bare.stop();
    bare = null;

    const storeCpuBefore = procCpu(pid);
    const storeStarted = performance.now();
    const stored = await call(port, 'POST', `/api/document-manager/v3/filepond/${id}/store`, auth);
    if (stored.status !== 200) throw new Error(`store: ${stored.status} ${stored.body.toString()}`);
    const storeSeconds = (performance.now() - storeStarted) / 1000;
    const storeCpu = cpuSince(pid, storeCpuBefore);
    sampler.stop();
    const hwm = hwmReset ? procRss(pid, 'VmHWM') : null;
    const uploadId = (JSON.parse(stored.body.toString()) as { upload_id: string }).upload_id;

    const downloadStarted = performance.now();
    const got = await downloadHash(port, `/api/document-manager/v3/upload/${uploadId}/download`, token);
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;

    await server.stop();
    server = null;
    const bareAfter = await bareWrite(join(dir, 'bare-after.bin'), block, first);
    const bareSeconds = Math.min(bareBefore, bareAfter);
    const cpuMedian = (runs: { cpu: number | null }[]) => (runs.every((run) => run.cpu !== null) ? median(runs.map((run) => run.cpu!)) : null);
    const bareHttpSeconds = median(bareRuns.map((run) => run.seconds));
    const uploadSeconds = median(uploadRuns.map((run) => run.seconds));
    return {
      engine,
      bareSeconds,
      bareHttpSeconds,
      bareHttpCpu: cpuMedian(bareRuns),
      uploadCpu: cpuMedian(uploadRuns),
      storeCpu,
      uploadSeconds,
      storeSeconds,
      downloadSeconds,
      ratio: bareSeconds / uploadSeconds,
      roundRatios: uploadRuns.map((run, round) => bareRuns[round]!.seconds / run.seconds),
      idleMb: idle / MIB,
      peakMb: sampler.samples.length > 0 ? (sampler.max - idle) / MIB : null,
      hwmMb: hwm !== null ? (hwm - idle) / MIB : null,
      uploadPeakMb: sampler.samples.length > 0 ? (uploadPeak - idle) / MIB : null,
      uploadHwmMb: hwmUpload !== null ? (hwmUpload - idle) / MIB : null,
      marksMb: marks,
      bareHttpHwmMb: bareHwm !== null ? (bareHwm - bareIdle) / MIB : null,
      identical: got.status === 200 && got.bytes === TOTAL && got.sha256 === expected,
    };
  } finally {
    await bare?.stop();
    await server?.stop();
    await database?.drop();
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

/** FilePond's chunked start: a multipart body holding only the metadata part. */
function metadataForm(): { body: Buffer; contentType: string } {
  const boundary = `----faenabench${randomBytes(6).toString('hex')}`;
  return {
    body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filepond"\r\n\r\n{}\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const roundRatiosText = (results: EngineResult[]) => results.map((r) => `${r.engine} ${r.roundRatios.map((ratio) => pct(ratio)).join(', ')}`).join('; ');
const fmt = (mb: number | null) => (mb === null ? '—' : mb.toFixed(1));

const bench: Benchmark = {
  title: `chunked upload of ${TOTAL / MB} MB in ${CHUNK}-byte chunks over loopback vs a bare node:http receiver writing them to disk; server RSS during the upload`,
  async run(ctx) {
    const block = randomBytes(CHUNK);
    const first = Buffer.from(block);
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(first); // a PNG signature: an accepted format
    const hash = createHash('sha256');
    for (let i = 0; i < CHUNKS; i++) hash.update(chunkAt(i, block, first));
    const expected = hash.digest('hex');

    const engines = ENGINES.filter((engine) => engine === 'pglite' || postgresBaseUrl());
    if (ENGINES.includes('postgres') && !postgresBaseUrl()) ctx.log(POSTGRES_SKIPPED);
    const results: EngineResult[] = [];
    for (const engine of engines) results.push(await runEngine(ctx, engine, block, first, expected));

    const rate = (seconds: number) => TOTAL / MB / seconds;
    const rows: Cell[][] = results.flatMap((r) => [
      [r.engine, 'bare Node write stream (same chunks, one file)', r.bareSeconds, rate(r.bareSeconds), '100%', '—', '—'],
      [r.engine, `bare node:http receiver (own process), same ${CHUNKS} PATCHes`, r.bareHttpSeconds, rate(r.bareHttpSeconds), pct(r.bareSeconds / r.bareHttpSeconds), '100%', r.bareHttpCpu],
      [r.engine, `upload: process + ${CHUNKS} × PATCH`, r.uploadSeconds, rate(r.uploadSeconds), pct(r.ratio), pct(r.bareHttpSeconds / r.uploadSeconds), r.uploadCpu],
      [r.engine, 'store (chunks joined, hashed, one file)', r.storeSeconds, rate(r.storeSeconds), pct(r.bareSeconds / r.storeSeconds), '—', r.storeCpu],
      [r.engine, `download (${r.identical ? 'byte-identical' : 'MISMATCH'})`, r.downloadSeconds, rate(r.downloadSeconds), '—', '—', '—'],
    ]);
    ctx.table({
      title: `Upload of ${TOTAL / MB} MB`,
      columns: ['engine', 'step', 'seconds', 'MB/s', 'vs bare write', 'vs bare http', 'server cpu s'],
      rows,
      notes: [
        `seconds of the bare receiver and of the upload: the median of ${ROUNDS} alternating rounds (bare then server, server then bare, …) against both processes running side by side; upload vs bare http round by round: ${roundRatiosText(results)}.`,
        'vs bare write: bare seconds / step seconds (the faster of two bare runs, before and after the server ran).',
        `server cpu s: user + system CPU of the server process through the step (from /proc); 1-minute load average at the end: ${loadavg()[0]!.toFixed(2)} (${cpus().length} cores).`,
        'vs bare http: bare node:http receiver seconds / step seconds — the floor any HTTP upload of these 400 requests has here, whatever the server does.',
        'The target is read as "vs bare http": the bytes of an upload come over HTTP, and the bare receiver is a bare Node stream (the request, piped to a file write stream) writing the same bytes to disk after the same 400 requests. "vs bare write" is information only: a write stream fed from memory is a copy into the page cache that no HTTP upload can approach (the bare receiver itself reaches a few % of it).',
        "Each PATCH: auth (cached), no database statement (the transfer's row as this process read it at most 1 s ago; once a second one statement checks it again, pushes its expiry back and records the offset), one piece file named by its offset and created exclusively (open, one writev, close, link, unlink; no fsync); the stored file is fsync'ed.",
      ],
    });
    ctx.table({
      title: 'Server memory (RSS)',
      columns: [
        'engine',
        'idle MB',
        'above idle at 25 / 50 / 75 / 100% of the chunks',
        'upload: peak above idle (sampled / VmHWM)',
        'upload + store (sampled / VmHWM)',
        'bare node:http receiver (VmHWM)',
      ],
      rows: results.map((r) => [
        r.engine,
        r.idleMb,
        r.marksMb.map((m) => m.toFixed(0)).join(' / '),
        `${fmt(r.uploadPeakMb)} / ${fmt(r.uploadHwmMb)}`,
        `${fmt(r.peakMb)} / ${fmt(r.hwmMb)}`,
        fmt(r.bareHttpHwmMb),
      ]),
      notes: [
        'From /proc/<server pid>: idle after a warm-up upload; peaks through the upload and the store (VmHWM reset before the upload).',
        'Flat means bounded by garbage collection, not by the file: the figure does not climb with the chunks sent.',
        "The bare receiver (own process) shows what Node's HTTP buffers alone cost for the same 400 requests before a GC frees them.",
      ],
    });
    for (const r of results) {
      ctx.target(
        target(
          `upload throughput (${r.engine})`,
          r.bareHttpSeconds / r.uploadSeconds,
          RATIO_TARGET,
          (m) => `${pct(m)} of the bare node:http receiver writing the same bytes to disk (target ≥ ${pct(RATIO_TARGET)}); ${pct(r.ratio)} of a bare write stream fed from memory (information)`,
        ),
      );
      const peak = r.uploadHwmMb ?? r.uploadPeakMb;
      ctx.target(
        target(
          `server peak RSS above idle during the upload (${r.engine})`,
          peak,
          RSS_TARGET_MB,
          (m) => `${m.toFixed(1)} MB (target < ${RSS_TARGET_MB} MB); with the store after it ${fmt(r.hwmMb ?? r.peakMb)} MB`,
          false,
        ),
      );
      if (!r.identical) ctx.target({ name: `download byte-identical (${r.engine})`, verdict: 'MISS', detail: 'the downloaded bytes differ from the uploaded ones' });
    }
    ctx.data.results = results;
    agent.destroy();
  },
};

export default bench;
