import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '@faena/domain';
import type { TPasswordResetPreview, TTokenPair } from '@faena/contracts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid, newSecretToken, sha256 } from '../../platform/ids.ts';
import { findPerson, findPersonByEmail } from '../people/index.ts';
import { assertPassword, memberIdentity, openSession } from './auth.service.ts';
import { passwordResets } from './auth.table.ts';
import type { SignInLimiter } from './rate-limit.ts';
import { revokePersonSessions } from './sessions.repository.ts';
import { findUserById, hashPassword, setUserPassword } from './users.service.ts';

/** How long a reset link works (decision 017). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Links one account may be sent in that time, however they are asked for: nobody floods an inbox. */
export const PASSWORD_RESET_MAX_PER_TTL = 3;

const EXPIRED = 'This link to choose a new password has expired or was already used.';

/**
 * A reset link for the user, written in the caller's transaction, or null when the account already
 * got PASSWORD_RESET_MAX_PER_TTL of them within the hour. Mail it once the transaction commits.
 */
async function insertReset(tx: Drizzle, tenantId: string, user: ResetUser, requestedByPersonId: string | null): Promise<{ token: string; expiresAt: Date } | null> {
  const [recent] = await tx
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.tenantId, tenantId), eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - PASSWORD_RESET_TTL_MS))));
  if ((recent?.n ?? 0) >= PASSWORD_RESET_MAX_PER_TTL) return null;
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await tx.insert(passwordResets).values({ tenantId, userId: user.id, email: user.email, tokenHash: sha256(token), requestedByPersonId, expiresAt });
  return { token, expiresAt };
}

interface ResetUser {
  id: string;
  email: string;
  name: string | null;
}

/** The e-mail with the link (Spanish, the product's first language). */
async function mailReset(ctx: Ctx, user: ResetUser, token: string): Promise<void> {
  const link = `${ctx.origin}/reset-password?token=${token}`;
  await ctx.platform.mailer.send(ctx.tenant.id, {
    to: user.email,
    subject: `Crea una contraseña nueva para ${ctx.tenant.name}`,
    text: `Hola${user.name ? ` ${user.name}` : ''}:\n\nPara crear una contraseña nueva para entrar a ${ctx.tenant.name} en Faena, abre este enlace (vence en 1 hora y sirve una sola vez):\n\n${link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.\n`,
    sensitive: true,
  });
}

/**
 * "¿Olvidaste tu contraseña?": a link to the account's e-mail when it belongs to an enabled member
 * of this organisation. The answer is the same either way (no account discovery); the sign-in
 * limiter turns away an address or network that keeps failing.
 */
export async function requestPasswordReset(ctx: Ctx, limiter: SignInLimiter, input: { email: string; ip: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new FieldErrors({ email: [INVALID_EMAIL_MESSAGE] });
  await limiter.check({ tenantId: ctx.tenant.id, email, ip: input.ip, device: null });
  const issued = await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
    const person = await findPersonByEmail(tx, ctx.tenant.id, email);
    const user = person?.userId && !person.isDisabled ? await findUserById(tx, person.userId) : null;
    const reset = user ? await insertReset(tx, ctx.tenant.id, user, null) : null;
    return user && reset ? { user, token: reset.token } : null;
  });
  // a busy account gets nothing more, and the answer does not say so either
  if (issued) await mailReset(ctx, issued.user, issued.token);
}

/** The administrator's "send a link to choose a new password" (MANAGE_PEOPLE): never the link itself. */
export async function sendPasswordReset(ctx: Ctx, personId: string): Promise<TPasswordResetPreview> {
  const { caller } = signedIn(ctx);
  if (!isUuid(personId)) throw new AppError('not-found', 'Person not found.');
  const issued = await ctx.tx(
    async (tx) => {
      const person = await findPerson(tx, ctx.tenant.id, personId);
      if (!person) throw new AppError('not-found', 'Person not found.');
      if (!person.userId) throw new AppError('bad-request', `${person.name} has no account yet: invite them instead.`, { reason: 'no-account' });
      if (person.isDisabled) throw new AppError('conflict', `${person.name} is disabled.`, { reason: 'disabled' });
      const user = await findUserById(tx, person.userId);
      if (!user) throw new AppError('not-found', 'Person not found.');
      const reset = await insertReset(tx, ctx.tenant.id, user, caller.personId);
      if (!reset) throw new AppError('too-many-requests', 'This person was already sent several links in the last hour. Try again later.');
      return { user, ...reset };
    },
    { audit: 'auth.password-reset.send', details: (result) => ({ email: result.user.email }) },
  );
  await mailReset(ctx, issued.user, issued.token);
  return { email: issued.user.email, expires_at: issued.expiresAt.toISOString() };
}

async function openReset(tx: Drizzle, tenantId: string, token: string, lock = false) {
  const query = tx
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tenantId, tenantId), eq(passwordResets.tokenHash, sha256(token))))
    .limit(1);
  const [reset] = lock ? await query.for('update') : await query;
  if (!reset) throw new AppError('not-found', 'This link to choose a new password does not exist.');
  if (reset.usedAt || reset.expiresAt < new Date()) throw new AppError('expired-action-code', EXPIRED);
  return reset;
}

/** What the link opens: whose password it changes and until when. */
export async function previewPasswordReset(ctx: Ctx, token: string): Promise<TPasswordResetPreview> {
  const reset = await ctx.read((db) => openReset(db, ctx.tenant.id, token));
  return { email: reset.email, expires_at: reset.expiresAt.toISOString() };
}

/**
 * Sets the new password (the tenant's policy applies), spends the link and every other open one of
 * the account here, closes the account's sessions in this organisation (a stolen session ends with
 * the old password) and signs the person in with a fresh one.
 */
export async function resetPassword(ctx: Ctx, token: string, input: { password: string }): Promise<TTokenPair> {
  if (input.password === '') assertPassword(ctx.tenant, input.password);
  // a link that cannot work is refused before the (deliberately slow) hashing; the transaction checks it again under its lock
  const { email } = await previewPasswordReset(ctx, token);
  assertPassword(ctx.tenant, input.password, email);
  const passwordHash = await hashPassword(input.password);
  const { pair } = await ctx.tx(
    async (tx) => {
      const reset = await openReset(tx, ctx.tenant.id, token, true);
      const user = await findUserById(tx, reset.userId);
      if (!user) throw new AppError('expired-action-code', EXPIRED);
      const identity = await memberIdentity(tx, ctx.tenant, user);
      await setUserPassword(tx, user.id, passwordHash);
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tenantId, ctx.tenant.id), eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await revokePersonSessions(tx, ctx.tenant.id, identity.person.id, 'password-reset');
      await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
      return { personId: identity.person.id, pair: await openSession(ctx, tx, identity, 'PASSWORD') };
    },
    { audit: 'auth.password-reset', subject: (result) => result.personId },
  );
  ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return pair;
}
