import { sql } from 'drizzle-orm';
import { ALL_FLAGS_ON, isValidEmail, normalizeEmail, PERMISSION_KEYS, PRODUCTION_FLAGS, resolveFlags, SERVER_MIN_PASSWORD_LENGTH, TOGGLEABLE_MODULES } from '@faena/domain';
import type { TTenant } from '@faena/contracts';
import type { Database, Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { TENANT_CHANGED, type TenantRecord } from '../../platform/tenancy.ts';
import type { EventBus } from '../../platform/events.ts';
import { findTenantBySubdomain, insertTenant, listTenants } from './tenants.repository.ts';
import { ensureUser, hashPassword } from '../auth/index.ts';
import { insertPerson } from '../people/index.ts';
import { setPassportPermissions } from '../permissions/index.ts';

const RESERVED = new Set(['www', 'api', 'app', 'admin', 'static', 'assets', 'mail']);

export function validateSubdomain(subdomain: string): string | null {
  if (!/^[a-z][a-z0-9-]{1,61}[a-z0-9]$/.test(subdomain)) return 'must be 3–63 characters: lower-case letters, digits and dashes, starting with a letter';
  if (RESERVED.has(subdomain)) return 'is reserved';
  return null;
}

export function toTenantResponse(tenant: TenantRecord): TTenant {
  const policy = tenant.passwordPolicy;
  return {
    id: tenant.id,
    subdomain: tenant.subdomain,
    name: tenant.name,
    firebase_tenant_id: null,
    firebase_sign_in_methods: tenant.signInMethods,
    logo_url: tenant.logoUrl,
    disabled_modules: tenant.disabledModules.filter((m) => (TOGGLEABLE_MODULES as readonly string[]).includes(m)),
    white_label: tenant.whiteLabel,
    feature_flags: resolveFlags(tenant.featureFlags),
    password_policy: {
      min_length: Math.max(SERVER_MIN_PASSWORD_LENGTH, typeof policy.min_length === 'number' ? policy.min_length : 0),
      ...(typeof policy.max_length === 'number' ? { max_length: policy.max_length } : {}),
      ...(policy.require_lowercase === true ? { require_lowercase: true } : {}),
      ...(policy.require_uppercase === true ? { require_uppercase: true } : {}),
      ...(policy.require_numeric === true ? { require_numeric: true } : {}),
      ...(policy.require_non_alphanumeric === true ? { require_non_alphanumeric: true } : {}),
    },
    support_email: tenant.supportEmail,
    brand_color: tenant.brandColor,
  };
}

export interface CreateTenantInput {
  subdomain: string;
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string;
  /** The demo tenant turns every flag on; a new tenant gets the production defaults. */
  allFlagsOn?: boolean;
  signInMethods?: string[];
  disabledModules?: string[];
  whiteLabel?: Record<string, Record<string, string>>;
}

/**
 * Creates a tenant and its first administrator (every permission, internal staff) in one
 * transaction: either all of it exists afterwards or none of it.
 */
export async function createTenant(db: Database, bus: EventBus | null, input: CreateTenantInput): Promise<{ tenant: TenantRecord; adminPersonId: string }> {
  const subdomain = input.subdomain.trim().toLowerCase();
  const problem = validateSubdomain(subdomain);
  if (problem) throw new AppError('bad-request', `Subdomain "${subdomain}" ${problem}.`);
  if (!input.name.trim()) throw new AppError('bad-request', 'The organisation needs a name.');
  const email = normalizeEmail(input.adminEmail);
  if (!isValidEmail(email)) throw new AppError('bad-request', 'Invalid email');
  if (input.adminPassword.length < 6) throw new AppError('bad-request', 'The password needs at least 6 characters.');
  const passwordHash = await hashPassword(input.adminPassword);

  return db.transaction(null, async (tx) => {
    if (await findTenantBySubdomain(tx, subdomain)) throw new AppError('conflict', `A tenant with subdomain "${subdomain}" already exists.`);
    const tenant = await insertTenant(tx, {
      subdomain,
      name: input.name.trim(),
      featureFlags: input.allFlagsOn ? ALL_FLAGS_ON : { ...PRODUCTION_FLAGS },
      ...(input.signInMethods ? { signInMethods: input.signInMethods } : {}),
      ...(input.disabledModules ? { disabledModules: input.disabledModules } : {}),
      ...(input.whiteLabel ? { whiteLabel: input.whiteLabel } : {}),
    });
    await enterTenant(tx, tenant.id);
    const user = await ensureUser(tx, { email, name: input.adminName ?? 'Administrador', passwordHash });
    const person = await insertPerson(tx, tenant.id, { name: input.adminName ?? user.name, primaryEmail: email, userId: user.id });
    await setPassportPermissions(tx, tenant.id, person.passport, { permissions: [...PERMISSION_KEYS], isStaff: true });
    if (bus) await bus.publish(tx, { topic: TENANT_CHANGED, tenantId: tenant.id });
    return { tenant, adminPersonId: person.id };
  });
}

/** Switches an open transaction to a tenant it just created (operator paths only). */
export async function enterTenant(tx: Drizzle, tenantId: string): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`);
}

export function lookupTenant(db: Database) {
  return (subdomain: string) => db.transaction(null, (tx) => findTenantBySubdomain(tx, subdomain));
}

export function allTenants(db: Database) {
  return db.transaction(null, (tx) => listTenants(tx));
}

/**
 * Maintenance over every tenant, a batch at a time (expired uploads, retention): `find` takes up
 * to `batch` items of one tenant in its own short transaction, `handle` deals with them — and
 * must change them so that `find` does not return them again; then the next batch, until one
 * comes back short. Answers how many items were handled.
 */
export async function sweepTenants<T>(
  db: Database,
  batch: number,
  find: (tx: Drizzle, tenantId: string, limit: number) => Promise<T[]>,
  handle: (tenantId: string, items: T[]) => Promise<void>,
): Promise<number> {
  let handled = 0;
  for (const { id: tenantId } of await allTenants(db)) {
    for (;;) {
      const items = await db.transaction(tenantId, (tx) => find(tx, tenantId, batch));
      if (items.length > 0) await handle(tenantId, items);
      handled += items.length;
      if (items.length < batch) break;
    }
  }
  return handled;
}
