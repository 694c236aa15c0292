import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  checkPassword,
  DEFAULT_MEMBER_PERMISSIONS,
  fileDownloadLink,
  uploadIdFromLink,
  isValidEmail,
  normalizeEmail,
  PASSWORD_REQUIRED_MESSAGE,
  SERVER_MIN_PASSWORD_LENGTH,
  type PasswordPolicy,
} from '@faena/domain';
import type { TTokenPair, TUser } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, problem } from '../../platform/errors.ts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid, newSecretToken, sha256 } from '../../platform/ids.ts';
import { assertFeature, type TenantRecord } from '../../platform/tenancy.ts';
import {
  documentsOf,
  findPerson,
  findPersonByEmail,
  findPersonByUser,
  insertPerson,
  linkPersonToUser,
  type PersonFields,
  type PersonRow,
  setPersonPicture,
  touchSignIn,
  updatePersonRecord,
} from '../people/index.ts';
import { filesMetadata, holdFiles, uploadIdsIn } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { ensureUser, findUserByEmail, findUserById, hashPassword, setUserPassword, verifyPassword, type UserRow } from './users.service.ts';
import { consumeRefreshToken, findRefreshToken, findSession, insertRefreshToken, insertSession, markRefreshed, revokeSession } from './sessions.repository.ts';
import { invites, magicLinks } from './auth.table.ts';
import { findPassportPermissions, grantIfNone } from '../permissions/index.ts';
import { tooManyRequests, type SignInLimiter } from './rate-limit.ts';
import { isCommonPassword } from './common-passwords.ts';

const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const MAGIC_LINK_MAX_ATTEMPTS = 5;
export const MAGIC_LINK_MAX_PER_WINDOW = 5;
/** Links one tenant sends in 15 minutes at most (a spray over its whole directory stops here). */
export const MAGIC_LINK_MAX_PER_TENANT = 300;
export const MAGIC_LINK_FAILED = 'Sign in with email link failed';

interface Identity {
  user: UserRow;
  person: PersonRow;
}

// ---------------------------------------------------------------- sessions and token pairs

export async function openSession(ctx: Ctx, tx: Drizzle, identity: Identity, method: string, impersonator: { userId: string; personId: string } | null = null): Promise<TTokenPair> {
  const now = new Date();
  const { config, tokens } = ctx.platform;
  const { session, refreshToken } = await insertSession(tx, {
    tenantId: ctx.tenant.id,
    userId: identity.user.id,
    personId: identity.person.id,
    signInMethod: method,
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    impersonatorUserId: impersonator?.userId ?? null,
    impersonatorPersonId: impersonator?.personId ?? null,
  });
  if (!impersonator) await touchSignIn(tx, ctx.tenant.id, identity.person.id, now);
  const idToken = await tokens.sign({
    sub: identity.user.id,
    tid: ctx.tenant.id,
    sid: session.id,
    pid: identity.person.id,
    ...(impersonator ? { act: { sub: impersonator.userId, pid: impersonator.personId } } : {}),
  });
  const user = await userResponse(tx, ctx.tenant, identity, method, now, impersonator);
  return { id_token: idToken, refresh_token: refreshToken, expires_in: tokens.idTokenTtlSeconds, user };
}

async function userResponse(tx: Drizzle, tenant: TenantRecord, identity: Identity, method: string, lastSignIn: Date | null, impersonator: { userId: string; personId: string } | null): Promise<TUser> {
  let impersonatorInfo: TUser['impersonator'] = null;
  if (impersonator) {
    // One query at a time: a transaction is one connection.
    const user = await findUserById(tx, impersonator.userId);
    const person = await findPerson(tx, tenant.id, impersonator.personId);
    impersonatorInfo = { id: impersonator.userId, name: person?.name ?? user?.name ?? '', email: user?.email ?? '' };
  }
  return {
    id: identity.user.id,
    email: identity.user.email,
    name: identity.person.name,
    tenant_id: tenant.id,
    passport: identity.person.passport,
    picture: identity.person.picture ?? identity.user.picture,
    sign_in_method: method,
    last_sign_in_time: (lastSignIn ?? identity.person.lastSignInAt)?.toISOString() ?? null,
    impersonator: impersonatorInfo,
  };
}

export async function memberIdentity(tx: Drizzle, tenant: TenantRecord, user: UserRow): Promise<Identity> {
  const person = await findPersonByUser(tx, tenant.id, user.id);
  if (!person) throw new AppError('not-member', `You are not registered in ${tenant.name}`);
  if (person.isDisabled) throw new AppError('user-disabled', 'This user has been disabled.');
  return { user, person };
}

async function authChanged(ctx: Ctx, tx: Drizzle): Promise<void> {
  await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: ctx.tenant.id });
}

// ---------------------------------------------------------------- password sign-in

/**
 * A password sign-in. The device cookie of an earlier sign-in of this account (read through
 * `cookie`) puts the attempt under that device's own limit instead of the account's and the
 * address's (decision 024); a successful sign-in hands the device its cookie.
 */
export async function signInWithPassword(
  ctx: Ctx,
  limiter: SignInLimiter,
  input: { email: string; password: string; ip: string; cookie: (name: string) => string | null },
): Promise<{ pair: TTokenPair; device: { name: string; value: string } }> {
  const email = normalizeEmail(input.email);
  const cookieName = limiter.cookieName(ctx.tenant.id, email);
  const attempt = { tenantId: ctx.tenant.id, email, ip: input.ip, device: limiter.deviceOf(input.cookie(cookieName), ctx.tenant.id, email) };
  await limiter.check(attempt);
  const user = isValidEmail(email) ? await ctx.platform.db.transaction(null, (tx) => findUserByEmail(tx, email)) : null;
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await limiter.recordFailure(attempt);
    throw new AppError('invalid-credential', 'Wrong email or password.');
  }
  const pair = await ctx.tx(async (tx) => openSession(ctx, tx, await memberIdentity(tx, ctx.tenant, user), 'PASSWORD'));
  return { pair, device: { name: cookieName, value: limiter.issueDevice(ctx.tenant.id, email, attempt.device) } };
}

// ---------------------------------------------------------------- refresh, sign-out, me

const INVALID_REFRESH = () => new AppError('invalid-token', 'Your session has expired. Please sign in again.');

export async function refreshSession(ctx: Ctx, refreshToken: string): Promise<TTokenPair> {
  const outcome = await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
    const token = await findRefreshToken(tx, ctx.tenant.id, refreshToken);
    if (!token) return { error: INVALID_REFRESH() };
    const session = await findSession(tx, ctx.tenant.id, token.sessionId);
    if (!session || session.revokedAt || session.expiresAt < new Date()) return { error: INVALID_REFRESH() };
    if (token.usedAt || !(await consumeRefreshToken(tx, ctx.tenant.id, token.tokenHash))) {
      // A refresh token works once: presenting it again means it leaked; end the whole session.
      await revokeSession(tx, ctx.tenant.id, session.id, 'refresh-token-reuse');
      await authChanged(ctx, tx);
      return { error: new AppError('invalid-token', 'This session was revoked because its refresh token was used twice.'), revokedTenant: ctx.tenant.id };
    }
    const user = await findUserById(tx, session.userId);
    const person = await findPerson(tx, ctx.tenant.id, session.personId);
    if (!user || !person) return { error: INVALID_REFRESH() };
    if (person.isDisabled) return { error: new AppError('user-disabled', 'This user has been disabled.') };
    const impersonator = session.impersonatorUserId && session.impersonatorPersonId ? { userId: session.impersonatorUserId, personId: session.impersonatorPersonId } : null;
    if (impersonator && !(await mayStillImpersonate(tx, ctx.tenant.id, impersonator.personId))) return { error: INVALID_REFRESH() };
    const next = await insertRefreshToken(tx, ctx.tenant.id, session.id);
    await markRefreshed(tx, ctx.tenant.id, session.id);
    const idToken = await ctx.platform.tokens.sign({
      sub: user.id,
      tid: ctx.tenant.id,
      sid: session.id,
      pid: person.id,
      ...(impersonator ? { act: { sub: impersonator.userId, pid: impersonator.personId } } : {}),
    });
    const userJson = await userResponse(tx, ctx.tenant, { user, person }, session.signInMethod, null, impersonator);
    return { pair: { id_token: idToken, refresh_token: next, expires_in: ctx.platform.tokens.idTokenTtlSeconds, user: userJson } };
  });
  // The revocation must commit even though the request fails: hence the error travels out as a value.
  if ('revokedTenant' in outcome) ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  if ('error' in outcome && outcome.error) throw outcome.error;
  return (outcome as { pair: TTokenPair }).pair;
}

/** An impersonation outlives neither its impersonator's account nor their IMPERSONATE_USERS. */
async function mayStillImpersonate(tx: Drizzle, tenantId: string, impersonatorPersonId: string): Promise<boolean> {
  const person = await findPerson(tx, tenantId, impersonatorPersonId);
  if (!person || person.isDisabled) return false;
  const set = await findPassportPermissions(tx, tenantId, person.passport);
  return set?.permissions.includes('IMPERSONATE_USERS') ?? false;
}

export async function signOut(ctx: Ctx): Promise<void> {
  const { caller } = signedIn(ctx);
  await ctx.tx(
    async (tx) => {
      await revokeSession(tx, ctx.tenant.id, caller.sessionId, 'sign-out');
      await authChanged(ctx, tx);
    },
    { audit: 'auth.sign-out' },
  );
  ctx.platform.sessions.forgetTenant(ctx.tenant.id);
}

export async function me(ctx: Ctx): Promise<TUser> {
  const { caller } = signedIn(ctx);
  // Reads only, none of which depends on another's snapshot: no transaction.
  return ctx.read(async (tx) => {
    const user = await findUserById(tx, caller.userId);
    const person = await findPerson(tx, ctx.tenant.id, caller.personId);
    const session = await findSession(tx, ctx.tenant.id, caller.sessionId);
    if (!user || !person || !session) throw new AppError('not-signed-in', 'Your session has expired. Please sign in again.');
    return userResponse(tx, ctx.tenant, { user, person }, session.signInMethod, null, caller.impersonator);
  });
}

/** The caller edits their own name and picture (spec §2 profile editing, behind its flag). */
export async function updateMe(ctx: Ctx, input: { name?: string | undefined; picture?: string | null | undefined }): Promise<TUser> {
  const { caller } = signedIn(ctx);
  assertFeature(ctx.tenant, 'profile_editing', 'Profile editing is not enabled for this organisation.');
  let picture: string | null | undefined = input.picture;
  if (picture) {
    // Only an image this tenant stored: never an arbitrary address shown to everyone.
    const uploadId = uploadIdFromLink(picture);
    const metadata = uploadId ? (await filesMetadata(ctx, [uploadId]))[uploadId] : undefined;
    if (!uploadId || !metadata || !metadata.content_type.startsWith('image/')) throw new FieldErrors({ picture: ['Valor inválido'] });
    picture = fileDownloadLink('/api/document-manager/v3/upload', uploadId);
  }
  await ctx.tx(
    async (tx) => {
      const person = await findPerson(tx, ctx.tenant.id, caller.personId);
      if (!person) throw new AppError('not-signed-in', 'Your session has expired. Please sign in again.');
      if (input.name !== undefined && input.name !== person.name) {
        const documents = (await documentsOf(tx, ctx.tenant.id, [person.id])).get(person.id) ?? [];
        const { name: _name, ...rest } = person;
        await updatePersonRecord(tx, ctx.tenant.id, person.id, { ...pickPersonFields(rest), name: input.name }, documents);
      }
      if (picture !== undefined) await setPersonPicture(tx, ctx.tenant.id, person.id, picture);
      if (picture !== undefined) await holdFiles(tx, ctx.tenant.id, { kind: 'person', id: person.id }, uploadIdsIn([person.photoUploadId, picture]), { by: caller.personId, only: true });
    },
    { audit: 'auth.me.update' },
  );
  return me(ctx);
}

function pickPersonFields(person: Omit<PersonRow, 'name'>): Omit<PersonFields, 'name'> {
  return {
    primaryEmail: person.primaryEmail,
    roles: person.roles,
    groups: person.groups,
    otherEmails: person.otherEmails,
    phones: person.phones,
    address: person.address,
    photoUploadId: person.photoUploadId,
    origin: person.origin,
    companyId: person.companyId,
    businessLineIds: person.businessLineIds,
    workspaceIds: person.workspaceIds,
  };
}

// ---------------------------------------------------------------- invitations

export function tenantPasswordPolicy(tenant: TenantRecord): PasswordPolicy {
  const p = tenant.passwordPolicy;
  return {
    minLength: Math.max(SERVER_MIN_PASSWORD_LENGTH, typeof p.min_length === 'number' ? p.min_length : 0),
    ...(typeof p.max_length === 'number' ? { maxLength: p.max_length } : {}),
    ...(p.require_lowercase === true ? { requireLowercase: true } : {}),
    ...(p.require_uppercase === true ? { requireUppercase: true } : {}),
    ...(p.require_numeric === true ? { requireNumeric: true } : {}),
    ...(p.require_non_alphanumeric === true ? { requireNonAlphanumeric: true } : {}),
  };
}

const PASSWORD_PROBLEM_TEXT: Record<string, string> = {
  required: PASSWORD_REQUIRED_MESSAGE,
  'too-short': 'The password is too short.',
  'too-long': 'The password is too long.',
  'missing-lowercase': 'The password needs a lower-case letter.',
  'missing-uppercase': 'The password needs an upper-case letter.',
  'missing-numeric': 'The password needs a digit.',
  'missing-non-alphanumeric': 'The password needs a symbol.',
  common: 'This password is too common: it appears in lists of breached passwords. Choose another.',
};

/** A new password: the tenant's policy (at least SERVER_MIN_PASSWORD_LENGTH) and not a common or breached one. */
export function assertPassword(tenant: TenantRecord, password: string, email?: string): void {
  const problems = checkPassword(password, tenantPasswordPolicy(tenant));
  if (problems.length === 0 && isCommonPassword(password, email)) problems.push('common');
  if (problems.length > 0) throw new FieldErrors({ password: problems.map((p) => (p === 'common' ? problem('common-password', PASSWORD_PROBLEM_TEXT[p]!) : (PASSWORD_PROBLEM_TEXT[p] ?? p))) });
}

export async function createInvite(ctx: Ctx, input: { email: string; name?: string | undefined }) {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new FieldErrors({ email: ['Invalid email'] });
  const [invitation] = await ctx.tx(
    async (tx) => {
      const person = await findPersonByEmail(tx, ctx.tenant.id, email);
      if (person?.userId) throw new AppError('conflict', `${email} is already a member of ${ctx.tenant.name}.`);
      return insertInvitations(ctx, tx, [{ email, name: input.name?.trim() || person?.name || null }]);
    },
    { audit: 'auth.invite.create', details: { email } },
  );
  await mailInvitations(ctx, [invitation!]);
  return { id: invitation!.id, email, name: invitation!.name, link: invitation!.link, expires_at: invitation!.expiresAt.toISOString() };
}

/** An invitation written and not yet mailed: the link carries its secret, which only the mail holds. */
export interface Invitation {
  id: string;
  email: string;
  name: string | null;
  link: string;
  expiresAt: Date;
}

/**
 * Invitations to these (normalised, valid) e-mails, written in the caller's transaction; mail
 * them with `mailInvitations` once it has committed, so nobody gets a link that does not exist.
 */
export async function insertInvitations(ctx: Ctx, tx: Drizzle, entries: readonly { email: string; name: string | null }[]): Promise<Invitation[]> {
  if (entries.length === 0) return [];
  const { caller } = signedIn(ctx);
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
  const tokens = entries.map(() => newSecretToken());
  const tokenByHash = new Map(tokens.map((token) => [sha256(token), token]));
  const rows = await tx
    .insert(invites)
    .values(entries.map((entry, index) => ({ tenantId: ctx.tenant.id, tokenHash: sha256(tokens[index]!), email: entry.email, name: entry.name, invitedByPersonId: caller.personId, expiresAt })))
    .returning({ id: invites.id, email: invites.email, name: invites.name, tokenHash: invites.tokenHash });
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, link: `${ctx.origin}/from-invite?token=${tokenByHash.get(row.tokenHash)!}`, expiresAt }));
}

/** The invitation e-mails (Spanish, the product's first language). */
export async function mailInvitations(ctx: Ctx, invitations: readonly Invitation[]): Promise<void> {
  for (const invitation of invitations) {
    await ctx.platform.mailer.send(ctx.tenant.id, {
      to: invitation.email,
      subject: `Invitación a ${ctx.tenant.name} en Faena`,
      text: `Hola${invitation.name ? ` ${invitation.name}` : ''}:\n\nTe invitaron a unirte a ${ctx.tenant.name} en Faena. Abre este enlace para crear tu cuenta (vence en 7 días):\n\n${invitation.link}\n`,
    });
  }
}

async function openInvite(tx: Drizzle, tenantId: string, token: string) {
  const [invite] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.tenantId, tenantId), eq(invites.tokenHash, sha256(token))))
    .for('update')
    .limit(1);
  if (!invite) throw new AppError('not-found', 'This invitation does not exist.');
  if (invite.acceptedAt || invite.expiresAt < new Date()) throw new AppError('expired-action-code', 'This invitation has expired or was already used.');
  return invite;
}

export async function previewInvite(ctx: Ctx, token: string) {
  const invite = await ctx.platform.db.transaction(ctx.tenant.id, (tx) => openInvite(tx, ctx.tenant.id, token));
  return { email: invite.email, name: invite.name, tenant_name: ctx.tenant.name, expires_at: invite.expiresAt.toISOString() };
}

export async function acceptInvite(ctx: Ctx, token: string, input: { name: string; password: string }): Promise<TTokenPair> {
  if (input.password === '') assertPassword(ctx.tenant, input.password);
  const peek = await previewInvite(ctx, token);
  const existing = await ctx.platform.db.transaction(null, (tx) => findUserByEmail(tx, peek.email));
  // An identity that already exists joins with its own password; a new one is created with this
  // one, which must then pass the policy (an existing password is verified, not judged).
  if (existing?.passwordHash) {
    if (!(await verifyPassword(existing.passwordHash, input.password))) throw new AppError('invalid-credential', `${peek.email} already has a Faena account: enter its password.`);
  } else {
    assertPassword(ctx.tenant, input.password, peek.email);
  }
  const passwordHash = existing?.passwordHash ? null : await hashPassword(input.password);
  return ctx.tx(
    async (tx) => {
      const invite = await openInvite(tx, ctx.tenant.id, token);
      let user = await findUserByEmail(tx, invite.email);
      if (!user) {
        user = await ensureUser(tx, { email: invite.email, name: input.name, passwordHash });
      } else if (passwordHash) {
        await setUserPassword(tx, user.id, passwordHash, input.name);
      }
      const existing = await findPersonByEmail(tx, ctx.tenant.id, invite.email);
      const person = existing ?? (await insertPerson(tx, ctx.tenant.id, { name: input.name, primaryEmail: invite.email, userId: user.id }));
      if (existing && !existing.userId) await linkPersonToUser(tx, ctx.tenant.id, existing.id, user.id);
      // An invitee nobody configured yet starts with the frontline basics, not an empty app.
      await grantIfNone(tx, ctx.tenant.id, person.passport, DEFAULT_MEMBER_PERMISSIONS);
      await tx
        .update(invites)
        .set({ acceptedAt: new Date() })
        .where(and(eq(invites.tenantId, ctx.tenant.id), eq(invites.id, invite.id)));
      const member = await memberIdentity(tx, ctx.tenant, user);
      return openSession(ctx, tx, member, 'PASSWORD');
    },
    { audit: 'auth.invite.accept' },
  );
}

// ---------------------------------------------------------------- magic link (behind its flag)

function assertMagicLinkEnabled(tenant: TenantRecord): void {
  assertFeature(tenant, 'magic_link', 'That sign-in method is not yet available on this version');
}

export async function requestMagicLink(ctx: Ctx, limiter: SignInLimiter, input: { email: string; ip: string }): Promise<void> {
  assertMagicLinkEnabled(ctx.tenant);
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new FieldErrors({ email: ['Invalid email'] });
  await limiter.check({ tenantId: ctx.tenant.id, email, ip: input.ip, device: null });
  const member = await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
    const person = await findPersonByEmail(tx, ctx.tenant.id, email);
    return person?.userId && !person.isDisabled ? person : null;
  });
  // Same answer whether or not the address belongs to a member: no account discovery.
  if (!member) return;
  const since = new Date(Date.now() - MAGIC_LINK_TTL_MS);
  const [recent, tenantWide] = await ctx.platform.db.transaction(ctx.tenant.id, async (tx) => {
    const [row] = await tx
      .select({ mine: sql<number>`count(*) FILTER (WHERE ${magicLinks.email} = ${email})`.mapWith(Number), all: sql<number>`count(*)`.mapWith(Number) })
      .from(magicLinks)
      .where(and(eq(magicLinks.tenantId, ctx.tenant.id), gt(magicLinks.createdAt, since)));
    return [row?.mine ?? 0, row?.all ?? 0];
  });
  // Nobody floods a member's inbox with codes, nor the tenant's mail with a spray over its directory.
  if (recent >= MAGIC_LINK_MAX_PER_WINDOW) throw tooManyRequests('Too many sign-in links were requested for this address. Try again later.', MAGIC_LINK_TTL_MS / 1000);
  if (tenantWide >= MAGIC_LINK_MAX_PER_TENANT) throw tooManyRequests('Too many sign-in links were requested for this organisation. Try again later.', MAGIC_LINK_TTL_MS / 1000);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = newSecretToken();
  await ctx.platform.db.transaction(ctx.tenant.id, (tx) =>
    tx.insert(magicLinks).values({ tenantId: ctx.tenant.id, email, tokenHash: sha256(token), codeHash: sha256(`${email}:${code}`), expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS) }),
  );
  const link = `${ctx.origin}/from-magic-link?email=${encodeURIComponent(email)}&token=${token}`;
  await ctx.platform.mailer.send(ctx.tenant.id, {
    to: email,
    subject: `Tu código para entrar a ${ctx.tenant.name}: ${code}`,
    text: `Tu código es ${code} (vence en 15 minutos).\n\nO abre este enlace para entrar:\n${link}\n`,
    sensitive: true,
  });
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Spends the address's latest live magic link when the code or the link token matches (either
 * one, once); a wrong one counts against its attempts. In the caller's transaction.
 */
export async function spendMagicLink(tx: Drizzle, tenantId: string, email: string, input: { code?: string | undefined; token?: string | undefined }): Promise<boolean> {
  if (!input.code && !input.token) return false;
  const [link] = await tx
    .select()
    .from(magicLinks)
    .where(and(eq(magicLinks.tenantId, tenantId), eq(magicLinks.email, email), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, new Date())))
    .orderBy(desc(magicLinks.createdAt))
    .for('update')
    .limit(1);
  if (!link || link.attempts >= MAGIC_LINK_MAX_ATTEMPTS) return false;
  const ok = input.token ? sameHash(link.tokenHash, sha256(input.token)) : sameHash(link.codeHash, sha256(`${email}:${input.code}`));
  if (!ok) {
    await tx
      .update(magicLinks)
      .set({ attempts: sql`${magicLinks.attempts} + 1` })
      .where(and(eq(magicLinks.tenantId, tenantId), eq(magicLinks.id, link.id)));
    return false;
  }
  await tx
    .update(magicLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(magicLinks.tenantId, tenantId), eq(magicLinks.id, link.id)));
  return true;
}

export async function signInWithMagicLink(ctx: Ctx, limiter: SignInLimiter, input: { email: string; code?: string | undefined; token?: string | undefined; ip: string }): Promise<TTokenPair> {
  assertMagicLinkEnabled(ctx.tenant);
  const email = normalizeEmail(input.email);
  const attempt = { tenantId: ctx.tenant.id, email, ip: input.ip, device: null };
  await limiter.check(attempt);
  const failed = async () => {
    await limiter.recordFailure(attempt);
    return new AppError('invalid-credential', MAGIC_LINK_FAILED);
  };
  if (!input.code && !input.token) throw await failed();
  const result = await ctx.tx(async (tx) => {
    if (!(await spendMagicLink(tx, ctx.tenant.id, email, input))) return null;
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    return openSession(ctx, tx, await memberIdentity(tx, ctx.tenant, user), 'MAGIC_LINK');
  });
  if (!result) throw await failed();
  return result;
}

// ---------------------------------------------------------------- impersonation

export async function startImpersonation(ctx: Ctx, personId: string): Promise<TTokenPair> {
  const { caller } = signedIn(ctx);
  if (caller.impersonator) throw new AppError('operation-not-allowed', 'Stop impersonating before impersonating someone else.', { reason: 'impersonating' });
  // A malformed id names no person (and must not reach the uuid column).
  if (!isUuid(personId)) throw new AppError('not-found', 'Person not found.');
  return ctx.tx(
    async (tx) => {
      const person = await findPerson(tx, ctx.tenant.id, personId);
      if (!person) throw new AppError('not-found', 'Person not found.');
      if (person.id === caller.personId) throw new AppError('bad-request', 'You cannot impersonate yourself.', { reason: 'self' });
      if (!person.userId) throw new AppError('bad-request', `${person.name} has no account yet: invite them first.`, { reason: 'no-account' });
      if (person.isDisabled) throw new AppError('user-disabled', 'This user has been disabled.');
      const user = await findUserById(tx, person.userId);
      if (!user) throw new AppError('bad-request', `${person.name} has no account yet: invite them first.`, { reason: 'no-account' });
      const opened = await openSession(ctx, tx, { user, person }, 'IMPERSONATION', { userId: caller.userId, personId: caller.personId });
      // the person hears that someone entered their account, whatever they chose for push
      const impersonator = await findPerson(tx, ctx.tenant.id, caller.personId);
      await notify(ctx.platform, tx, {
        tenantId: ctx.tenant.id,
        personIds: [person.id],
        kind: 'system_update',
        title: 'Alguien entró a tu cuenta',
        body: `${impersonator?.name ?? 'Un administrador'} entró a Faena como tú (suplantación), con permiso para hacerlo. Si no lo esperabas, avisa a tu administrador.`,
        context: { type: 'Impersonation', action: 'started', path: '/my-account' },
        priority: 4,
        mandatory: true,
      });
      return opened;
    },
    { audit: 'auth.impersonation.start', details: { person_id: personId }, subject: personId },
  );
}

export async function stopImpersonation(ctx: Ctx): Promise<TTokenPair> {
  const { caller } = signedIn(ctx);
  const impersonator = caller.impersonator;
  if (!impersonator) throw new AppError('bad-request', 'You are not impersonating anyone.');
  const pair = await ctx.tx(
    async (tx) => {
      await revokeSession(tx, ctx.tenant.id, caller.sessionId, 'impersonation-stopped');
      await authChanged(ctx, tx);
      const user = await findUserById(tx, impersonator.userId);
      const person = await findPerson(tx, ctx.tenant.id, impersonator.personId);
      if (!user || !person) throw new AppError('not-signed-in', 'Your session has expired. Please sign in again.');
      return openSession(ctx, tx, await memberIdentity(tx, ctx.tenant, user), 'PASSWORD');
    },
    { audit: 'auth.impersonation.stop', details: { person_id: caller.personId }, subject: caller.personId },
  );
  ctx.platform.sessions.forgetTenant(ctx.tenant.id);
  return pair;
}
