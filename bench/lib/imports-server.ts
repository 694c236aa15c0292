/**
 * The server of bench/imports.bench.ts, in its own process so that its memory is its own. One
 * JSON argument (ImportsServerSpec); answers on IPC:
 *   → {type: 'ready', port, token}               the real platform (boot()), tenant `bench`, its administrator's token
 *   ← {type: 'memory-reset'} → {type: 'memory', rss, peak, hwm}   peak RSS sampled every 20 ms since the last reset
 *   ← {type: 'memory'}       → {type: 'memory', rss, peak, hwm}   hwm: the process's own high-water mark (VmHWM), boot included
 * SIGTERM closes it.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/database.ts';
import { boot } from '../../apps/server/src/platform/boot.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { httpJson } from './http.ts';

export interface ImportsServerSpec {
  engine: 'pglite' | 'postgres';
  url?: string;
  dataDir: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as ImportsServerSpec;

async function main(): Promise<void> {
  const db: Database = spec.engine === 'postgres' ? await openPostgres(spec.url!, { poolSize: 10 }) : await openPglite(spec.dataDir);
  const config = loadConfig({ PUBLIC_DOMAIN: 'app.localhost', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: spec.dataDir });
  const running = await boot(config, { db, logger: false, seed: false });
  await createTenant(db, running.platform.bus, { subdomain: 'bench', name: 'Bench', adminEmail: 'admin@bench.test', adminPassword: 'bench-password' });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const signIn = await httpJson(port, 'POST', '/api/auth/v3/sign-in/password', { host: `bench.app.localhost:${port}` }, { email: 'admin@bench.test', password: 'bench-password' });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const token = (signIn.body as { id_token: string }).id_token;

  /** VmHWM: the most this process was ever resident, in bytes (0 where /proc is not there). */
  const highWaterMark = () => {
    try {
      const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = process.memoryUsage().rss;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20).unref();
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory-reset') peak = process.memoryUsage().rss;
    if (message.type === 'memory' || message.type === 'memory-reset') process.send!({ type: 'memory', rss: process.memoryUsage().rss, peak, hwm: highWaterMark() });
  });
  process.on('SIGTERM', () => {
    void (async () => {
      await running.close();
      await db.close();
      process.exit(0);
    })();
  });
  process.send!({ type: 'ready', port, token });
}

await main();
