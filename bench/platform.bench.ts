/**
 * [P1 Platform] throughput: password sign-in, an authenticated GET /me and GET /persons/ over a
 * tenant of 10,000 persons, on the real platform, next to bare Fastify routes doing the same
 * database / crypto work without the platform layers — all measured in the same run, on PGlite
 * and (when a server is configured) PostgreSQL.
 *
 * Every server runs in its own child process (bench/server-under-test.ts); autocannon runs here.
 * Settings: BENCH_CONNECTIONS (20), BENCH_DURATION seconds measured (6), BENCH_WARMUP seconds (2),
 * BENCH_ROUNDS alternating platform/bare slices the measured seconds are split into (2),
 * BENCH_POOL_SIZE (10, both pg pools), BENCH_CPU_PROF=1 (V8 profiles of the servers),
 * BENCH_SCENARIOS=sign-in,me,list and BENCH_ENGINES=pglite,postgres to run a subset.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerUnderTest, type ServerUnderTest } from './lib/child.ts';
import { httpJson } from './lib/http.ts';
import { loadSlice, merge, type LoadResult, type LoadSpec, type Slice } from './lib/load.ts';
import { BackendCpu, postgresBaseUrl, POSTGRES_SKIPPED, selectedEngines, throwAwayDatabase, withApplicationName } from './lib/postgres.ts';
import { pct, target, type BenchContext, type Benchmark, type Cell } from './lib/report.ts';
import { BENCH_ADMIN, BENCH_DOMAIN, BENCH_PASSWORD, BENCH_SUBDOMAIN, PERSONS, SIGN_IN_USERS, signInEmail } from './lib/seed.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const only = (name: string) =>
  process.env[name]
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? null;
const ONLY_SCENARIOS = only('BENCH_SCENARIOS');
const ENGINES = selectedEngines();

const LIST_QUERY = '?page=1&page_size=20';
const POSTGRES_LIST_TARGET = 0.7;
const PGLITE_VS_POSTGRES_TARGET = 0.25;

type Engine = 'pglite' | 'postgres';
type ScenarioName = 'sign-in' | 'me' | 'list';

interface Measured {
  load: LoadResult;
  /** Server process CPU per successful request, ms (Node only: PostgreSQL's own CPU is not in it). */
  cpuMsPerRequest: number;
  /** Server process CPU over the window, as a share of one core. */
  cpuShare: number;
  /** PostgreSQL backends' CPU per successful request, ms (local server only; null on PGlite). */
  dbCpuMsPerRequest: number | null;
}

interface ScenarioResult {
  name: ScenarioName;
  label: string;
  platform: Measured;
  /** The second baseline, where the scenario has one. */
  extra?: Measured;
  bare: Measured;
}

interface Scenario {
  name: ScenarioName;
  label: string;
  bareLabel: string;
  platform: (server: ServerUnderTest, token: string) => LoadShape;
  bare: (server: ServerUnderTest) => LoadShape;
  /** A second bare route on the bare server, measured in the same slices. */
  extra?: { label: string; shape: (server: ServerUnderTest) => LoadShape };
}

const host = (port: number) => `${BENCH_SUBDOMAIN}.${BENCH_DOMAIN}:${port}`;
const signInBodies = Array.from({ length: SIGN_IN_USERS }, (_, i) => JSON.stringify({ email: signInEmail(i + 1), password: BENCH_PASSWORD }));

const SCENARIOS: Scenario[] = [
  {
    name: 'sign-in',
    label: 'POST /api/auth/v3/sign-in/password',
    bareLabel: 'one argon2id verify',
    platform: (s) => ({ method: 'POST', path: '/api/auth/v3/sign-in/password', headers: { host: host(s.port), 'content-type': 'application/json' }, bodies: signInBodies }),
    bare: () => ({ method: 'POST', path: '/bare/sign-in', headers: { 'content-type': 'application/json' }, bodies: signInBodies }),
  },
  {
    name: 'me',
    label: 'GET /api/auth/v3/me (bearer)',
    bareLabel: 'one JWT verify',
    platform: (s, token) => ({ path: '/api/auth/v3/me', headers: { host: host(s.port), authorization: `Bearer ${token}` } }),
    bare: (s) => ({ path: '/bare/me', headers: { authorization: `Bearer ${s.info.token!}` } }),
  },
  {
    name: 'list',
    label: `GET /api/audiences/v3/persons/${LIST_QUERY}`,
    bareLabel: 'same SQL, no platform',
    platform: (s, token) => ({ path: `/api/audiences/v3/persons/${LIST_QUERY}`, headers: { host: host(s.port), authorization: `Bearer ${token}` } }),
    bare: () => ({ path: `/bare/persons/${LIST_QUERY}` }),
    // The people use case itself (Drizzle building and mapping included) on bare Fastify: what is
    // left between it and the platform is the platform proper.
    extra: { label: 'same use case (Drizzle), no platform', shape: () => ({ path: `/bare/persons-use-case/${LIST_QUERY}` }) },
  },
];

type LoadShape = Omit<LoadSpec, 'port' | 'connections' | 'durationSeconds'>;

interface Side {
  engine: Engine;
  role: 'platform' | 'bare' | 'extra';
  server: ServerUnderTest;
  /** PostgreSQL application_name of the server's connections. */
  appName: string;
  backends: BackendCpu | null;
  shape: LoadShape;
  slices: Slice[];
  cpu: number;
  dbCpu: number;
}

/**
 * Every server of the scenario (platform and bare, on each engine) warmed up once, then measured
 * in alternating slices (forward, then backward order, ...) so that whatever else the shared
 * machine does in the meantime weighs on all of them alike — the PGlite-vs-PostgreSQL ratio
 * included. Latency percentiles come from every response of every slice.
 */
async function measureScenario(scenario: Scenario, setups: EngineSetup[]): Promise<Map<Engine, { platform: Measured; bare: Measured; extra?: Measured }>> {
  const sides: Side[] = setups.flatMap((setup) => [
    {
      engine: setup.engine,
      role: 'platform' as const,
      server: setup.platform,
      appName: APP_NAME.platform,
      backends: setup.backends,
      shape: scenario.platform(setup.platform, setup.token),
      slices: [],
      cpu: 0,
      dbCpu: 0,
    },
    { engine: setup.engine, role: 'bare' as const, server: setup.bare, appName: APP_NAME.bare, backends: setup.backends, shape: scenario.bare(setup.bare), slices: [], cpu: 0, dbCpu: 0 },
    ...(scenario.extra
      ? [{ engine: setup.engine, role: 'extra' as const, server: setup.bare, appName: APP_NAME.bare, backends: setup.backends, shape: scenario.extra.shape(setup.bare), slices: [], cpu: 0, dbCpu: 0 }]
      : []),
  ]);
  if (WARMUP > 0) for (const side of sides) await loadSlice({ ...side.shape, port: side.server.port, connections: CONNECTIONS, durationSeconds: WARMUP });
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const before = await side.server.cpuMs();
      const dbBefore = side.backends ? await side.backends.sample(side.appName) : null;
      side.slices.push(await loadSlice({ ...side.shape, port: side.server.port, connections: CONNECTIONS, durationSeconds: DURATION / ROUNDS }));
      side.cpu += (await side.server.cpuMs()) - before;
      if (side.backends && dbBefore) side.dbCpu += BackendCpu.delta(dbBefore, await side.backends.sample(side.appName));
    }
  }
  const measured = (side: Side): Measured => {
    const result = merge(side.slices);
    const bad = result.non2xx + result.errors;
    if (bad > 0.01 * Math.max(1, result.total)) {
      throw new Error(`${side.role} on ${side.engine}, ${side.shape.method ?? 'GET'} ${side.shape.path}: ${result.non2xx} non-2xx and ${result.errors} errors out of ${result.total} requests`);
    }
    return {
      load: result,
      cpuMsPerRequest: result.ok > 0 ? side.cpu / result.ok : NaN,
      cpuShare: side.cpu / (result.durationSeconds * 1000),
      dbCpuMsPerRequest: side.backends && result.ok > 0 ? side.dbCpu / result.ok : null,
    };
  };
  const byEngine = new Map<Engine, { platform: Measured; bare: Measured; extra?: Measured }>();
  for (const setup of setups) {
    const of = (role: Side['role']) => {
      const side = sides.find((candidate) => candidate.engine === setup.engine && candidate.role === role);
      return side ? measured(side) : undefined;
    };
    const extra = of('extra');
    byEngine.set(setup.engine, { platform: of('platform')!, bare: of('bare')!, ...(extra ? { extra } : {}) });
  }
  return byEngine;
}

function expectStatus(what: string, response: { status: number; body: unknown }, status = 200): void {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
}

/** Both servers answer the way the benchmark assumes, on the same data, before any load. */
async function sanity(platform: ServerUnderTest, bare: ServerUnderTest): Promise<string> {
  const h = { host: host(platform.port) };
  const signIn = await httpJson(platform.port, 'POST', '/api/auth/v3/sign-in/password', h, { email: BENCH_ADMIN, password: BENCH_PASSWORD });
  expectStatus('platform sign-in (admin)', signIn);
  const token = (signIn.body as { id_token: string }).id_token;
  expectStatus('platform sign-in (member)', await httpJson(platform.port, 'POST', '/api/auth/v3/sign-in/password', h, { email: signInEmail(1), password: BENCH_PASSWORD }));
  expectStatus('platform /me', await httpJson(platform.port, 'GET', '/api/auth/v3/me', { ...h, authorization: `Bearer ${token}` }));
  const list = await httpJson(platform.port, 'GET', `/api/audiences/v3/persons/${LIST_QUERY}`, { ...h, authorization: `Bearer ${token}` });
  expectStatus('platform list', list);
  const bareList = await httpJson(bare.port, 'GET', `/bare/persons/${LIST_QUERY}`);
  expectStatus('bare list', bareList);
  const useCaseList = await httpJson(bare.port, 'GET', `/bare/persons-use-case/${LIST_QUERY}`);
  expectStatus('bare use-case list', useCaseList);
  for (const [what, body] of [
    ['platform', list.body],
    ['bare', bareList.body],
    ['bare use-case', useCaseList.body],
  ] as const) {
    const page = body as { count: number; results: unknown[] };
    if (page.count !== PERSONS || page.results.length !== 20) throw new Error(`${what} list: count ${page.count}, ${page.results.length} results (expected ${PERSONS}, 20)`);
  }
  if (platform.info.tenantId === bare.info.tenantId) {
    // Same database (PostgreSQL): the same page, person by person.
    const ids = (body: unknown) =>
      (body as { results: { id: string }[] }).results
        .map((person) => person.id)
        .sort()
        .join();
    if (ids(list.body) !== ids(bareList.body)) throw new Error('the bare list route and the platform list different pages of the same data');
  }
  expectStatus('bare sign-in', await httpJson(bare.port, 'POST', '/bare/sign-in', {}, { email: signInEmail(1), password: BENCH_PASSWORD }));
  expectStatus('bare /me', await httpJson(bare.port, 'GET', '/bare/me', { authorization: `Bearer ${bare.info.token!}` }));
  return token;
}

interface EngineSetup {
  engine: Engine;
  platform: ServerUnderTest;
  bare: ServerUnderTest;
  token: string;
  backends: BackendCpu | null;
}

const APP_NAME = { platform: 'faena-bench-platform', bare: 'faena-bench-bare' } as const;

/** Starts the platform and the bare baseline of one engine, seeded, and checks them. */
async function setUp(ctx: BenchContext, engine: Engine, baseUrl: string | null, cleanups: (() => Promise<void>)[]): Promise<EngineSetup> {
  let url: string | undefined;
  let platformDir: string | undefined;
  let bareDir: string | undefined;
  if (engine === 'postgres') {
    const database = await throwAwayDatabase(baseUrl!);
    cleanups.unshift(database.drop);
    url = database.url;
  } else {
    platformDir = mkdtempSync(join(tmpdir(), 'faena-bench-platform-'));
    bareDir = mkdtempSync(join(tmpdir(), 'faena-bench-bare-'));
    cleanups.unshift(async () => {
      rmSync(platformDir!, { recursive: true, force: true });
      rmSync(bareDir!, { recursive: true, force: true });
    });
  }
  ctx.log(`[${engine}] starting the platform and seeding ${PERSONS} persons`);
  const platform = await startServerUnderTest({ mode: 'platform', engine, poolSize: POOL_SIZE, ...(url ? { url: withApplicationName(url, APP_NAME.platform) } : { dataDir: platformDir! }) });
  cleanups.unshift(platform.stop);
  ctx.log(`[${engine}] platform ready on :${platform.port} (seeded in ${Math.round(platform.info.seedMs ?? 0)} ms); starting the bare baseline`);
  const bare = await startServerUnderTest({
    mode: 'bare',
    engine,
    poolSize: POOL_SIZE,
    ...(url ? { url: withApplicationName(url, APP_NAME.bare), tenantId: platform.info.tenantId } : { dataDir: bareDir! }),
  });
  cleanups.unshift(bare.stop);
  const token = await sanity(platform, bare);
  const backends = url ? await BackendCpu.open(url) : null;
  if (backends) cleanups.unshift(() => backends.close());
  return { engine, platform, bare, token, backends };
}

const ENGINE_NAME: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const benchmark: Benchmark = {
  title: 'Platform throughput: sign-in, /me and a 10,000-person list vs bare Fastify, PGlite and PostgreSQL',
  async run(ctx) {
    const baseUrl = postgresBaseUrl();
    ctx.data.settings = { connections: CONNECTIONS, durationSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, poolSize: POOL_SIZE, persons: PERSONS, signInUsers: SIGN_IN_USERS };
    const engines: Engine[] = [];
    if (ENGINES.includes('pglite')) engines.push('pglite');
    if (!ENGINES.includes('postgres')) ctx.log('PostgreSQL parts not selected (BENCH_ENGINES)');
    else if (baseUrl) engines.push('postgres');
    else ctx.log(POSTGRES_SKIPPED);

    const cleanups: (() => Promise<void>)[] = [];
    const results = new Map<Engine, ScenarioResult[]>(engines.map((engine) => [engine, []]));
    const loads: Record<string, number> = {};
    const setups: EngineSetup[] = [];
    try {
      for (const engine of engines) setups.push(await setUp(ctx, engine, baseUrl, cleanups));
      for (const scenario of SCENARIOS) {
        if (ONLY_SCENARIOS && !ONLY_SCENARIOS.includes(scenario.name)) continue;
        loads[scenario.name] = loadavg()[0]!;
        ctx.log(`${scenario.label} vs bare (${scenario.bareLabel}) on ${engines.join(' and ')}: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s each in ${ROUNDS} alternating slices`);
        const measured = await measureScenario(scenario, setups);
        for (const [engine, pair] of measured) results.get(engine)!.push({ name: scenario.name, label: scenario.label, ...pair });
      }
    } finally {
      for (const cleanup of cleanups) await cleanup().catch((error: unknown) => ctx.log(`cleanup failed: ${String(error)}`));
    }

    const loadNote = `1-minute load average when each scenario began: ${Object.entries(loads)
      .map(([name, value]) => `${name} ${value.toFixed(2)}`)
      .join(', ')} (2 cores: the machine is shared; all servers of a scenario share its alternating slices).`;
    for (const [engine, rows] of results) {
      ctx.data[engine] = rows;
      ctx.table({
        title: `Platform vs bare Fastify on ${ENGINE_NAME[engine]} (${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating slices, after ${WARMUP} s warm-up)`,
        columns: [
          'endpoint',
          'baseline',
          'plat req/s',
          'p50 ms',
          'p99 ms',
          'bare req/s',
          'p50 ms',
          'p99 ms',
          'plat/bare',
          'cpu ms/req plat',
          'bare',
          ...(engine === 'postgres' ? ['pg cpu ms/req plat', 'bare'] : []),
        ],
        rows: rows.flatMap((r): Cell[][] => {
          const scenario = SCENARIOS.find((candidate) => candidate.name === r.name)!;
          const row = (label: string, baseline: string, bare: Measured): Cell[] => [
            label,
            baseline,
            r.platform.load.rps,
            r.platform.load.p50,
            r.platform.load.p99,
            bare.load.rps,
            bare.load.p50,
            bare.load.p99,
            pct(r.platform.load.rps / bare.load.rps),
            r.platform.cpuMsPerRequest,
            bare.cpuMsPerRequest,
            ...(engine === 'postgres' ? [r.platform.dbCpuMsPerRequest, bare.dbCpuMsPerRequest] : []),
          ];
          return [row(r.label, scenario.bareLabel, r.bare), ...(r.extra && scenario.extra ? [row('  (same, second baseline)', scenario.extra.label, r.extra)] : [])];
        }),
        notes: [
          `req/s counts 2xx answers; p50/p99 in ms over every response; cpu ms/req is the server process's own CPU${engine === 'postgres' ? '; pg cpu ms/req that of its PostgreSQL backends (local server only)' : ' (PGlite included)'}.`,
          'Baselines: sign-in = one argon2id verify (platform parameters); /me = one JWT verify and no database at all, so its ratio is the whole',
          "cost of the platform's per-request database work (one transaction: BEGIN + role + tenant, the reads, COMMIT); list = the same SQL on a bare pool/handle.",
          loadNote,
          `The bare list replays the ${setups.find((x) => x.engine === engine)?.bare.info.listStatements ?? '?'} statements the people use case issues for the page (recorded at start), without transaction, role or tenant setting;`,
          'the second baseline runs the use case itself (people.service listPeople, Drizzle included) on the bare handle, so platform / it is the cost of the platform proper.',
          ...rows.flatMap((r) =>
            [r.platform, r.bare, ...(r.extra ? [r.extra] : [])].some((m) => m.load.ok === 0)
              ? [`WARNING: ${r.label}: a server gave no 2xx answer within its slices (machine overloaded or server stuck); its figures mean nothing.`]
              : [],
          ),
          engine === 'pglite'
            ? 'PGlite runs inside each server process (one connection, WASM), files in a temporary DATA_DIR.'
            : `Both servers use a pg pool of ${POOL_SIZE} on one throw-away database.`,
        ],
      });
    }
    ctx.data.loadAverages = loads;

    const list = (engine: Engine) => results.get(engine)?.find((r) => r.name === 'list') ?? null;
    const lite = list('pglite');
    const pg = list('postgres');
    if (pg && lite) {
      ctx.table({
        title: 'List endpoint, PGlite vs PostgreSQL (same run, interleaved slices)',
        columns: ['server', 'PGlite req/s', 'PostgreSQL req/s', 'PGlite/PostgreSQL', 'PGlite cpu ms/req', 'PostgreSQL cpu ms/req (node + pg)'],
        rows: (['platform', 'bare'] as const).map((role): Cell[] => [
          role,
          lite[role].load.rps,
          pg[role].load.rps,
          pct(lite[role].load.rps / pg[role].load.rps),
          lite[role].cpuMsPerRequest,
          pg[role].dbCpuMsPerRequest === null ? null : pg[role].cpuMsPerRequest + pg[role].dbCpuMsPerRequest,
        ]),
        notes: [
          "PGlite does all its work on the server process's one thread; PostgreSQL spreads it over the pool's backends. On a machine busy with",
          'other work the single thread gets the smaller share, so this ratio drops under outside load (see the load averages above).',
        ],
      });
    }
    const skipped = (need: Engine[]): string => {
      const missing = need.find((engine) => !engines.includes(engine));
      if (missing === 'postgres' && ENGINES.includes('postgres')) return POSTGRES_SKIPPED;
      if (missing) return `${ENGINE_NAME[missing]} not selected (BENCH_ENGINES)`;
      return 'the list scenario was not selected (BENCH_SCENARIOS)';
    };
    ctx.target(
      pg
        ? target(
            'PostgreSQL: list throughput ≥ 70% of the bare route',
            pg.platform.load.rps / pg.bare.load.rps,
            POSTGRES_LIST_TARGET,
            (m) => `${pct(m)} (${pg.platform.load.rps.toFixed(0)} vs ${pg.bare.load.rps.toFixed(0)} req/s)`,
          )
        : { name: 'PostgreSQL: list throughput ≥ 70% of the bare route', verdict: 'SKIP', detail: skipped(['postgres']) },
    );
    ctx.target(
      pg && lite
        ? target(
            "PGlite: list throughput ≥ 25% of PostgreSQL's",
            lite.platform.load.rps / pg.platform.load.rps,
            PGLITE_VS_POSTGRES_TARGET,
            (m) => `${pct(m)} (${lite.platform.load.rps.toFixed(0)} vs ${pg.platform.load.rps.toFixed(0)} req/s)`,
          )
        : { name: "PGlite: list throughput ≥ 25% of PostgreSQL's", verdict: 'SKIP', detail: skipped(['pglite', 'postgres']) },
    );
  },
};

export default benchmark;
