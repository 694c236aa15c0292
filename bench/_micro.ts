import { drizzle as proxy } from 'drizzle-orm/pg-proxy';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { safeEncode } from 'zod';
import { ZPersonListQuery, ZPersonListItem, zPaged } from '@faena/contracts';
import { listPeople } from '../apps/server/src/modules/people/people.service.ts';
import type { Ctx } from '../apps/server/src/platform/http/context.ts';
import type { Drizzle } from '../apps/server/src/platform/db/database.ts';
import { startServerUnderTest } from './lib/child.ts';
import { throwAwayDatabase } from './lib/postgres.ts';
import { TokenService } from '../apps/server/src/platform/auth/tokens.ts';

const database = await throwAwayDatabase('postgres://postgres@127.0.0.1:5432/postgres');
const platform = await startServerUnderTest({ mode: 'platform', engine: 'postgres', url: database.url, poolSize: 2 });
const t = platform.info.tenantId;
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
// record real results (array mode like drizzle uses for selects, object for execute)
const recorded: { text: string; params: unknown[]; method: string; rows: unknown[] }[] = [];
const realDb = drizzlePg({ client: pool });
const q = ZPersonListQuery.parse({ page: '1', page_size: '20' });
let i = 0;
const recorder = proxy(async (text, params, method) => {
  const client = await pool.connect();
  try {
    const r = await client.query({ text, values: params, rowMode: method === 'all' ? 'array' : undefined } as pg.QueryConfig);
    recorded.push({ text, params, method, rows: r.rows });
    return { rows: method === 'execute' ? ({ rows: r.rows } as unknown as unknown[]) : r.rows };
  } finally { client.release(); }
});
void realDb;
const ctxOf = (db: unknown) => ({ tenant: { id: t }, tx: (fn: (tx: Drizzle) => Promise<unknown>) => fn(db as Drizzle) }) as unknown as Ctx;
const page = await listPeople(ctxOf(recorder), q);
console.log('statements', recorded.length, 'results', page.results.length);
const canned = proxy(async (_text, _params, _method) => { const r = recorded[i++ % recorded.length]!; return { rows: r.method === 'execute' ? ({ rows: r.rows } as unknown as unknown[]) : r.rows }; });
const bench = async (label: string, n: number, fn: () => unknown) => { for (let k = 0; k < 300; k++) await fn(); const s = performance.now(); for (let k = 0; k < n; k++) await fn(); console.log(label.padEnd(40), (((performance.now() - s) / n) * 1000).toFixed(1), 'µs'); };
await bench("listPeople on canned driver (drizzle+service)", Number(process.env.N ?? 3000), async () => { i = 0; await listPeople(ctxOf(canned), q); });
const schema = zPaged(ZPersonListItem);
const body = { count: page.count, next: '/api/audiences/v3/persons/?page=2&page_size=20', previous: null, results: page.results };
await bench('zod safeEncode + JSON.stringify', 3000, () => JSON.stringify(safeEncode(schema, body).data));
await bench('JSON.stringify only', 3000, () => JSON.stringify(body));
const tokens = new TokenService(TokenService.newSecret(), 3600);
const tok = await tokens.sign({ sub: 'a', tid: t, sid: 'c', pid: 'd' });
await bench('jose verify', 3000, () => tokens.verify(tok));
await bench('URL pageLinks-ish', 3000, () => { const u = new URL('/api/audiences/v3/persons/?page=1&page_size=20', 'http://x'); u.searchParams.set('page', '2'); return u.search; });
await bench('randomUUID', 3000, () => crypto.randomUUID());
await pool.end(); await platform.stop(); await database.drop();
