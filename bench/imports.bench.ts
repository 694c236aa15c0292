/**
 * Imports ([P6 Directory]): a 100,000-row people CSV through the real import engine (upload,
 * validate, confirm, apply — rows/second from the job's creation to APPLY_OK), next to PostgreSQL
 * COPY of the same rows into a bare table in the same run; the server process's peak RSS while it
 * imports; then the people list searched over those 100,000 persons (p50/p95 over a mix of name,
 * e-mail, RUT and phone searches). PGlite; PostgreSQL too when configured. Loopback only.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresBaseUrl, POSTGRES_SKIPPED, selectedEngines, throwAwayDatabase } from './lib/postgres.ts';
import { pct, target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';
import { percentile } from './lib/stats.ts';
import type { ImportsServerSpec } from './lib/imports-server.ts';
import { formatRut } from '@faena/domain';
import { forkServer } from './lib/child.ts';
import { httpJson } from './lib/http.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';

const ENTRY = fileURLToPath(new URL('./lib/imports-server.ts', import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 400);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5000);
const HOST = 'bench.app.localhost';
const PERSONS = '/api/audiences/v3/persons/';
const PERSON_OPTIONS = '/api/audiences/v3/person-options/';
const IMPORTS = `${PERSONS}imports/`;
const MB = 1024 * 1024;
const ENGINES = selectedEngines();

const FIRST = [
  'Sofía',
  'Benjamín',
  'Isidora',
  'Vicente',
  'Florencia',
  'Agustín',
  'Antonia',
  'Joaquín',
  'Emilia',
  'Tomás',
  'Martina',
  'Lucas',
  'Catalina',
  'Diego',
  'Josefa',
  'Maximiliano',
  'Fernanda',
  'Cristóbal',
  'Javiera',
  'Felipe',
  'Ximena',
  'Alonso',
  'Renata',
  'Gaspar',
];
const LAST = ['Pérez', 'Silva', 'Contreras', 'Díaz', 'Morales', 'Araya', 'Fuentes', 'Castillo', 'Espinoza', 'Tapia', 'Reyes', 'Gutiérrez', 'Vargas', 'Hernández', 'López', 'Ramírez'];
/** The organisation chart the people are spread over: every role at every site (400 positions). */
const ROLES = [
  'Cajero',
  'Reponedor',
  'Jefe de Bodega',
  'Guardia',
  'Vendedor',
  'Supervisor de Turno',
  'Operario de Grúa',
  'Peoneta',
  'Conductor',
  'Administrativo',
  'Analista de Remuneraciones',
  'Técnico de Mantención',
  'Encargado de Aseo',
  'Jefe de Local',
  'Auxiliar de Bodega',
  'Prevencionista de Riesgos',
  'Recepcionista',
  'Cocinero',
  'Garzón',
  'Bodeguero',
];
const SITES = 20;
const positionOf = (i: number) => ({ role: ROLES[i % ROLES.length]!, site: 1 + (Math.floor(i / ROLES.length) % SITES) });
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface Person {
  name: string;
  email: string;
  rut: string;
  phone: string;
  origin: string;
}
const person = (i: number): Person => {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const second = LAST[(i * 13 + 3) % LAST.length]!;
  return {
    name: `${first} ${last} ${second}`,
    email: `${plain(first)}.${plain(last)}.${i}@empresa.cl`,
    rut: formatRut(20_000_000 + i),
    phone: `+569${String(10_000_000 + i * 37).slice(-8)}`,
    origin: i % 3 === 0 ? 'contratista' : 'propia',
  };
};

/** The file; `renamed`: the same people, each with a second given name (a re-upload where every row is an UPDATE). */
function peopleCsv(rows: number, renamed = false): Buffer {
  const lines = ['nombre,correo,rut,teléfonos,origen'];
  for (let i = 0; i < rows; i++) {
    const p = person(i);
    const name = renamed ? p.name.replace(' ', ` ${FIRST[(i + 5) % FIRST.length]!} `) : p.name;
    lines.push(`${name},${p.email},${p.rut},${p.phone},${p.origin}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/**
 * The searches people type: common first and last names, a name and a surname, an exact e-mail,
 * RUTs as typed, a phone, two letters, a word of a position's title, a name with one, nothing.
 */
function searchTerms(rows: number): string[] {
  const some = (n: number) => Math.floor((n * 7919) % rows);
  const terms: string[] = [];
  for (let n = 0; terms.length < 60; n++) {
    const i = some(n);
    const p = person(i);
    const [first, last] = p.name.split(' ');
    const role = positionOf(i).role.split(' ');
    terms.push(
      first!,
      plain(last!),
      `${first} ${last!.slice(0, 4)}`,
      p.email,
      p.rut,
      p.rut.replace('-', ''),
      `${p.rut.slice(0, 2)}.${p.rut.slice(2, 5)}.${p.rut.slice(5)}`,
      p.phone.slice(-6),
      plain(first!).slice(0, 2),
      role.at(-1)!,
      `${first} ${role[0]}`,
      `zz${n}q`,
    );
  }
  return terms;
}

/**
 * Spreads the people over the chart: each person (found by the number in their e-mail) holds the
 * position `positionOf` gives, ~250 holders a position. Through the API, as an administrator would.
 */
async function staffPositions(server: Server): Promise<void> {
  const holders = new Map<string, string[]>();
  for (let page = 1; ; page++) {
    const listed = await json<{ next: string | null; results: { id: string; primary_email: string }[] }>(server, 'GET', `${PERSONS}?page=${page}&page_size=200`);
    for (const row of listed.results) {
      const number = /\.(\d+)@empresa\.cl$/.exec(row.primary_email)?.[1];
      if (number === undefined) continue; // the administrator
      const { role, site } = positionOf(Number(number));
      const title = `${role} Tienda ${site}`;
      const held = holders.get(title) ?? [];
      if (held.length === 0) holders.set(title, held);
      held.push(row.id);
    }
    if (!listed.next) break;
  }
  for (const [title, people] of holders) await json(server, 'POST', `/api/audiences/v3/positions/`, { json: { title, people } }, 201);
}

interface Server {
  port: number;
  token: string;
  memory(reset?: boolean): Promise<{ rss: number; peak: number; hwm: number }>;
  stop(): Promise<void>;
}

async function startServer(spec: ImportsServerSpec): Promise<Server> {
  const server = forkServer(ENTRY, spec, `imports-${spec.engine}`);
  const ready = await server.ask<{ port: number; token: string }>(null, 'ready');
  return {
    port: ready.port,
    token: ready.token,
    memory: (reset = false) => server.ask<{ rss: number; peak: number; hwm: number }>({ type: reset ? 'memory-reset' : 'memory' }, 'memory'),
    stop: server.stop,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function call(server: Server, method: string, path: string, body?: { json?: unknown; raw?: Buffer; contentType?: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body?.json !== undefined ? Buffer.from(JSON.stringify(body.json)) : body?.raw;
    const headers: Record<string, string> = { host: `${HOST}:${server.port}`, authorization: `Bearer ${server.token}` };
    if (payload) {
      headers['content-type'] = body?.json !== undefined ? 'application/json' : body!.contentType!;
      headers['content-length'] = String(payload.length);
    }
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(300_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function json<T>(server: Server, method: string, path: string, body?: { json?: unknown; raw?: Buffer; contentType?: string }, status = 200): Promise<T> {
  const response = await call(server, method, path, body);
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${response.text.slice(0, 500)}`);
  return JSON.parse(response.text) as T;
}

async function upload(server: Server, file: Buffer, name: string): Promise<string> {
  const boundary = `----faena${randomBytes(8).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="filepond"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="filepond"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const temporary = await call(server, 'POST', '/api/document-manager/v3/upload/process/', { raw, contentType: `multipart/form-data; boundary=${boundary}` });
  if (temporary.status !== 200) throw new Error(`upload: ${temporary.status} ${temporary.text}`);
  return (await json<{ upload_id: string }>(server, 'POST', `/api/document-manager/v3/filepond/${temporary.text}/store`, { json: { temporary_upload: temporary.text } })).upload_id;
}

interface Job {
  id: number;
  status: string;
  counts: Record<string, number>;
  progress: { phase: string; percent: number; rows: number };
}

async function until(server: Server, id: number, statuses: string[]): Promise<Job> {
  for (;;) {
    const job = await json<Job>(server, 'GET', `${IMPORTS}${id}/`);
    if (statuses.includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mb = (value: number | null | undefined) => (value === null || value === undefined ? 'not measured' : `${Math.round(value)} MB`);

interface EngineResult {
  engine: string;
  validateS: number;
  applyS: number;
  rowsPerS: number;
  baselineMb: number;
  peakMb: number;
  /** The process's own high-water mark, boot included (VmHWM). */
  processPeakMb: number;
  searchP50: number;
  searchP95: number;
  listP95: number;
  newestP95: number;
  /** The people pickers of forms (person-options): name searches and the first page without one. */
  pickerP95: number;
  /** The same people uploaded again, every name changed: rows/s to APPLY_OK. */
  reuploadRowsPerS: number;
  /** GET /api/health while the first load ran: p99 and the longest wait, ms; the longest during the re-upload. */
  healthP99: number;
  healthMax: number;
  reuploadHealthMax: number;
  /** A page of the people list while the first load ran: p99 and the longest wait, ms; the longest during the re-upload. */
  listDuringP99: number;
  listDuringMax: number;
  reuploadListDuringMax: number;
}

/**
 * GET `path` every `everyMs` on a connection of its own until stopped: its latencies. GET
 * /api/health (no database) is answered by the server's event loop, so its longest wait is the
 * longest stretch for which the server could answer nothing while it imported (PGlite runs on that
 * loop); a page of the people list also needs the database, so its longest wait is how long the
 * rest of the tenant waited behind the import.
 */
function probe(server: Server, path: string, everyMs: number, signedIn: boolean): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let stopped = false;
  let failed: Error | null = null; // kept for stop(): a rejection nobody awaits yet would end the process
  const headers = { host: `${HOST}:${server.port}`, ...(signedIn ? { authorization: `Bearer ${server.token}` } : {}) };
  const running = (async () => {
    while (!stopped && !failed) {
      const t = performance.now();
      // a wait past the client's timeout (30 s) is recorded as that long
      const response = await httpJson(server.port, 'GET', path, headers).catch(() => undefined);
      if (response && response.status !== 200) failed = new Error(`GET ${path} during the import: ${response.status}`);
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
      if (failed) throw failed;
      return latencies;
    },
  };
}

/** Upload, validate, apply; answers rows/s from the job's creation to APPLY_OK, and the probes' latencies meanwhile. */
async function importFile(
  server: Server,
  file: Buffer,
  name: string,
  expect: { operation: string; rows: number },
): Promise<{ validatedS: number; appliedS: number; rowsPerS: number; health: number[]; list: number[] }> {
  const uploadId = await upload(server, file, name);
  const health = probe(server, '/api/health', 25, false);
  const list = probe(server, `${PERSONS}?page_size=20`, 100, true);
  const started = performance.now();
  const created = await json<Job>(server, 'POST', IMPORTS, { json: { upload_id: uploadId } }, 201);
  const validated = await until(server, created.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
  if (validated.status !== 'VALIDATION_OK') throw new Error(`validation failed: ${JSON.stringify(validated)}`);
  const validatedAt = performance.now();
  await json<Job>(server, 'POST', `${IMPORTS}${created.id}/apply`, undefined, 202);
  const applied = await until(server, created.id, ['APPLY_OK', 'APPLY_FAILED']);
  if (applied.status !== 'APPLY_OK' || applied.counts[expect.operation] !== expect.rows) throw new Error(`apply failed: ${JSON.stringify(applied)}`);
  const finished = performance.now();
  return {
    validatedS: (validatedAt - started) / 1000,
    appliedS: (finished - validatedAt) / 1000,
    rowsPerS: expect.rows / ((finished - started) / 1000),
    health: await health.stop(),
    list: await list.stop(),
  };
}

async function measure(ctx: BenchContext, spec: ImportsServerSpec, file: Buffer): Promise<EngineResult> {
  ctx.log(`${spec.engine}: starting the server`);
  const server = await startServer(spec);
  try {
    // A start's one-off memory (on PGlite, V8 compiling the engine's SQL parser: ~600 MB for about
    // a second) is given back within seconds; the import's peak is sampled from the server at
    // rest. The process peak (VmHWM) still counts the start.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const before = await server.memory(true);
    ctx.log(`${spec.engine}: importing ${ROWS} rows`);
    const first = await importFile(server, file, 'personas.csv', { operation: 'ADD', rows: ROWS });
    const memory = await server.memory();
    ctx.log(`${spec.engine}: validate ${first.validatedS.toFixed(1)} s, apply ${first.appliedS.toFixed(1)} s; searching`);

    // right after APPLY_OK the engine refreshes the written tables' statistics (VACUUM ANALYZE):
    // the searches measure the steady state, after it
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    ctx.log(`${spec.engine}: spreading the people over ${ROLES.length * SITES} positions`);
    await staffPositions(server);
    const terms = searchTerms(ROWS);
    for (const term of terms.slice(0, 10)) await call(server, 'GET', `${PERSONS}?search=${encodeURIComponent(term)}`); // warm-up
    const latencies: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const term = terms[i % terms.length]!;
      const t = performance.now();
      const response = await call(server, 'GET', `${PERSONS}?search=${encodeURIComponent(term)}&status=${i % 2 === 0 ? 'active' : 'all'}&page_size=20`);
      latencies.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`search ${term}: ${response.status}`);
    }
    const listLatencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await call(server, 'GET', `${PERSONS}?page=${1 + (i % 50)}&page_size=20`);
      listLatencies.push(performance.now() - t);
    }
    // the same pages, newest first (persons_created)
    const newestLatencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await call(server, 'GET', `${PERSONS}?ordering=-created_at&page=${1 + (i % 50)}&page_size=20`);
      newestLatencies.push(performance.now() - t);
    }
    // the people pickers of forms: what a name or title search types (the options find by those only), and the opened list
    const pickerTerms = terms.filter((term) => !/[\d@]/.test(term));
    const pickerLatencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const term = i % 10 === 0 ? '' : pickerTerms[i % pickerTerms.length]!;
      const t = performance.now();
      const response = await call(server, 'GET', `${PERSON_OPTIONS}?search=${encodeURIComponent(term)}`);
      pickerLatencies.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`picker ${term}: ${response.status}`);
    }
    // the monthly re-upload: every one of the same people, renamed (the diff finds each, apply rewrites person and search words)
    ctx.log(`${spec.engine}: uploading the same ${ROWS} people again, renamed`);
    const again = await importFile(server, peopleCsv(ROWS, true), 'personas-2.csv', { operation: 'UPDATE', rows: ROWS });
    ctx.log(`${spec.engine}: re-upload validate ${again.validatedS.toFixed(1)} s, apply ${again.appliedS.toFixed(1)} s`);
    return {
      engine: spec.engine,
      validateS: first.validatedS,
      applyS: first.appliedS,
      rowsPerS: first.rowsPerS,
      reuploadRowsPerS: again.rowsPerS,
      baselineMb: before.rss / MB,
      peakMb: memory.peak / MB,
      processPeakMb: memory.hwm / MB,
      searchP50: percentile(latencies, 50),
      searchP95: percentile(latencies, 95),
      listP95: percentile(listLatencies, 95),
      newestP95: percentile(newestLatencies, 95),
      pickerP95: percentile(pickerLatencies, 95),
      healthP99: percentile(first.health, 99),
      healthMax: Math.max(...first.health),
      reuploadHealthMax: Math.max(...again.health),
      listDuringP99: percentile(first.list, 99),
      listDuringMax: Math.max(...first.list),
      reuploadListDuringMax: Math.max(...again.list),
    };
  } finally {
    await server.stop();
  }
}

/** RSS of a process holding nothing but PGlite open in `dataDir` (created if new), in MB (null if it could not run). */
function pgliteAloneMb(dataDir: string): number | null {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, fileURLToPath(new URL('./lib/pglite-alone.ts', import.meta.url)), dataDir], { encoding: 'utf8' });
  const bytes = Number(run.stdout.trim());
  return run.status === 0 && Number.isFinite(bytes) ? bytes / MB : null;
}

/** COPY of the same rows into a bare table (no index, no constraint): server-side from a file, else psql's \copy. Median of 3. */
async function copyBaseline(ctx: BenchContext, url: string, file: Buffer, dir: string): Promise<{ rowsPerS: number; how: string } | null> {
  const path = join(dir, 'personas.csv');
  writeFileSync(path, file);
  chmodSync(dir, 0o755);
  chmodSync(path, 0o644);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE bare_people (nombre text, correo text, rut text, telefonos text, origen text)');
    const times: number[] = [];
    let how = 'COPY FROM file (server side)';
    for (let round = 0; round < 3; round++) {
      await client.query('TRUNCATE bare_people');
      const t = performance.now();
      try {
        await client.query(`COPY bare_people FROM '${path}' WITH (FORMAT csv, HEADER true)`);
      } catch (error) {
        ctx.log(`server-side COPY refused (${(error as Error).message}); trying psql \\copy`);
        how = 'psql \\copy FROM STDIN';
        const psql = spawnSync('psql', [url, '-c', `\\copy bare_people FROM '${path}' WITH (FORMAT csv, HEADER true)`], { encoding: 'utf8' });
        if (psql.status !== 0) return null;
      }
      times.push(performance.now() - t);
    }
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM bare_people');
    if (rows[0]?.n !== ROWS) throw new Error(`COPY loaded ${rows[0]?.n} rows`);
    return { rowsPerS: ROWS / (percentile(times, 50) / 1000), how };
  } finally {
    await client.end();
  }
}

/**
 * Information next to the target: the rows the import wrote (persons, their documents and search
 * words), exported and loaded again by COPY into tables made LIKE the real ones (same columns,
 * defaults and indexes; no RLS, no constraints between them). What storing the import's result
 * costs this database by itself, before any parsing, checking, comparing or transaction; each
 * table's rows in the order the import writes them. Two floors below it: the persons alone, with
 * their indexes, and with their primary key only (the least any store of a person keeps).
 */
interface RealCopy {
  /** rows and seconds of each table of the result (persons, documents, search words) */
  rows: Record<string, number>;
  seconds: Record<string, number>;
  /** the persons alone into a table with their columns and primary key only */
  personsPkSeconds: number;
}

async function copyIntoRealTables(ctx: BenchContext, url: string, dir: string): Promise<RealCopy | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // each exported in the order the import writes it (and its main index wants): the fastest COPY
    const tables: [string, string][] = [
      ['persons', 'tenant_id, id'],
      ['person_documents', 'tenant_id, person_id'],
      ['person_search_terms', 'tenant_id, term COLLATE "C", sort_name COLLATE "C"'],
    ];
    const rows: Record<string, number> = {};
    const timed = async (sql: string) => {
      const t = performance.now();
      await client.query(sql);
      return (performance.now() - t) / 1000;
    };
    const seconds: Record<string, number> = {};
    chmodSync(dir, 0o777);
    for (const [table, order] of tables) {
      const path = join(dir, `${table}.copy`);
      await client.query(`CREATE TABLE copy_${table} (LIKE ${table} INCLUDING DEFAULTS INCLUDING INDEXES)`);
      const exported = await client.query(`COPY (SELECT * FROM ${table} ORDER BY ${order}) TO '${path}'`);
      rows[table] = exported.rowCount ?? 0;
      seconds[table] = await timed(`COPY copy_${table} FROM '${path}'`);
    }
    await client.query('CREATE TABLE copy_persons_pk (LIKE persons INCLUDING DEFAULTS, PRIMARY KEY (tenant_id, id))');
    const personsPkSeconds = await timed(`COPY copy_persons_pk FROM '${join(dir, 'persons.copy')}'`);
    return { rows, seconds, personsPkSeconds };
  } catch (error) {
    ctx.log(`COPY into tables like the real ones not measured: ${(error as Error).message}`);
    return null;
  } finally {
    await client.end();
  }
}

const bench: Benchmark = {
  title: `${ROWS.toLocaleString('en')} people rows imported (validate + apply) vs COPY; peak memory; people search over them`,
  async run(ctx) {
    ctx.log(`generating ${ROWS} people rows`);
    const file = peopleCsv(ROWS);
    const results: EngineResult[] = [];
    let pgliteAlone: { created: number | null; existing: number | null } | null = null;
    if (ENGINES.includes('pglite')) {
      const pgliteDir = mkdtempSync(join(tmpdir(), 'faena-imports-bench-'));
      try {
        // the cluster is created first (and opened once more) by a process of its own: the server
        // measured is one that restarts on its DATA_DIR, as it runs day to day
        const dataDir = join(pgliteDir, 'data');
        pgliteAlone = { created: pgliteAloneMb(dataDir), existing: pgliteAloneMb(dataDir) };
        results.push(await measure(ctx, { engine: 'pglite', dataDir }, file));
      } finally {
        rmSync(pgliteDir, { recursive: true, force: true });
      }
    }
    const base = postgresBaseUrl();
    let copy: { rowsPerS: number; how: string } | null = null;
    let realCopy: RealCopy | null = null;
    if (!ENGINES.includes('postgres')) ctx.log('PostgreSQL not selected (BENCH_ENGINES)');
    else if (!base) ctx.log(POSTGRES_SKIPPED);
    else {
      const database = await throwAwayDatabase(base, 'faena_bench_imports');
      const dir = mkdtempSync(join(tmpdir(), 'faena-imports-bench-'));
      try {
        results.push(await measure(ctx, { engine: 'postgres', url: database.url, dataDir: join(dir, 'data') }, file));
        copy = await copyBaseline(ctx, database.url, file, dir);
        realCopy = await copyIntoRealTables(ctx, database.url, dir);
      } finally {
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }

    const pgRate = results.find((r) => r.engine === 'postgres')?.rowsPerS ?? null;
    const columns = [
      'engine',
      'validate s',
      'apply s',
      'rows/s',
      'of COPY',
      'RSS before MB',
      'peak RSS MB',
      'import adds MB',
      'process peak MB',
      'search p50 ms',
      'search p95 ms',
      'list p95 ms',
      'newest-first p95 ms',
      'picker p95 ms',
      're-upload rows/s',
      're-upload of first load',
      'health p99 ms',
      'health max ms',
      're-upload health max ms',
      'list during p99 ms',
      'list during max ms',
      're-upload list during max ms',
    ];
    /** A reference row: its first cells, the rest blank. */
    const reference = (...cells: Cell[]): Cell[] => [...cells, ...Array<Cell>(columns.length - cells.length).fill(null)];
    const rows: Cell[][] = results.map((r) => [
      r.engine,
      r.validateS,
      r.applyS,
      Math.round(r.rowsPerS),
      copy ? pct(r.rowsPerS / copy.rowsPerS) : null,
      Math.round(r.baselineMb),
      Math.round(r.peakMb),
      Math.round(r.peakMb - r.baselineMb),
      r.processPeakMb ? Math.round(r.processPeakMb) : null,
      r.searchP50,
      r.searchP95,
      r.listP95,
      r.newestP95,
      r.pickerP95,
      Math.round(r.reuploadRowsPerS),
      pct(r.reuploadRowsPerS / r.rowsPerS),
      Math.round(r.healthP99),
      Math.round(r.healthMax),
      Math.round(r.reuploadHealthMax),
      Math.round(r.listDuringP99),
      Math.round(r.listDuringMax),
      Math.round(r.reuploadListDuringMax),
    ]);
    if (copy) rows.push(reference(`COPY (${copy.how})`, null, null, Math.round(copy.rowsPerS), '100.0%'));
    const resultSeconds = realCopy ? Object.values(realCopy.seconds).reduce((sum, s) => sum + s, 0) : null;
    const realCopyRate = resultSeconds ? ROWS / resultSeconds : null;
    if (realCopy && resultSeconds && copy) {
      const floor = (name: string, seconds: number) => reference(name, null, seconds, Math.round(ROWS / seconds), pct(ROWS / seconds / copy.rowsPerS));
      rows.push(floor('COPY of the persons alone, primary key only', realCopy.personsPkSeconds));
      if (realCopy.seconds.persons) rows.push(floor('COPY of the persons alone, with their indexes', realCopy.seconds.persons));
      rows.push(floor('COPY of the result into tables like the real ones', resultSeconds));
    }
    ctx.table({
      title: `Import of ${ROWS.toLocaleString('en')} people rows (CSV, ${(file.length / MB).toFixed(1)} MB) and search over them`,
      columns,
      rows,
      notes: [
        'rows/s: from the job’s creation to APPLY_OK (upload excluded; the confirmation is immediate).',
        'COPY: the same rows into a bare table with no index or constraint, in the same run and database server.',
        `COPY of the result: what the PostgreSQL import wrote (${
          realCopy
            ? Object.entries(realCopy.rows)
                .map(([table, n]) => `${n.toLocaleString('en')} ${table}`)
                .join(', ')
            : 'not measured'
        }) exported and loaded by COPY into tables made LIKE them (same columns, defaults and indexes): the cost of storing the result alone, before parsing, checking or comparing anything (information; the import on PostgreSQL reaches ${realCopyRate && pgRate ? pct(pgRate / realCopyRate) : '—'} of it).`,
        'COPY of the persons alone: the persons the import wrote, into a table like persons with its indexes, and into one with its columns and primary key only: floors under any import that keeps a person with a key and finds one by e-mail, document or name.',
        `memory: the server process's RSS; with PGlite the database engine lives in it. The PGlite server starts on a cluster created beforehand (a restart); RSS before is taken ${SETTLE_MS / 1000} s after the server answers, once its start has given back what it took (process peak counts the start); a process that only opens PGlite and runs SELECT 1: ${mb(pgliteAlone?.existing)} on that existing cluster, ${mb(pgliteAlone?.created)} when it creates the cluster (a first start, which keeps initdb's memory).`,
        "process peak: the most the server process was ever resident (VmHWM), its start included. On PGlite, V8's optimising compiler takes ~600 MB for about a second, once per process, to compile PGlite's SQL parser (the WASM function `raw_parser`) when it gets hot; it is given back afterwards (decision 008).",
        're-upload: the same people uploaded again with every name changed (each row an UPDATE: person, search words), after the searches; the ratio is to the first load of the same run. Peak RSS covers the first load only.',
        'health: GET /api/health (no database) every 25 ms on a connection of its own during the first load (and the re-upload: its longest wait); the longest wait is the longest stretch in which the server answered nothing (PGlite runs on the server’s event loop; PostgreSQL is the baseline).',
        'list during: a page of the people list (database, signed in) every 100 ms on a connection of its own during the first load (and the re-upload): how long the rest of the tenant waited behind the import (PGlite is one connection, which the apply’s transaction holds; PostgreSQL is the baseline).',
        `search: ${SEARCHES} sequential GET /persons/?search= (every other one of the active people, the list's default; the rest of all) over a mix of first names, surnames, name + surname, e-mails, RUTs (three writings), phones, two letters, a word of a position's title, a first name + a title's word, and misses (every person holds one of ${ROLES.length * SITES} positions, ~${Math.round(ROWS / (ROLES.length * SITES))} holders each: role × "Tienda n"); list: pages 1–50 without search; picker: 200 GET /person-options/?search= (the forms' people pickers, any member) over the name and title searches of that mix and, one in ten, none (the opened list).`,
      ],
    });
    ctx.data.results = results;
    ctx.data.copy = copy;
    ctx.data.realCopy = realCopy;
    const pgResult = results.find((r) => r.engine === 'postgres');
    ctx.target(target('import rows/s ≥ 25% of COPY (PostgreSQL)', pgResult && copy ? pgResult.rowsPerS / copy.rowsPerS : null, 0.25, (m) => `${pct(m)} of COPY (target ≥ 25%)`));
    for (const r of results) {
      ctx.target(target(`import peak RSS < 300 MB (${r.engine})`, r.peakMb, 300, (m) => `${m.toFixed(0)} MB (target < 300 MB)`, false));
      ctx.target(target(`people search p95 < 50 ms over ${ROWS.toLocaleString('en')} persons (${r.engine})`, r.searchP95, 50, (m) => `${m.toFixed(1)} ms (target < 50 ms)`, false));
    }
  },
};

export default bench;
