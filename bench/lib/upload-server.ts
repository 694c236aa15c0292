/**
 * The server of bench/upload.bench.ts: the real platform (boot()) in its own process, so its
 * memory can be read on its own (/proc/<pid>) and the client never shares its event loop.
 * One JSON argument (UploadServerSpec); answers on IPC:
 *   → {type: 'ready', port, barePort}  once it listens on 127.0.0.1 with tenant "bench" and its admin;
 *                               barePort: a bare node:http server in the same process that appends
 *                               each PATCH body to one file (no auth, no database): the HTTP floor
 *   ← {type: 'memory'}          → {type: 'memory', rss}  (fallback where /proc is missing)
 * SIGTERM closes it.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/database.ts';
import { boot } from '../../apps/server/src/platform/boot.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';

export interface UploadServerSpec {
  engine: 'pglite' | 'postgres';
  url?: string;
  /** DATA_DIR: PGlite's files (on PGlite) and the uploaded files. */
  dataDir: string;
  /** UPLOAD_MAX_BYTES (the server's default when absent). */
  maxBytes?: number;
}

export const UPLOAD_BENCH = { subdomain: 'bench', domain: 'app.localhost', email: 'admin@bench.test', password: 'bench-password' } as const;

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as UploadServerSpec;
  if (!process.send) throw new Error('upload-server.ts runs as a child of bench/upload.bench.ts (IPC channel needed)');
  const db: Database = spec.engine === 'postgres' ? await openPostgres(spec.url!, { poolSize: 10 }) : await openPglite(spec.dataDir);
  const config = loadConfig({ PUBLIC_DOMAIN: UPLOAD_BENCH.domain, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: spec.dataDir, ...(spec.maxBytes ? { UPLOAD_MAX_BYTES: String(spec.maxBytes) } : {}) });
  const running = await boot(config, { db, logger: false, seed: false });
  await createTenant(db, running.platform.bus, { subdomain: UPLOAD_BENCH.subdomain, name: 'Bench', adminEmail: UPLOAD_BENCH.email, adminPassword: UPLOAD_BENCH.password });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const bare = bareReceiver(join(spec.dataDir, 'bare-http.bin'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    bare.close();
    await running.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'memory') process.send!({ type: 'memory', rss: process.memoryUsage.rss() });
  });
  process.send({ type: 'ready', port, barePort });
}

/** PATCH bodies appended to one file through one write stream, answered 204 once written. */
function bareReceiver(path: string): Server {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  return createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    });
    req.on('end', () => out.write('', () => res.writeHead(204).end()));
  });
}

// Only when run as the child (the bench imports this file for its spec and constants).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
