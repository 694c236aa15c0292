import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TPersonCredentialStatus, TSignOutEverywhereResponse } from '@faena/contracts';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { findPerson } from '../people/index.ts';
import { invites, sessions, users } from './auth.table.ts';
import { revokePersonSessions } from './sessions.repository.ts';

const notFound = () => new AppError('not-found', 'Person not found.');
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** getCredentialStatus (spec forms §7): can the person sign in, how, and since when (the person detail's account card). */
export async function credentialStatus(ctx: Ctx, personId: string): Promise<TPersonCredentialStatus> {
  if (!isUuid(personId)) throw notFound();
  const tenantId = ctx.tenant.id;
  // one snapshot: the person, their account, their open sessions and their latest invitation
  return ctx.tx(async (tx) => {
    const person = await findPerson(tx, tenantId, personId);
    if (!person) throw notFound();
    const [account] = person.userId
      ? await tx
          .select({ hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL` })
          .from(users)
          .where(eq(users.id, person.userId))
          .limit(1)
      : [];
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.personId, personId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    const [invitation] = person.primaryEmail
      ? await tx
          .select({ createdAt: invites.createdAt, expiresAt: invites.expiresAt, acceptedAt: invites.acceptedAt })
          .from(invites)
          .where(and(eq(invites.tenantId, tenantId), eq(invites.email, person.primaryEmail)))
          .orderBy(desc(invites.createdAt))
          .limit(1)
      : [];
    const status: TPersonCredentialStatus['status'] = person.isDisabled
      ? 'DISABLED'
      : account
        ? 'ACTIVE'
        : !invitation
          ? 'NO_ACCOUNT'
          : invitation.acceptedAt === null && invitation.expiresAt > new Date()
            ? 'INVITED'
            : 'INVITATION_EXPIRED';
    return {
      status,
      has_account: Boolean(account),
      has_password: account?.hasPassword ?? false,
      last_sign_in_at: iso(person.lastSignInAt),
      active_sessions: open?.n ?? 0,
      invitation: invitation ? { sent_at: invitation.createdAt.toISOString(), expires_at: invitation.expiresAt.toISOString(), accepted_at: iso(invitation.acceptedAt) } : null,
    };
  });
}

/**
 * Closes every open session of the person (a lost or shared phone): each device is asked to sign
 * in again on its next request; the account and its permissions stay as they are.
 */
export async function signOutEverywhere(ctx: Ctx, personId: string): Promise<TSignOutEverywhereResponse> {
  if (!isUuid(personId)) throw notFound();
  const tenantId = ctx.tenant.id;
  const revoked = await ctx.tx(
    async (tx) => {
      if (!(await findPerson(tx, tenantId, personId))) throw notFound();
      const closed = await revokePersonSessions(tx, tenantId, personId, 'signed-out-by-administrator');
      await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId });
      return closed.length;
    },
    { audit: 'people.sign-out-everywhere', details: (count: number) => ({ sessions: count }) },
  );
  ctx.platform.sessions.forgetTenant(tenantId);
  return { revoked };
}
