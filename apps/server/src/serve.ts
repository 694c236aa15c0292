import type { Server } from 'node:net';
import { loadConfig, ConfigError } from './platform/config.ts';
import { boot } from './platform/boot.ts';
import { acquireLock, adminSocketPath, type Lock } from './platform/data-dir-lock.ts';
import { serveAdminSocket } from './platform/admin-socket.ts';
import { runOperatorCommand } from './operator.ts';
import { embeddedEngineMemoryWarning, memoryLimit } from './platform/memory-limit.ts';

/**
 * The server process: configuration, the DATA_DIR lock (PGlite), boot (database, migrations,
 * seed, app), the admin socket for the operator CLI (PGlite), then listen; SIGINT/SIGTERM shut
 * it down gracefully. Loaded by main.ts once Node's compile cache is on.
 */
export async function serve(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const embedded = !config.DATABASE_URL;
  // Before the engine opens: a process under too small a memory limit is killed while it starts.
  const memoryWarning = embedded ? embeddedEngineMemoryWarning(memoryLimit()) : null;
  if (memoryWarning) console.warn(`Warning: ${memoryWarning}`);
  const lock: Lock | null = embedded ? acquireLock(config.DATA_DIR, 'server') : null;
  let admin: Server | null = null;
  try {
    const running = await boot(config);
    if (embedded) admin = await serveAdminSocket(adminSocketPath(config.DATA_DIR), (command, args) => runOperatorCommand(running.platform, command, args));
    await running.app.listen({ port: config.PORT, host: config.HOST });
    running.app.log.info(`Faena is ready at http://${config.DEFAULT_TENANT}.${config.PUBLIC_DOMAIN}:${config.PORT} (${embedded ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`);

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      running.app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      admin?.close();
      await running.close();
      lock?.release();
      clearTimeout(force);
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (error) {
    admin?.close();
    lock?.release();
    throw error;
  }
}
