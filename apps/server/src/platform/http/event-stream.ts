import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

/**
 * Server-sent event streams (the notifications inbox, kanban boards): the reply taken over from
 * Fastify, the headers that keep proxies from buffering it, and when the stream must end (its
 * bearer token's expiry: the client reconnects with a fresh one). What flows on a stream, and who
 * hears what, stays with its module.
 */

/** How long a client waits before reconnecting (spec shell §9: the stream retries from 2 s), said at the start of every stream. */
export const EVENT_STREAM_RETRY_MS = 2000;

/**
 * Takes the reply over and answers 200 text/event-stream; null when the client went away in the
 * meantime (nothing to stream to). The caller registers its close handlers on the answer.
 */
export function startEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse | null {
  reply.hijack();
  const res = reply.raw;
  if (request.raw.destroyed || res.destroyed) return null;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream
    'x-accel-buffering': 'no',
    'content-encoding': 'identity',
    'x-request-id': request.id,
  });
  request.raw.socket.setNoDelay(true);
  request.raw.socket.setKeepAlive(true, 30_000);
  return res;
}

/** When the stream must end: the bearer token's expiry (an hour when it has none the platform could read). */
export function streamExpiry(request: FastifyRequest): number {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  try {
    const exp = match ? decodeJwt(match[1]!).exp : undefined;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    /* the platform verified it already */
  }
  return Date.now() + 3600_000;
}
