import { z } from 'zod';
import {
  ZAcceptInviteRequest,
  ZCreateInviteRequest,
  ZImpersonateRequest,
  ZInvite,
  ZInvitePreview,
  ZMagicLinkRequest,
  ZMagicLinkSignInRequest,
  ZOutboxMessage,
  ZPageQuery,
  ZPasswordSignInRequest,
  ZRefreshRequest,
  ZTokenPair,
  ZUpdateMeRequest,
  ZUser,
  zPaged,
  ZPasswordResetConfirm,
  ZPasswordResetPreview,
  ZPasswordResetRequest,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { cookieOf, SESSION_COOKIE } from '../../platform/http/app.ts';
import { PUBLIC, SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { readOutbox } from './outbox.service.ts';
import { DEVICE_COOKIE_DAYS, SignInLimiter } from './rate-limit.ts';
import * as auth from './auth.service.ts';
import { previewPasswordReset, requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { ssoRoutes } from './sso.routes.ts';

const prefix = '/api/auth/v3';
const tags = ['auth'];

export async function authRoutes(app: App, platform: Platform): Promise<void> {
  const limiter = await SignInLimiter.open(platform.db);
  const local = platform.config.PUBLIC_DOMAIN.includes('localhost');

  app.post(
    `${prefix}/sign-in/password`,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Sign in with e-mail and password (a device that signed in before is limited on its own: decision 024)', body: ZPasswordSignInRequest, response: { 200: ZTokenPair } },
    },
    async (request, reply) => {
      const { pair, device } = await auth.signInWithPassword(ctxOf(request, platform), limiter, { ...request.body, ip: request.ip, cookie: (name) => cookieOf(request, name) });
      const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
      void reply.header('set-cookie', `${device.name}=${device.value}; Path=${prefix}/sign-in; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${local ? '' : '; Secure'}`);
      return pair;
    },
  );

  app.post(
    `${prefix}/token`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'Rotate a refresh token into a new pair', body: ZRefreshRequest, response: { 200: ZTokenPair } } },
    async (request) => auth.refreshSession(ctxOf(request, platform), request.body.refresh_token),
  );

  app.post(`${prefix}/sign-out`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'Revoke this session' } }, async (request, reply) => {
    await auth.signOut(ctxOf(request, platform));
    return reply.status(204).send();
  });

  app.get(`${prefix}/me`, { config: { access: SIGNED_IN }, schema: { tags, response: { 200: ZUser } } }, async (request) => auth.me(ctxOf(request, platform)));
  app.patch(
    `${prefix}/me`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Edit your own name and picture (profile_editing flag)', body: ZUpdateMeRequest, response: { 200: ZUser } } },
    async (request) => auth.updateMe(ctxOf(request, platform), request.body),
  );

  app.post(`${prefix}/session-cookie`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'Set the HttpOnly cookie used by same-origin file loads' } }, async (request, reply) => {
    const token = request.headers.authorization!.replace(/^Bearer\s+/i, '');
    const ttl = platform.tokens.idTokenTtlSeconds;
    void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${ttl}${local ? '' : '; Secure'}`);
    return reply.status(204).send();
  });
  app.delete(`${prefix}/session-cookie`, { config: { access: PUBLIC }, schema: { tags } }, async (_request, reply) => {
    void reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0${local ? '' : '; Secure'}`);
    return reply.status(204).send();
  });

  // Invitations
  app.post(
    `${prefix}/invites`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'Invite someone by e-mail', body: ZCreateInviteRequest, response: { 201: ZInvite } } },
    async (request, reply) => reply.status(201).send(await auth.createInvite(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/invites/:token`, { config: { access: PUBLIC }, schema: { tags, params: z.object({ token: z.string().max(512) }), response: { 200: ZInvitePreview } } }, async (request) =>
    auth.previewInvite(ctxOf(request, platform), request.params.token),
  );
  app.post(
    `${prefix}/invites/:token/accept`,
    { config: { access: PUBLIC }, schema: { tags, params: z.object({ token: z.string().max(512) }), body: ZAcceptInviteRequest, response: { 200: ZTokenPair } } },
    async (request) => auth.acceptInvite(ctxOf(request, platform), request.params.token, request.body),
  );

  // A new password (decision 017)
  app.post(
    `${prefix}/password-reset`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'Send a link to choose a new password to a member’s e-mail (the same answer for any address)', body: ZPasswordResetRequest } },
    async (request, reply) => {
      await requestPasswordReset(ctxOf(request, platform), limiter, { email: request.body.email, ip: request.ip });
      return reply.status(204).send();
    },
  );
  app.get(
    `${prefix}/password-reset/:token`,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Whose password a reset link changes, until when', params: z.object({ token: z.string().max(512) }), response: { 200: ZPasswordResetPreview } },
    },
    async (request) => previewPasswordReset(ctxOf(request, platform), request.params.token),
  );
  app.post(
    `${prefix}/password-reset/:token`,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Set the new password: the link is spent, the account’s sessions here close, a new one opens',
        params: z.object({ token: z.string().max(512) }),
        body: ZPasswordResetConfirm,
        response: { 200: ZTokenPair },
      },
    },
    async (request) => resetPassword(ctxOf(request, platform), request.params.token, request.body),
  );

  // Magic link (feature flag magic_link)
  app.post(`${prefix}/magic-link`, { config: { access: PUBLIC }, schema: { tags, summary: 'Send a sign-in link and 6-digit code', body: ZMagicLinkRequest } }, async (request, reply) => {
    await auth.requestMagicLink(ctxOf(request, platform), limiter, { email: request.body.email, ip: request.ip });
    return reply.status(204).send();
  });
  app.post(`${prefix}/sign-in/magic-link`, { config: { access: PUBLIC }, schema: { tags, body: ZMagicLinkSignInRequest, response: { 200: ZTokenPair } } }, async (request) =>
    auth.signInWithMagicLink(ctxOf(request, platform), limiter, { ...request.body, ip: request.ip }),
  );

  // Identity providers, federated sign-in, linking and discovery (decision 029)
  ssoRoutes(app, platform, limiter);

  // Impersonation
  app.post(
    `${prefix}/impersonation`,
    { config: { access: requires('IMPERSONATE_USERS') }, schema: { tags, summary: 'Act as another person (audited)', body: ZImpersonateRequest, response: { 200: ZTokenPair } } },
    async (request) => auth.startImpersonation(ctxOf(request, platform), request.body.person_id),
  );
  app.delete(
    `${prefix}/impersonation`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Stop impersonating; returns the original person’s session', response: { 200: ZTokenPair } } },
    async (request) => auth.stopImpersonation(ctxOf(request, platform)),
  );

  // The outbox: every e-mail the tenant sent (the delivery itself when no SMTP is configured).
  app.get(`${prefix}/outbox`, { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, querystring: ZPageQuery, response: { 200: zPaged(ZOutboxMessage) } } }, async (request) => {
    const page = await readOutbox(ctxOf(request, platform), request.query);
    return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
  });
}
