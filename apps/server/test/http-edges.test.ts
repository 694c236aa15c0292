import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';

const DM = '/api/document-manager/v3';
const MAX = 2_000_000;

/**
 * Sends the head of a request (and only the first `bodyBytes` of its declared body) over a raw
 * socket and collects what the server answers before the body would be complete: a server that
 * reads the whole body first would answer nothing until it timed out.
 */
function rawExchange(port: number, head: string, bodyBytes = 0, waitMs = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('error', (error) => (chunks.length ? done() : reject(error)));
    socket.write(head);
    if (bodyBytes > 0) socket.write(Buffer.alloc(bodyBytes, 0x61));
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe.each(engines())('HTTP edges of uploads and HEAD on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let host: string;

  beforeAll(async () => {
    server = await startServer(engine, { env: { UPLOAD_MAX_BYTES: String(MAX) } });
    await makeTenant(server, 'acme');
    token = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    host = `acme.${DOMAIN}:${server.port}`;
  });
  afterAll(() => server?.close());

  it('refuses an upload whose Content-Length is over the limit at once (413), without reading its body', async () => {
    for (const [method, path, type] of [
      ['POST', `${DM}/upload/process/`, 'multipart/form-data; boundary=xyz'],
      ['PATCH', `${DM}/upload/patch/00000000-0000-0000-0000-000000000000`, 'application/offset+octet-stream'],
    ] as const) {
      const declared = 50 * MAX;
      const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${type}\r\nContent-Length: ${declared}\r\nUpload-Offset: 0\r\nUpload-Length: ${declared}\r\nUpload-Name: big.bin\r\n\r\n`;
      // Only a few bytes of the declared body are ever sent: the answer must not wait for the rest.
      const answer = await rawExchange(server.port, head, 1024);
      expect(statusOf(answer), `${method} ${path}: ${answer.slice(0, 200)}`).toBe(413);
      expect(JSON.parse(bodyOf(answer))).toMatchObject({ code: 'payload-too-large' });
    }
  });

  it('answers HEAD with headers only, on success and on a refusal', async () => {
    for (const path of [
      '/',
      '/some/page',
      '/api/nothing',
      '/api/audiences/v3/persons/',
      '/api/openapi.json',
      `${DM}/upload/restore/?id=nope`,
      `${DM}/upload/nope/download`,
      '/api/health',
      '/api/tenant',
      `${DM}/upload/patch/00000000-0000-0000-0000-000000000000`,
    ]) {
      const answer = await rawExchange(server.port, `HEAD ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), path).toBeGreaterThan(0);
      expect(bodyOf(answer), `${path} answered ${statusOf(answer)}`).toBe('');
    }
  });
});
