/**
 * Assets ([P14 Assets], decision 028), PostgreSQL.
 *
 * 1. The asset list with filters over N assets (default 100,000): `GET /assets/?type=&status=&search=
 *    &ordering=-code&page=3&page_size=20` through the real server (auth, tenant, RLS transaction,
 *    Zod, the open-maintenance sync before a list, the page's references), against the same SQL
 *    statements replayed bare on a pg Pool (superuser, no transaction, no role): they are recorded
 *    once by running the list's own code (`syncTenant` + `listAssets`) on a Drizzle with a logger,
 *    so the baseline follows the endpoint's queries. Measured in alternating slices. Target: the
 *    endpoint ≥ 50% of the bare SQL's requests per second.
 * 2. A label sheet of 1,000 QR codes (Avery 5160): `POST /labels/` with filters selecting 1,000
 *    assets, the whole PDF read, against bwip-js + pdfmake alone making the same sheet (the same
 *    codes and layout, the payloads known beforehand). Target: the endpoint ≥ 25% of the libraries'
 *    speed; peak RSS of the process reported against its idle RSS.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { boot } from '../apps/server/src/platform/boot.ts';
import { openPostgres, type Drizzle } from '../apps/server/src/platform/db/database.ts';
import type { Ctx } from '../apps/server/src/platform/http/context.ts';
import { createTenant } from '../apps/server/src/modules/tenants/index.ts';
import { listAssets } from '../apps/server/src/modules/assets/assets.service.ts';
import { syncTenant } from '../apps/server/src/modules/assets/assets.maintenance.ts';
import { codeImage, labelDocument, type LabelAsset } from '../apps/server/src/modules/assets/assets.labels.ts';
import pdfmake from 'pdfmake';
import { httpJson } from './lib/http.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { pct, target, type Benchmark } from './lib/report.ts';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const LABELS = Number(process.env.BENCH_ASSET_LABELS ?? 1000);
const SLICES = 6;
const PER_SLICE = Number(process.env.BENCH_ASSETS_PER_SLICE ?? 40);
const HOST = 'bench.app.localhost';
const AM = '/api/asset-manager/v3';
const MB = 1024 * 1024;

function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** A POST whose answer is read whole as bytes (the PDF). */
function postBytes(port: number, path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(600_000, () => req.destroy(new Error('labels timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

const bench: Benchmark = {
  title: `assets: the filtered list over ${ASSETS.toLocaleString('en')} assets against its SQL bare; a sheet of ${LABELS.toLocaleString('en')} QR labels against bwip-js + pdfmake alone`,
  async run(ctx) {
    const base = postgresBaseUrl();
    if (!base) {
      ctx.log(POSTGRES_SKIPPED);
      ctx.target(target('asset list ≥ 50% of its SQL bare (PostgreSQL)', null, 0.5, () => ''));
      ctx.target(target('label sheet ≥ 25% of bwip-js + pdfmake alone', null, 0.25, () => ''));
      return;
    }
    const database = await throwAwayDatabase(base, 'faena_bench_assets');
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-assets-'));
    const db = await openPostgres(database.url, { poolSize: 6 });
    const config = loadConfig({ PUBLIC_DOMAIN: 'app.localhost', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
    const running = await boot(config, { db, logger: false, seed: false });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const owner = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const { tenant } = await createTenant(db, running.platform.bus, { subdomain: 'bench', name: 'Bench', adminEmail: 'admin@bench.test', adminPassword: 'secret-pass' });
      await owner.query(`UPDATE tenants SET feature_flags = feature_flags || '{"assets": true, "asset_admin": true, "qr_generator": true}'::jsonb WHERE id = $1`, [tenant.id]);
      running.platform.tenants.forget();
      const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
        const answer = await httpJson(port, method, path, { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body);
        if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body as T;
      };
      const token = (await call<{ id_token: string }>('POST', '/api/auth/v3/sign-in/password', { email: 'admin@bench.test', password: 'secret-pass' })).id_token;
      const category = await call<{ id: string }>('POST', `${AM}/categories/`, { name: 'Equipos' }, token);
      const fridge = await call<{ id: string }>('POST', `${AM}/asset-types/`, { name: 'Refrigerador', category: category.id, icon: 'fridge' }, token);
      const forklift = await call<{ id: string }>('POST', `${AM}/asset-types/`, { name: 'Montacargas', category: category.id, icon: 'forklift' }, token);
      const labelled = await call<{ id: string }>('POST', `${AM}/asset-types/`, { name: 'Extintor', category: category.id, icon: 'fire-extinguisher' }, token);

      ctx.log(`seeding ${ASSETS.toLocaleString('en')} assets (${LABELS.toLocaleString('en')} of them extinguishers; one in ten needing maintenance)`);
      await owner.query(
        `INSERT INTO assets (tenant_id, code, name, manufacturer, model, type_id, category_id, label_token, maintenance_status, created_at, updated_at)
         SELECT $1, 'A-' || lpad(g::text, 6, '0'), CASE WHEN g % 2 = 0 THEN 'Refrigerador ' ELSE 'Montacargas ' END || g,
           (ARRAY['Fensa','Mademsa','Toyota','Hyster','Bosch'])[1 + g % 5], 'M-' || (g % 97),
           CASE WHEN g <= $5::int THEN $4::uuid WHEN g % 2 = 0 THEN $2::uuid ELSE $3::uuid END, $6::uuid,
           translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_'),
           CASE WHEN g % 10 = 0 THEN 'maintenance_needed' ELSE 'ok' END, now(), now()
         FROM generate_series(1, $7::int) g`,
        [tenant.id, fridge.id, forklift.id, labelled.id, LABELS, category.id, ASSETS],
      );
      await owner.query('ANALYZE');

      // ---------------------------------------------------------------------------- 1. the list
      const query = { type: fridge.id, status: 'ok' as const, search: '1', ordering: '-code' as const, page: 3, page_size: 20 };
      const path = `${AM}/assets/?type=${query.type}&status=${query.status}&search=${query.search}&ordering=${query.ordering}&page=${query.page}&page_size=${query.page_size}`;
      const first = await call<{ count: number; results: unknown[] }>('GET', path, undefined, token);
      if (first.results.length !== 20) throw new Error(`the list answered ${first.results.length} rows`);

      // the statements the list runs, recorded from its own code on a Drizzle with a logger
      const recorded: { sql: string; params: unknown[] }[] = [];
      const recorder = drizzle(owner, { logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } }) as unknown as Drizzle;
      const tenantRecord = (await running.platform.tenants.bySubdomain('bench'))!;
      const fakeCtx = { tenant: tenantRecord, read: <T>(fn: (d: Drizzle) => Promise<T>) => fn(recorder), tx: <T>(fn: (d: Drizzle) => Promise<T>) => fn(recorder) } as unknown as Ctx;
      await syncTenant(fakeCtx);
      const bareAnswer = await listAssets(fakeCtx, query);
      if (bareAnswer.count !== first.count) throw new Error(`recorded list counted ${bareAnswer.count}, the endpoint ${first.count}`);
      ctx.log(`the list runs ${recorded.length} statements`);

      const viaEndpoint = async () => {
        const answer = await httpJson(port, 'GET', path, { host: HOST, authorization: `Bearer ${token}` });
        if (answer.status !== 200) throw new Error(`list → ${answer.status}`);
      };
      const bare = async () => {
        for (const statement of recorded) await owner.query(statement.sql, statement.params);
      };
      // warm both
      for (let i = 0; i < 10; i++) {
        await viaEndpoint();
        await bare();
      }
      const spent = { endpoint: 0, bare: 0 };
      for (let slice = 0; slice < SLICES; slice++) {
        const order = slice % 2 === 0 ? (['endpoint', 'bare'] as const) : (['bare', 'endpoint'] as const);
        for (const which of order) {
          const t0 = performance.now();
          for (let i = 0; i < PER_SLICE; i++) await (which === 'endpoint' ? viaEndpoint() : bare());
          spent[which] += performance.now() - t0;
        }
      }
      const n = SLICES * PER_SLICE;
      const rps = { endpoint: (n / spent.endpoint) * 1000, bare: (n / spent.bare) * 1000 };
      const listRatio = rps.endpoint / rps.bare;
      ctx.table({
        title: `asset list over ${ASSETS.toLocaleString('en')} assets (type + status + search + ordering, page 3 of 20), PostgreSQL, ${n} sequential requests each`,
        columns: ['path', 'req/s', 'ms/req', 'of bare'],
        rows: [
          ['GET /assets/ (server)', Math.round(rps.endpoint), Math.round((spent.endpoint / n) * 10) / 10, pct(listRatio)],
          [`the same ${recorded.length} statements bare`, Math.round(rps.bare), Math.round((spent.bare / n) * 10) / 10, '100.0%'],
        ],
        notes: [
          `server: HTTP over 127.0.0.1, bearer auth, tenant by Host, the RLS transaction, Zod in and out; ${first.count.toLocaleString('en')} assets match.`,
          "bare: the statements recorded from the list's own code (the open-maintenance sync, count, page, type/category/venue/person/file names) replayed on a pg Pool as superuser, no transaction.",
          `measured in ${SLICES} alternating slices of ${PER_SLICE}, so load from others on the machine weighs on both alike.`,
        ],
      });
      ctx.target(target('asset list ≥ 50% of its SQL bare (PostgreSQL)', listRatio, 0.5, (m) => `${pct(m)} of bare (target ≥ 50%)`));

      // ---------------------------------------------------------------------------- 2. labels
      ctx.log(`a sheet of ${LABELS} QR labels through the endpoint`);
      const idle = process.memoryUsage.rss();
      const sampler = rssSampler();
      const e0 = performance.now();
      const sheet = await postBytes(port, `${AM}/labels/`, { host: HOST, authorization: `Bearer ${token}` }, { filters: { type: labelled.id }, kind: 'qr', size: 'avery-5160' });
      const endpointSeconds = (performance.now() - e0) / 1000;
      const peak = sampler.stop();
      if (sheet.status !== 200 || sheet.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`labels → ${sheet.status}`);

      ctx.log('bwip-js + pdfmake alone making the same sheet');
      const tokens = (await owner.query(`SELECT code, name, label_token FROM assets WHERE tenant_id = $1 AND type_id = $2 ORDER BY code`, [tenant.id, labelled.id])).rows as {
        code: string;
        name: string;
        label_token: string;
      }[];
      const list: LabelAsset[] = tokens.map((r) => ({ code: r.code, name: r.name, payload: `http://${HOST}/public/assets/${r.label_token}` }));
      const aloneIdle = process.memoryUsage.rss();
      const aloneSampler = rssSampler();
      const a0 = performance.now();
      const items: { asset: LabelAsset; image: string }[] = [];
      for (const asset of list) items.push({ asset, image: await codeImage('qr', asset.payload) });
      const alonePdf = await pdfmake.createPdf(labelDocument('qr', 'avery-5160', items)).getBuffer();
      const aloneSeconds = (performance.now() - a0) / 1000;
      const alonePeak = aloneSampler.stop();
      const labelRatio = aloneSeconds / endpointSeconds;
      ctx.table({
        title: `a sheet of ${LABELS.toLocaleString('en')} QR labels (Avery 5160, ${Math.ceil(LABELS / 30)} pages)`,
        columns: ['maker', 'seconds', 'labels/s', 'of the libraries alone', 'PDF MB', 'idle RSS MB', 'peak RSS MB', 'growth MB'],
        rows: [
          [
            'POST /labels/ (server)',
            Math.round(endpointSeconds * 10) / 10,
            Math.round(LABELS / endpointSeconds),
            pct(labelRatio),
            Math.round((sheet.bytes.length / MB) * 10) / 10,
            Math.round(idle / MB),
            Math.round(peak / MB),
            Math.round((peak - idle) / MB),
          ],
          [
            'bwip-js + pdfmake alone',
            Math.round(aloneSeconds * 10) / 10,
            Math.round(LABELS / aloneSeconds),
            '100.0%',
            Math.round((alonePdf.length / MB) * 10) / 10,
            Math.round(aloneIdle / MB),
            Math.round(alonePeak / MB),
            Math.round((alonePeak - aloneIdle) / MB),
          ],
        ],
        notes: [
          'server: from the POST to the last byte of the PDF read — the count against the 5,000 cap, the assets by the filters, each QR as PNG (bwip-js), the pdfmake layout, the PDF streamed.',
          'alone: the same payloads (fetched beforehand, not timed), the same codes and layout, the PDF made in memory.',
          'RSS is the whole bench process (server, pools, the bench): idle just before, peak the highest of samples every 20 ms during.',
        ],
      });
      ctx.data.assets = { list: { rps, statements: recorded.length, matched: first.count }, labels: { endpointSeconds, aloneSeconds, idle, peak, aloneIdle, alonePeak } };
      ctx.target(target('label sheet ≥ 25% of bwip-js + pdfmake alone', labelRatio, 0.25, (m) => `${pct(m)} of the libraries alone (target ≥ 25%)`));
    } finally {
      await owner.end();
      await running.close();
      await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default bench;
