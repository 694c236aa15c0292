import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { EventBus } from './events.ts';
import type { Jobs } from './jobs.ts';
import type { Logger } from 'pino';
import type { TenantResolver } from './tenancy.ts';
import type { TokenService } from './auth/tokens.ts';
import type { SessionStates } from './auth/caller.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ObjectStorage } from './storage/storage.ts';

/** The shared services every module receives: built once at start-up, passed down explicitly. */
export interface Platform {
  config: Config;
  db: Database;
  bus: EventBus;
  /** Background jobs (PostgreSQL-backed queue): define, send in a transaction, wake. */
  jobs: Jobs;
  /** Logs outside a request (jobs, streams). */
  log: Logger;
  tenants: TenantResolver;
  tokens: TokenService;
  sessions: SessionStates;
  mailer: Mailer;
  /** File bytes: local disk under DATA_DIR/files, or S3-compatible storage. */
  storage: ObjectStorage;
}
