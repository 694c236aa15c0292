import { and, eq } from 'drizzle-orm';
import { BI_PROVIDERS, type TBiConnection, type TBiProvider } from '@faena/contracts';
import type { z } from 'zod';
import type { ZBiConnectionWrite } from '@faena/contracts';
import type { Database, Drizzle } from '../../platform/db/database.ts';
import { FieldErrors } from '../../platform/errors.ts';
import { seal, sealingKey, unseal } from '../../platform/sealed-secrets.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { BiConnection } from './reports.embed.ts';
import { reportBiConnections } from './reports.table.ts';

type Row = typeof reportBiConnections.$inferSelect;
type ConnectionWrite = z.output<typeof ZBiConnectionWrite>;

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

const view = (row: Row): TBiConnection => ({
  provider: row.provider as TBiProvider,
  site_url: row.siteUrl,
  allowed_hosts: row.allowedHosts,
  client_id: row.clientId,
  secret_id: row.secretId,
  username: row.username,
  tenant_param: row.tenantParam,
  version: row.version,
  has_secret: row.secretEnc !== null,
  updated_at: row.updatedAt.toISOString(),
});

export const isProvider = (value: string): value is TBiProvider => (BI_PROVIDERS as readonly string[]).includes(value);

/** The server's key for the tenants' BI secrets. */
const secretsKey = (db: Database) => sealingKey(db, 'reports.bi-secrets-key');

/** Warms the key outside any transaction (PGlite has one connection: a nested transaction would wait forever). */
export const prepareSecretsKey = secretsKey;

/**
 * The tenant's connection to a BI tool; with `db`, its secret opened (the key is read in a
 * transaction of its own, before: pass null inside a transaction that only needs the hosts).
 */
export async function loadConnection(tx: Drizzle, tenantId: string, provider: TBiProvider, db: Database | null): Promise<BiConnection | null> {
  const [row] = await tx
    .select()
    .from(reportBiConnections)
    .where(and(eq(reportBiConnections.tenantId, tenantId), eq(reportBiConnections.provider, provider)));
  if (!row) return null;
  return {
    provider,
    siteUrl: row.siteUrl,
    allowedHosts: row.allowedHosts,
    clientId: row.clientId,
    secretId: row.secretId,
    username: row.username,
    tenantParam: row.tenantParam,
    version: row.version,
    secret: db && row.secretEnc ? unseal(await secretsKey(db), tenantId, row.secretEnc) : null,
  };
}

export async function listConnections(ctx: Ctx): Promise<{ results: TBiConnection[] }> {
  return ctx.tx(async (tx) => ({ results: (await tx.select().from(reportBiConnections).where(eq(reportBiConnections.tenantId, ctx.tenant.id))).map(view) }));
}

/** Writes a tool's connection; the secret is sealed with the server's key and never read back. */
export async function saveConnection(ctx: Ctx, provider: TBiProvider, input: ConnectionWrite): Promise<TBiConnection> {
  const url = new URL(input.site_url);
  const local = /(^|\.)localhost$|^127\.0\.0\.1$|^\[::1\]$/.test(url.hostname);
  const errors: Record<string, string[]> = {};
  if (url.protocol !== 'https:' && !local) errors.site_url = ['The address must start with https://.'];
  const badHosts = input.allowed_hosts.filter((h) => !HOST.test(h));
  if (badHosts.length > 0) errors.allowed_hosts = [`Not host names: ${badHosts.join(', ')}`];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const key = input.secret !== undefined ? await secretsKey(ctx.platform.db) : null;
  return ctx.tx(
    async (tx) => {
      const values = {
        siteUrl: url.toString().replace(/\/+$/, ''),
        allowedHosts: [...new Set(input.allowed_hosts)],
        clientId: input.client_id,
        secretId: input.secret_id,
        username: input.username,
        tenantParam: input.tenant_param,
        version: input.version,
        updatedAt: new Date(),
        ...(key && input.secret !== undefined ? { secretEnc: seal(key, ctx.tenant.id, input.secret) } : {}),
      };
      const [row] = await tx
        .insert(reportBiConnections)
        .values({ tenantId: ctx.tenant.id, provider, ...values })
        .onConflictDoUpdate({ target: [reportBiConnections.tenantId, reportBiConnections.provider], set: values })
        .returning();
      return view(row!);
    },
    // the secret itself is never in the audit details
    { audit: 'reports.bi-connection.save', details: { provider, secret_changed: input.secret !== undefined } },
  );
}

export async function deleteConnectionSecret(ctx: Ctx, provider: TBiProvider): Promise<void> {
  await ctx.tx(
    (tx) =>
      tx
        .update(reportBiConnections)
        .set({ secretEnc: null, updatedAt: new Date() })
        .where(and(eq(reportBiConnections.tenantId, ctx.tenant.id), eq(reportBiConnections.provider, provider))),
    {
      audit: 'reports.bi-connection.secret-delete',
      details: { provider },
    },
  );
}
