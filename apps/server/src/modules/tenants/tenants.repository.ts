import { asc, eq } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import type { TenantRecord } from '../../platform/tenancy.ts';
import { tenants } from './tenants.table.ts';

const columns = {
  id: tenants.id,
  subdomain: tenants.subdomain,
  name: tenants.name,
  logoUrl: tenants.logoUrl,
  signInMethods: tenants.signInMethods,
  whiteLabel: tenants.whiteLabel,
  disabledModules: tenants.disabledModules,
  featureFlags: tenants.featureFlags,
  passwordPolicy: tenants.passwordPolicy,
  supportEmail: tenants.supportEmail,
  timezone: tenants.timezone,
  brandColor: tenants.brandColor,
};

export async function findTenantBySubdomain(tx: Drizzle, subdomain: string): Promise<TenantRecord | null> {
  const [row] = await tx.select(columns).from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1);
  return row ?? null;
}

export async function findTenantById(tx: Drizzle, id: string): Promise<TenantRecord | null> {
  const [row] = await tx.select(columns).from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

export async function listTenants(tx: Drizzle): Promise<(TenantRecord & { createdAt: Date })[]> {
  return tx
    .select({ ...columns, createdAt: tenants.createdAt })
    .from(tenants)
    .orderBy(asc(tenants.subdomain));
}

export async function insertTenant(tx: Drizzle, values: typeof tenants.$inferInsert): Promise<TenantRecord> {
  const [row] = await tx.insert(tenants).values(values).returning(columns);
  return row!;
}

export async function updateTenant(tx: Drizzle, id: string, values: Partial<typeof tenants.$inferInsert>): Promise<TenantRecord | null> {
  const [row] = await tx
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, id))
    .returning(columns);
  return row ?? null;
}
