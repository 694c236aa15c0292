import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, request as nodeRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PermissionKey } from '@faena/domain';
import type { Database } from '../src/platform/db/database.ts';
import { ensureUser, hashPassword } from '../src/modules/auth/users.service.ts';
import { insertPerson } from '../src/modules/people/people.repository.ts';
import { setPassportPermissions } from '../src/modules/permissions/permissions.repository.ts';
import { DOMAIN } from './harness.ts';

/** A member of a tenant who can sign in with `secret-pass`, holding exactly `permissions`. */
export async function addMember(db: Database, tenantId: string, email: string, permissions: PermissionKey[]): Promise<{ personId: string; email: string }> {
  const passwordHash = await hashPassword('secret-pass');
  return db.transaction(tenantId, async (tx) => {
    const user = await ensureUser(tx, { email, name: email, passwordHash });
    const person = await insertPerson(tx, tenantId, { name: email, primaryEmail: email, userId: user.id });
    await setPassportPermissions(tx, tenantId, person.passport, { permissions });
    return { personId: person.id, email };
  });
}

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, when the answer was not a stream. */
  text: string;
  events: SseEvent[];
  /** The first event from the read position that matches; moves the read position past it. */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource over node:http (it must set Host, which fetch cannot). */
export function openStream(port: number, subdomain: string, token: string | null, options: { lastEventId?: string; path?: string } = {}): Promise<SseClient> {
  const headers: Record<string, string> = { host: `${subdomain}.${DOMAIN}:${port}`, accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const req = nodeRequest({ host: '127.0.0.1', port, path: options.path ?? '/api/notifications-engine/v3/notifications/devices/sse', headers }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let position = 0;
      let buffer = '';
      let text = '';
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          text += chunk;
          return;
        }
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: SseEvent = { event: 'message', id: undefined, data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length === 0 && event.event === 'message') continue; // retry: or comments
          event.data = data.join('\n');
          events.push(event);
        }
        for (const wake of [...waiters]) wake();
      });
      res.on('end', () => {
        endedResolve();
        for (const wake of [...waiters]) wake();
      });
      res.on('close', () => {
        endedResolve();
        for (const wake of [...waiters]) wake();
      });
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get text() {
          return text;
        },
        events,
        ended,
        next: (match = () => true, timeoutMs = 20_000) =>
          new Promise<SseEvent>((resolveNext, rejectNext) => {
            const check = () => {
              for (let i = position; i < events.length; i++) {
                if (match(events[i]!)) {
                  position = i + 1;
                  waiters.delete(check);
                  clearTimeout(timer);
                  resolveNext(events[i]!);
                  return;
                }
              }
              if (res.complete || res.destroyed) {
                waiters.delete(check);
                clearTimeout(timer);
                rejectNext(new Error(`stream ended; events so far: ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectNext(new Error(`no matching event within ${timeoutMs} ms; events so far: ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => {
          req.destroy();
          res.destroy();
        },
      };
      if (res.statusCode === 200) resolve(client);
      else res.on('end', () => resolve(client));
    });
    req.on('error', reject);
    req.end();
  });
}

export const notificationEvents = (client: SseClient) => client.events.filter((e) => e.event === 'notification');

/** A browser's push subscription: keys the test holds, so it can decrypt what the server sends. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    /** RFC 8291 (aes128gcm) decryption, as the browser does it. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('bad padding delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: records what it receives, answers `status(path)` (201 by default). */
export async function fakePushService(
  status: (path: string) => number = () => 201,
): Promise<{ url: string; received: PushRequest[]; waitFor(count: number, timeoutMs?: number): Promise<PushRequest[]>; close(): Promise<void> }> {
  const received: PushRequest[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status(req.url ?? '');
      res.end();
      for (const wake of [...waiters]) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor: (count, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(received);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push service got ${received.length} of ${count} requests`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
