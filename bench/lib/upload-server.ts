/**
 * The servers of bench/upload.bench.ts, each in its own process so its memory can be read on its
 * own (/proc/<pid>) and the client never shares its event loop. One JSON argument
 * (UploadServerSpec); answers on IPC:
 *   → {type: 'ready', port}   once it listens on 127.0.0.1
 * SIGTERM closes it.
 *
 * mode 'platform': the real server (boot(), logger off) with tenant "bench" and its admin.
 * mode 'bare': node:http and nothing else, appending every request body to one file through one
 *   write stream and answering 204 once written (no auth, no database, no framework): the floor
 *   that HTTP chunking itself sets, in time and in memory.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/database.ts';
import { boot } from '../../apps/server/src/platform/boot.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { stopOnParent } from './stop-on-parent.ts';

export interface UploadServerSpec {
  mode: 'platform' | 'bare';
  engine: 'pglite' | 'postgres';
  url?: string;
  /** DATA_DIR: PGlite's files (on PGlite) and the uploaded files. */
  dataDir: string;
  /** UPLOAD_MAX_BYTES (the server's default when absent). */
  maxBytes?: number;
}

export const UPLOAD_BENCH = { subdomain: 'bench', domain: 'app.localhost', email: 'admin@bench.test', password: 'bench-password' } as const;

async function startPlatform(spec: UploadServerSpec): Promise<{ port: number; close(): Promise<void> }> {
  const db: Database = spec.engine === 'postgres' ? await openPostgres(spec.url!, { poolSize: 10 }) : await openPglite(spec.dataDir);
  const config = loadConfig({
    PUBLIC_DOMAIN: UPLOAD_BENCH.domain,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: spec.dataDir,
    ...(spec.maxBytes ? { UPLOAD_MAX_BYTES: String(spec.maxBytes) } : {}),
  });
  const running = await boot(config, { db, logger: false, seed: false });
  await createTenant(db, running.platform.bus, { subdomain: UPLOAD_BENCH.subdomain, name: 'Bench', adminEmail: UPLOAD_BENCH.email, adminPassword: UPLOAD_BENCH.password });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      await running.close();
      await db.close();
    },
  };
}

async function startBare(spec: UploadServerSpec): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(spec.dataDir, { recursive: true });
  const out = createWriteStream(join(spec.dataDir, 'bare-http.bin'));
  const server: Server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    });
    req.on('end', () => out.write('', () => res.writeHead(204).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => out.end(resolve));
    },
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as UploadServerSpec;
  if (!process.send) throw new Error('upload-server.ts runs as a child of bench/upload.bench.ts (IPC channel needed)');
  const { port, close } = spec.mode === 'bare' ? await startBare(spec) : await startPlatform(spec);
  stopOnParent(close);
  process.send({ type: 'ready', port });
}

// Only when run as the child (the bench imports this file for its spec and constants).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
