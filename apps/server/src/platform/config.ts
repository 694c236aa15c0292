import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env. Invalid configuration stops the server at start with
 * a message naming the variable.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as app.localhost or faena.example.com')
    .default('app.localhost'),
  DEFAULT_TENANT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Notifications: seconds between `ping` events on a stream (proxies close idle connections at ~60 s). */
  NOTIFICATIONS_PING_SECONDS: z.coerce.number().min(0.05).max(300).default(20),
  /** Notification streams one server process holds at most; beyond it new ones get 503. */
  NOTIFICATIONS_MAX_STREAMS: z.coerce.number().int().min(1).default(20_000),
  /** VAPID subject of Web Push: a mailto: or https: contact for the push services. */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
    .default('mailto:no-reply@faena.app'),
  /** Accept browser subscriptions whose endpoint is on this machine (tests, local push services). */
  WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Let tenants' identity providers live on this machine or a private network (tests, local IdPs); off, only public addresses are fetched (SSRF). */
  SSO_ALLOW_LOCAL_PROVIDERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Let the BI tools' token calls (Power BI, Superset) reach this machine or a private network (tests, a tool on the operator's network); off, only public addresses (SSRF). */
  BI_ALLOW_LOCAL_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Firebase service account (the JSON itself or a path to it): native push is sent only when set. */
  FCM_SERVICE_ACCOUNT: z
    .string()
    .transform((value, ctx) => {
      try {
        const account = JSON.parse(value.trim().startsWith('{') ? value : readFileSync(value, 'utf8')) as Record<string, unknown>;
        if (typeof account.project_id === 'string' && typeof account.client_email === 'string' && typeof account.private_key === 'string') {
          const tokenUri = typeof account.token_uri === 'string' ? account.token_uri : 'https://oauth2.googleapis.com/token';
          return { projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key, tokenUri };
        }
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'must be a Firebase service account (JSON, or a path to it) with project_id, client_email and private_key' });
      return z.NEVER;
    })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Faena <no-reply@faena.app>'),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Files: local disk under DATA_DIR/files, or S3-compatible storage (STORAGE_DRIVER=s3 or S3_BUCKET set).
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, "must be empty or path segments ending with '/'")
    .default(''),
  /** The largest file the server accepts at all (a field's own limit may be lower). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 ** 3)
    .default(512 * 1024 * 1024),
  /** Imports: how long a running import step holds its lease without renewing it (a crashed server's step resumes after twice this). */
  IMPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long an unfinished or unstored upload is kept. */
  UPLOAD_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Imports: the most data rows one file may have (a larger file fails whole: split it). */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(500_000),
  /** Imports: the most bytes an XLSX file's parts may hold once unzipped, all together (a zip bomb fails before it is parsed). */
  IMPORT_MAX_UNZIPPED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(16 * 1024 ** 3)
    .default(1024 ** 3),
  /** Days a finished import keeps its row-by-row preview (its summary stays). */
  IMPORT_ROWS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a persons export's file (personal data) can be downloaded before it is deleted. */
  PERSON_EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
});

export type Config = Omit<z.output<typeof ZEnv>, 'DATA_DIR' | 'STORAGE_DRIVER'> & { DATA_DIR: string; NODE_ENV: string; STORAGE_DRIVER: 'local' | 's3' };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(Object.keys(ZEnv.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])));
  const parsed = ZEnv.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const storageDriver = parsed.data.STORAGE_DRIVER ?? (parsed.data.S3_BUCKET ? 's3' : 'local');
  if (storageDriver === 's3' && !parsed.data.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER is s3');
  return { ...parsed.data, DATA_DIR: resolve(parsed.data.DATA_DIR), NODE_ENV: env.NODE_ENV ?? 'production', STORAGE_DRIVER: storageDriver };
}
