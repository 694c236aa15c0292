import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION, hasAnyPermission, hasPermissions } from '@faena/domain';
import { AppError, FieldErrors } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { Caller } from '../auth/caller.ts';
import { assertFeature, type TenantRecord } from '../tenancy.ts';
import { isAccess, NO_TENANT, type Access } from './access.ts';
import { errorHandler } from './error-handler.ts';
import { subjectOf } from './context.ts';
import { faenaSecurityHeaders } from './security-headers.ts';
import { claimIdempotencyKey, scheduleIdempotencySweep, settleIdempotencyKey } from './idempotency.ts';
import { scheduleMailAttachmentExpiry } from '../mail/retention.ts';
import { auditLog } from '../audit/audit.table.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    tenantRecord: TenantRecord | null;
    caller: Caller | null;
    audited: boolean;
    /** The audit rows this request's use cases wrote (their status is set once the answer is known). */
    auditRows: string[] | null;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
export type Module = (app: App, platform: Platform) => Promise<void> | void;

export const SESSION_COOKIE = 'faena_session';
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(platform: Platform, modules: readonly Module[], options: { logger?: boolean } = {}): Promise<App> {
  const { config } = platform;
  // The security headers (computed once) and the request id, on every answer — also those Fastify
  // gives before any hook runs (frameworkErrors).
  const securityHeaders = faenaSecurityHeaders(config.PUBLIC_DOMAIN);
  const stamp = (request: FastifyRequest, reply: FastifyReply) => void reply.headers(securityHeaders).header('x-request-id', request.id);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && /^[\w-]{1,64}$/.test(req.headers['x-request-id']) ? req.headers['x-request-id'] : crypto.randomUUID()),
    requestIdHeader: false,
    return503OnClosing: true,
    // A path parameter that is badly %-encoded or longer than any id names nothing: the API's
    // 404 shape, not Fastify's own 400/414 bodies.
    frameworkErrors: (error, request, reply) => {
      stamp(request, reply as FastifyReply);
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void (reply as FastifyReply).status(404).send({ code: 'not-found', detail: 'Not found.' });
        return;
      }
      errorHandler(error, request, reply as FastifyReply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('tenantRecord', null);
  app.decorateRequest('caller', null);
  app.decorateRequest('audited', false);
  app.decorateRequest('auditRows', null);
  app.decorateRequest('idempotencyKey', null);

  // Secure by default: a route that declares neither `public` nor its permissions stops start-up.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // Outside /api there are only the web app's static files; the docs UI is public too. A route
    // there that declares its access keeps it.
    if ((!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) && !isAccess(access)) {
      route.config = { ...route.config, access: NO_TENANT };
      return;
    }
    if (!isAccess(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares neither public nor its permissions`);
    }
    // The OpenAPI document shows what each route needs.
    if ('permissions' in access) {
      const all = access.permissions.length ? `Needs ${access.permissions.join(', ')}.` : null;
      const any = access.anyOf?.length ? `Needs one of ${access.anyOf.join(', ')}.` : null;
      const flag = access.feature ? `Only while the feature flag ${access.feature.flag} is on.` : null;
      const needs = [all ?? (any ? null : 'Needs a signed-in member.'), any, flag].filter(Boolean).join(' ');
      const idempotent = route.config?.idempotent
        ? 'Honours an Idempotency-Key header: a replay with the same body answers the first 2xx (Idempotent-Replayed: true); another body is 422 idempotency-key-reused; while the first runs, 409 idempotency-in-progress.'
        : null;
      route.schema = { ...route.schema, security: [{ bearer: [] }], description: [route.schema?.description, needs, idempotent].filter(Boolean).join(' ') } as typeof route.schema;
    }
  });

  // PostgreSQL text and json cannot hold U+0000 nor a lone UTF-16 surrogate ("x\ud800y" is valid
  // JSON, not valid Unicode): refuse both at the edge, in values and in keys, as field errors
  // rather than let the driver fail with a 500 deep inside a use case. One rule for every route.
  app.addHook('preValidation', async (request) => {
    const fields = [...unstorableText(request.params), ...unstorableText(request.query), ...unstorableText(request.body)];
    if (fields.length > 0) throw new FieldErrors(Object.fromEntries(fields.map(({ field, message }) => [field, [message]])));
  });

  app.addHook('onRequest', (request, reply, done) => {
    stamp(request, reply);
    done();
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.tenant === false) return;
    request.tenantRecord = await platform.tenants.fromHost(request.headers.host);
    if (!('permissions' in access)) return;
    request.caller = await authenticate(request, access, platform);
    if (access.feature) assertFeature(request.tenantRecord, access.feature.flag, access.feature.detail);
  });

  // Routes marked `idempotent` honour an Idempotency-Key: a replay answers the first answer (decision 031).
  app.addHook('preHandler', async (request, reply) => claimIdempotencyKey(platform, request, reply));
  app.addHook('onSend', async (request, reply, payload) => {
    await settleIdempotencyKey(platform, request, reply, payload);
  });
  await scheduleIdempotencySweep(platform);
  // files sent with e-mail (a checklist's PDF report) are deleted from storage after their retention
  await scheduleMailAttachmentExpiry(platform);

  // A use case's audit rows commit with its write, before the answer's status is known: record
  // the final one (a 201, a 204, or the 404 of a write refused after its transaction found nothing)
  // before the answer leaves, so whoever reads the log after it sees the truth.
  app.addHook('onSend', async (request, reply) => {
    const written = request.auditRows;
    const tenant = request.tenantRecord;
    if (!tenant || !written?.length || reply.statusCode === 200) return;
    request.auditRows = null;
    await platform.db
      .transaction(tenant.id, (tx) =>
        tx
          .update(auditLog)
          .set({ status: reply.statusCode })
          .where(and(eq(auditLog.tenantId, tenant.id), inArray(auditLog.id, written))),
      )
      .catch((err: unknown) => request.log.error({ err }, 'audit status update failed'));
  });

  // Every successful write by a signed-in caller leaves an audit row; use cases write theirs in
  // their own transaction, this catches any write that did not.
  app.addHook('onResponse', async (request, reply) => {
    const { caller, tenantRecord } = request;
    if (!caller || !tenantRecord || request.audited || reply.statusCode >= 400) return;
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    await platform.db
      .transaction(tenantRecord.id, (tx) =>
        tx.insert(auditLog).values({
          tenantId: tenantRecord.id,
          actorUserId: caller.userId,
          actorPersonId: caller.personId,
          impersonatorUserId: caller.impersonator?.userId ?? null,
          impersonatorPersonId: caller.impersonator?.personId ?? null,
          action: `${request.method} ${request.routeOptions.url ?? ''}`,
          method: request.method,
          path: request.url.split('?')[0] ?? request.url,
          status: reply.statusCode,
          requestId: request.id,
          subjectId: subjectOf(request),
        }),
      )
      .catch((err: unknown) => request.log.error({ err }, 'audit write failed'));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Faena API', version: APP_VERSION, description: 'Multi-tenant workplace-operations platform.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with a registered id (`.meta({ id })`) become components; without this their $refs dangle.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { config: { access: NO_TENANT }, schema: { hide: false, response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } } }, async () => ({
    status: 'ok' as const,
    version: APP_VERSION,
  }));
  app.get('/api/openapi.json', { config: { access: NO_TENANT }, schema: { hide: true } }, async () => app.swagger());

  for (const module of modules) await module(app, platform);

  await serveWeb(app, config.WEB_DIST);
  return app;
}

async function authenticate(request: FastifyRequest, access: Extract<Access, { permissions: readonly string[] }>, platform: Platform): Promise<Caller> {
  const tenant = request.tenantRecord!;
  const token = bearerOf(request) ?? (access.cookie && (request.method === 'GET' || request.method === 'HEAD') ? cookieOf(request, SESSION_COOKIE) : null);
  if (!token) throw new AppError('not-signed-in', 'You are not signed in.');
  const claims = await platform.tokens.verify(token);
  if (!claims) throw new AppError('not-signed-in', 'Your session has expired. Please sign in again.');
  if (claims.tid !== tenant.id) throw new AppError('tenant-mismatch', 'Tenant in token is not valid');
  const state = await platform.sessions.get(claims);
  if (!state || state.revoked || state.expired || !state.impersonatorAllowed) throw new AppError('not-signed-in', 'Your session has expired. Please sign in again.');
  if (state.disabled) throw new AppError('user-disabled', 'This user has been disabled.');
  if (!hasPermissions(state.permissions, access.permissions)) {
    throw new AppError('permission-denied', 'You do not have permission to perform this action.', { required: access.permissions });
  }
  if (access.anyOf?.length && !hasAnyPermission(state.permissions, access.anyOf)) {
    throw new AppError('permission-denied', 'You do not have permission to perform this action.', { any_of: access.anyOf });
  }
  return {
    tenantId: tenant.id,
    userId: claims.sub,
    personId: claims.pid,
    passport: state.passport,
    sessionId: claims.sid,
    permissions: new Set(state.permissions),
    isStaff: state.isStaff,
    impersonator: claims.act ? { userId: claims.act.sub, personId: claims.act.pid } : null,
  };
}

/** Paths of the strings holding U+0000 in parsed JSON, query or params (never inside a Buffer or a stream). */
const NUL_MESSAGE = 'Text may not contain the NUL character.';
const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone surrogate (such as \\ud800) cannot be stored.';

function textProblem(text: string): string | null {
  if (text.includes('\0')) return NUL_MESSAGE;
  return text.isWellFormed() ? null : SURROGATE_MESSAGE;
}

/** Where a request holds text the database cannot store (NUL, lone surrogates), in values or keys. */
export function unstorableText(value: unknown): { field: string; message: string }[] {
  const found: { field: string; message: string }[] = [];
  const seen = new Set<object>(); // parsed multipart bodies can hold cycles
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && found.length < 20) {
    const [current, path] = stack.pop()!;
    const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) found.push({ field: path || 'non_field_errors', message });
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !seen.has(current) &&
      !ArrayBuffer.isView(current) &&
      !(current instanceof ArrayBuffer) &&
      typeof (current as { pipe?: unknown }).pipe !== 'function'
    ) {
      seen.add(current);
      if (Array.isArray(current)) current.forEach((item, index) => stack.push([item, at(index)]));
      else
        for (const [key, item] of Object.entries(current)) {
          const message = textProblem(key);
          // A key that cannot be stored is named by its well-formed version.
          if (message) found.push({ field: at(key.toWellFormed().replaceAll('\0', '')), message });
          else stack.push([item, at(key)]);
        }
    }
  }
  return found;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A garbled value is no session (decodeURIComponent throws on a broken %-escape).
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The built web app: files as they are, and index.html for any other path outside /api. */
async function serveWeb(app: App, webDist: string | undefined): Promise<void> {
  const root = webDist ?? join(import.meta.dirname, '../../../../web/dist');
  const indexPath = join(root, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    // The build writes .br/.gz beside each asset: served as-is to clients that accept them.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
      decorateReply: true,
      preCompressed: true,
      allowedPath: (path) => !path.startsWith('/api'),
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const index = () => (hasWeb ? readFileSync(indexPath, 'utf8') : '<!doctype html><html lang="es"><title>Faena</title><p>The web app is not built: run <code>npm run build</code>.</p></html>');
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      void reply.status(404).send({ code: 'not-found', detail: `Route ${request.method} ${request.url.split('?')[0]} not found.` });
      return;
    }
    void reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index());
  });
}
