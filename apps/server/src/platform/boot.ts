import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { EventBus, type PlatformEvent } from './events.ts';
import { TenantResolver } from './tenancy.ts';
import { TokenService } from './auth/tokens.ts';
import { SessionStates } from './auth/caller.ts';
import { Mailer } from './mail/mailer.ts';
import { ensureSecret } from './secrets.ts';
import { Jobs } from './jobs.ts';
import { openStorage } from './storage/open.ts';
import { buildApp } from './http/app.ts';
import type { Platform } from './platform.ts';
import { MODULES } from '../modules/index.ts';
import { lookupTenant } from '../modules/tenants/index.ts';
import { seedDemo } from '../seed/demo.ts';

export interface Running {
  app: FastifyInstance;
  platform: Platform;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty one (if asked) and builds the app. */
export async function boot(config: Config, options: { db?: Database; logger?: boolean; seed?: boolean } = {}): Promise<Running> {
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  const secret = await ensureSecret(db, 'id_token_signing_key', TokenService.newSecret);
  const bus = new EventBus(db);
  await bus.start();
  // Outside requests (jobs, streams) the platform logs here; request logs stay Fastify's.
  const log = pino({ level: options.logger === false ? 'silent' : config.LOG_LEVEL });
  const jobs = new Jobs(db, log);
  await jobs.start();
  const platform: Platform = {
    config,
    db,
    bus,
    jobs,
    log,
    tenants: new TenantResolver(lookupTenant(db), config.DEFAULT_TENANT, bus, config.PUBLIC_DOMAIN),
    tokens: new TokenService(secret, config.ID_TOKEN_TTL_SECONDS),
    sessions: new SessionStates(db, bus),
    mailer: null as unknown as Mailer,
    storage: await openStorage(config),
  };
  // the mailer keeps the files sent with a message in storage (until the mail attachments retention)
  platform.mailer = new Mailer(db, config, platform.storage);
  if (options.seed ?? config.SEED_DEMO) await seedDemo(platform);
  const app = await buildApp(platform, MODULES, { logger: options.logger ?? true });
  return {
    app,
    platform,
    close: async () => {
      await app.close();
      await jobs.stop();
      await bus.close();
      platform.mailer.close();
      await platform.storage.close();
      if (!options.db) await db.close();
    },
  };
}

export type { PlatformEvent };
