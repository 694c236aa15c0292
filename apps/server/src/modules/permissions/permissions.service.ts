import { isPermissionKey, PERMISSIONS, resolveFlags, TOGGLEABLE_MODULES } from '@faena/domain';
import type { TPassportPermissions, TSiteConfig } from '@faena/contracts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, notFound } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { setChangesOf } from '../../platform/set-changes.ts';
import { changePassportPermissions, findPassportPermissions, getOrCreatePassportPermissions, setPassportPermissions, type PassportPermissions } from './permissions.repository.ts';
import { findPersonByPassport } from '../people/index.ts';
import { notify } from '../notifications/index.ts';

const toResponse = (row: PassportPermissions): TPassportPermissions => ({ passport: row.passport, permissions: row.permissions, is_staff: row.isStaff });

export function siteConfig(ctx: Ctx): TSiteConfig {
  const { caller, tenant } = signedIn(ctx);
  return {
    permissions: [...caller.permissions].sort(),
    is_staff: caller.isStaff,
    disabled_modules: tenant.disabledModules.filter((m) => (TOGGLEABLE_MODULES as readonly string[]).includes(m)),
    feature_flags: resolveFlags(tenant.featureFlags),
  };
}

export function allPermissions(): { key: string; meaning: string }[] {
  return Object.entries(PERMISSIONS).map(([key, meaning]) => ({ key, meaning }));
}

const validPassport = (passport: string) => /^[\w.@:-]{1,128}$/.test(passport);

/** A set belongs to a person of this tenant: any other passport (another tenant's, a made-up one) is not found. */
/** The id of the person holding the passport (the write's subject); 404 when there is none. */
async function assertPerson(tx: Drizzle, tenantId: string, passport: string): Promise<string> {
  const person = await findPersonByPassport(tx, tenantId, passport);
  if (!person) throw notFound('Person not found.');
  return person.id;
}

export async function getByPassport(ctx: Ctx, passport: string): Promise<TPassportPermissions> {
  if (!validPassport(passport)) throw new FieldErrors({ passport: ['Invalid passport'] });
  const { caller } = signedIn(ctx);
  if (passport !== caller.passport && !caller.permissions.has('MANAGE_PEOPLE')) {
    throw new AppError('permission-denied', 'You do not have permission to perform this action.', { required: ['MANAGE_PEOPLE'] });
  }
  return toResponse(
    await ctx.tx(
      async (tx) => {
        await assertPerson(tx, ctx.tenant.id, passport);
        return getOrCreatePassportPermissions(tx, ctx.tenant.id, passport);
      },
      { audit: 'permissions.get-or-create' },
    ),
  );
}

/**
 * Every write of a passport's set: the passport and the keys checked, the write in the tenant's
 * transaction beside the person it belongs to, audited on them; `auth.changed` published and the
 * tenant's cached sessions dropped, so it takes effect on the next request (the caller's own too).
 */
async function writePassport(
  ctx: Ctx,
  passport: string,
  keys: readonly string[],
  audit: { action: string; details: Record<string, unknown> },
  write: (tx: Drizzle) => Promise<PassportPermissions>,
): Promise<TPassportPermissions> {
  if (!validPassport(passport)) throw new FieldErrors({ passport: ['Invalid passport'] });
  const unknown = keys.filter((key) => !isPermissionKey(key));
  if (unknown.length > 0) throw new FieldErrors({ permissions: unknown.map((key) => `Unknown permission: ${key}`) });
  const { row } = await ctx.tx(
    async (tx) => {
      const personId = await assertPerson(tx, ctx.tenant.id, passport);
      const before = new Set<string>((await findPassportPermissions(tx, ctx.tenant.id, passport))?.permissions ?? []);
      const saved = await write(tx);
      await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
      await tellPermissionChange(ctx, tx, personId, before, saved.permissions);
      return { row: saved, personId };
    },
    { audit: audit.action, details: audit.details, subject: (result) => result.personId },
  );
  ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return toResponse(row);
}

/** Tells a person (not the one who made the change) that what they may do changed, and how much. */
async function tellPermissionChange(ctx: Ctx, tx: Drizzle, personId: string, before: ReadonlySet<string>, after: readonly string[]): Promise<void> {
  if (personId === signedIn(ctx).caller.personId) return;
  const added = after.filter((key) => !before.has(key)).length;
  const removed = [...before].filter((key) => !after.includes(key)).length;
  if (added + removed === 0) return;
  const parts = [added > 0 ? `${added} ${added === 1 ? 'permiso nuevo' : 'permisos nuevos'}` : '', removed > 0 ? `${removed} ${removed === 1 ? 'permiso quitado' : 'permisos quitados'}` : ''].filter(
    Boolean,
  );
  await notify(ctx.platform, tx, {
    tenantId: ctx.tenant.id,
    personIds: [personId],
    kind: 'system_update',
    title: 'Cambiaron tus permisos',
    body: `${parts.join(' y ')}. Lo que ves en el menú cambió con ellos.`,
    context: { type: 'Permissions', action: 'changed', path: '/profile' },
  });
}

/** Replaces the whole set (the caller's own included). */
export async function setByPassport(ctx: Ctx, passport: string, input: { permissions: string[]; is_staff?: boolean | undefined }): Promise<TPassportPermissions> {
  // Only internal staff may grant or remove the internal-staff flag.
  const isStaff = input.is_staff !== undefined && signedIn(ctx).caller.isStaff ? input.is_staff : undefined;
  const permissions = [...new Set(input.permissions)].sort();
  return writePassport(ctx, passport, input.permissions, { action: 'permissions.replace', details: { passport, permissions: input.permissions } }, (tx) =>
    setPassportPermissions(tx, ctx.tenant.id, passport, { permissions, ...(isStaff === undefined ? {} : { isStaff }) }),
  );
}

/** Adds and takes off keys, leaving the others as they are. */
export async function changeByPassport(ctx: Ctx, passport: string, input: { added: string[]; removed: string[] }): Promise<TPassportPermissions> {
  const change = setChangesOf(input.added, input.removed);
  const [added, removed] = [change.added.sort(), change.removed.sort()];
  return writePassport(ctx, passport, [...added, ...removed], { action: 'permissions.change', details: { passport, added, removed } }, (tx) =>
    changePassportPermissions(tx, ctx.tenant.id, passport, added, removed),
  );
}
