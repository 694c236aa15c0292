import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, parseIPv4Loose } from '../src/platform/net/address-policy.ts';
import { FetchError, safeFetch, vetTarget, type AddressPolicy, type Resolver } from '../src/platform/net/safe-fetch.ts';
import { setFetchNetworkForTests } from '../src/modules/documents/remote-fetch.ts';
import { body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { bytesOf, DM, pngOfSize, store, storedId } from './documents.helpers.ts';

/** Addresses a server-side fetch must never reach, in the encodings attackers use. */
const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['2130706433', 'loopback'], // decimal
  ['0177.0.0.1', 'loopback'], // octal
  ['0x7f.1', 'loopback'], // hex, short form
  ['0x7f000001', 'loopback'],
  ['127.1', 'loopback'], // short form
  ['127.0.1', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'ipv4-mapped'],
  ['[::ffff:7f00:1]', 'ipv4-mapped'],
  ['::ffff:169.254.169.254', 'ipv4-mapped'],
  ['::ffff:8.8.8.8', 'ipv4-mapped'], // mapped is refused outright, whatever it maps
  ['::127.0.0.1', 'ipv4-embedding'],
  ['64:ff9b::7f00:1', 'ipv4-embedding'], // NAT64
  ['2002:7f00:1::', 'ipv4-embedding'], // 6to4
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'ipv4-embedding'], // Teredo
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified'],
  ['::', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['012.0.0.1', 'private'], // octal 10
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'metadata'], // AWS, GCP, Azure, OpenStack
  ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
  ['2852039166', 'metadata'], // 169.254.169.254 as one number
  ['169.254.170.2', 'metadata'], // ECS task metadata
  ['100.100.100.200', 'metadata'], // Alibaba
  ['fd00:ec2::254', 'metadata'], // AWS over IPv6
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fec0::1', 'site-local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['2001:db8::1', 'documentation'],
  ['198.18.0.1', 'reserved'],
  ['not-an-address', 'invalid'],
  ['1.2.3.4.5', 'invalid'],
  ['256.0.0.1', 'invalid'],
];

const ALLOWED = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'];

describe('address policy (unit)', () => {
  it.each(REFUSED)('refuses %s (%s)', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each(ALLOWED)('allows the public address %s', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it('reads IPv4 the way inet_aton does', () => {
    expect(parseIPv4Loose('2130706433')).toBe(0x7f000001);
    expect(parseIPv4Loose('0177.0.0.1')).toBe(0x7f000001);
    expect(parseIPv4Loose('0x7f.1')).toBe(0x7f000001);
    expect(parseIPv4Loose('127.1')).toBe(0x7f000001);
    expect(parseIPv4Loose('127.0.0.1.')).toBe(0x7f000001);
    expect(parseIPv4Loose('08.0.0.1')).toBeNull(); // not octal, not decimal
    expect(parseIPv4Loose('127.0.0.256')).toBeNull();
  });
});

describe('target check: URLs, schemes and DNS names (resolver injected)', () => {
  const dns: Record<string, string[]> = {
    'public.example': ['93.184.216.34'],
    'loopback.example': ['127.0.0.1'],
    'metadata.example': ['169.254.169.254'],
    'private6.example': ['fd00::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'], // one bad answer is enough to refuse
    'localhost.example': ['::1', '127.0.0.1'],
  };
  const resolve: Resolver = async (host) => {
    const addresses = dns[host];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const vet = (url: string) => vetTarget(new URL(url), resolve, classifyAddress);
  const refused = async (url: string) => {
    const error = await vet(url).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, url).toBeInstanceOf(FetchError);
    return (error as FetchError).reason;
  };

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'https://10.1.2.3:8443/x',
  ])('refuses the literal address in %s', async (url) => {
    expect(await refused(url)).toBe('refused');
  });

  it.each(['ftp://public.example/a', 'file:///etc/passwd', 'gopher://public.example/', 'data:text/plain,hi', 'javascript:alert(1)', 'http://user:pass@public.example/'])(
    'refuses %s (scheme or credentials)',
    async (url) => {
      expect(await refused(url)).toBe('refused');
    },
  );

  it.each(['http://loopback.example/', 'http://metadata.example/', 'http://private6.example/', 'http://mapped.example/', 'http://mixed.example/', 'http://localhost.example:8080/'])(
    'refuses %s: a DNS name whose addresses are not all public',
    async (url) => {
      expect(await refused(url)).toBe('refused');
    },
  );

  it('accepts a name whose addresses are all public, and answers the address to connect to', async () => {
    expect(await vet('https://public.example/file.pdf')).toBe('93.184.216.34');
    expect(await refused('http://unknown.example/')).toBe('unreachable');
  });
});

/**
 * Real requests go only to loopback servers started here. The test resolver maps *.test names
 * to 127.0.0.1, and the test policy treats exactly 127.0.0.1 as if it were public — every other
 * address keeps the real classification, so a redirect to 127.0.0.2, [::1] or 169.254.169.254
 * is still refused.
 */
const LOOPBACK_AS_PUBLIC: AddressPolicy = (address) => (address === '127.0.0.1' ? 'public' : classifyAddress(address));

describe('safe fetch against loopback servers', () => {
  let origin: Server;
  let port: number;
  const big = pngOfSize(300_000);
  beforeAll(async () => {
    origin = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const go = (location: string) => {
        res.writeHead(302, { location });
        res.end();
      };
      switch (url.pathname) {
        case '/file.png':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(big.length) });
          res.end(big);
          return;
        case '/named':
          res.writeHead(200, { 'content-disposition': `attachment; filename*=UTF-8''informe%20a%C3%B1o.png` });
          res.end(big);
          return;
        case '/to-file':
          return go(`http://files.test:${port}/file.png`);
        case '/to-loopback2':
          return go(`http://127.0.0.2:${port}/file.png`);
        case '/to-ipv6-loopback':
          return go(`http://[::1]:${port}/file.png`);
        case '/to-metadata':
          return go('http://169.254.169.254/latest/meta-data/iam/');
        case '/to-decimal':
          return go(`http://2130706434:${port}/file.png`);
        case '/to-internal-name':
          return go(`http://internal.test:${port}/file.png`);
        case '/to-file-scheme':
          return go('file:///etc/passwd');
        case '/loop':
          return go('/loop');
        case '/hang':
          return; // never answers
        case '/endless':
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.write(big);
          return; // keeps the body open
        case '/missing':
          res.writeHead(404);
          res.end('no');
          return;
        default:
          res.writeHead(500);
          res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    port = (origin.address() as { port: number }).port;
  });
  afterAll(async () => {
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    calls.push(host);
    if (host === 'internal.test') return [{ address: '127.0.0.2', family: 4 }];
    if (host.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
    throw new Error('ENOTFOUND');
  };
  const fetchIt = (path: string, options: { maxBytes?: number; timeoutMs?: number; resolve?: Resolver } = {}) =>
    safeFetch(`http://files.test:${port}${path}`, { resolve: options.resolve ?? resolve, policy: LOOPBACK_AS_PUBLIC, maxBytes: options.maxBytes ?? 1_000_000, timeoutMs: options.timeoutMs ?? 5000 });
  const failure = async (path: string, options: Parameters<typeof fetchIt>[1] = {}) => {
    try {
      const response = await fetchIt(path, options);
      for await (const _chunk of response.body);
      return null;
    } catch (error) {
      return error instanceof FetchError ? error.reason : error;
    }
  };

  it('fetches through a redirect that stays on allowed addresses', async () => {
    const response = await fetchIt('/to-file');
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(big);
    expect(response.url.pathname).toBe('/file.png');
  });

  it.each(['/to-loopback2', '/to-ipv6-loopback', '/to-metadata', '/to-decimal', '/to-internal-name', '/to-file-scheme'])('refuses the redirect %s', async (path) => {
    expect(await failure(path)).toBe('refused');
  });

  it('stops redirect loops, hanging servers, endless and oversized bodies, and error statuses', async () => {
    expect(await failure('/loop')).toBe('too-many-redirects');
    expect(await failure('/hang', { timeoutMs: 300 })).toBe('timeout');
    expect(await failure('/endless', { timeoutMs: 300 })).toBe('timeout');
    expect(await failure('/file.png', { maxBytes: 1000 })).toBe('too-large');
    expect(await failure('/named', { maxBytes: 1000 })).toBe('too-large'); // no Content-Length: cut while streaming
    expect(await failure('/missing')).toBe('http-error');
  });

  it('resolves once per hop and connects to the address it checked (no second lookup to rebind)', async () => {
    let answers = 0;
    const rebinding: Resolver = async () => [{ address: answers++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    const response = await fetchIt('/file.png', { resolve: rebinding });
    for await (const _chunk of response.body);
    expect(answers).toBe(1);
  });
});

describe.each(engines())('GET /upload/fetch/ on %s', (engine) => {
  let server: TestServer;
  let dataDir: string;
  let token: string;
  let origin: Server;
  let port: number;
  const file = pngOfSize(200_000);
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faena-fetch-'));
    server = await startServer(engine, { env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '500000' } });
    await makeTenant(server, 'acme');
    token = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    origin = createServer((req, res) => {
      if (req.url === '/photo.png') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
        res.end(file);
      } else if (req.url === '/huge') {
        res.writeHead(200);
        res.end(pngOfSize(600_000));
      } else if (req.url === '/page.html') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<html><script>alert(1)</script></html>');
      } else if (req.url === '/to-metadata') {
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url === '/slow') {
        /* never answers */
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    port = (origin.address() as { port: number }).port;
  });
  afterEach(() => setFetchNetworkForTests(null));
  afterAll(async () => {
    setFetchNetworkForTests(null);
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchRoute = (target: string) => server.api('acme', `${DM}/upload/fetch/?target=${encodeURIComponent(target)}`, { token });
  const testNetwork = (timeoutMs?: number) => setFetchNetworkForTests({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], policy: LOOPBACK_AS_PUBLIC, ...(timeoutMs ? { timeoutMs } : {}) });

  it('refuses loopback, private and metadata targets with 400 fetch-target-refused (real policy)', async () => {
    for (const target of [
      `http://127.0.0.1:${port}/photo.png`,
      `http://localhost:${port}/photo.png`,
      `http://2130706433:${port}/photo.png`,
      `http://[::1]:${port}/photo.png`,
      `http://[::ffff:7f00:1]:${port}/photo.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const response = await fetchRoute(target);
      expect(response.status, target).toBe(400);
      expect(await body(response)).toMatchObject({ code: 'fetch-target-refused' });
    }
  });

  it('downloads an allowed URL into a temporary upload and answers its bytes with X-Content-Transfer-Id', async () => {
    testNetwork();
    const response = await fetchRoute(`http://photos.test:${port}/photo.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toContain('filename="photo.png"');
    const id = response.headers.get('x-content-transfer-id')!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(
      createHash('sha256')
        .update(await bytesOf(response))
        .digest('hex'),
    ).toBe(createHash('sha256').update(file).digest('hex'));
    const uploadId = await storedId(await store(server, 'acme', token, id));
    expect(await bytesOf(await server.api('acme', `${DM}/upload/${uploadId}/download`, { token }))).toEqual(file);
  });

  it('still refuses a redirect to the metadata service, a file over the size limit, content it does not accept, and a server that hangs', async () => {
    testNetwork(500);
    const redirected = await fetchRoute(`http://photos.test:${port}/to-metadata`);
    expect(redirected.status).toBe(400);
    expect(await body(redirected)).toMatchObject({ code: 'fetch-target-refused' });
    const huge = await fetchRoute(`http://photos.test:${port}/huge`);
    expect(huge.status).toBe(413);
    expect(await body(huge)).toMatchObject({ code: 'file-too-large' });
    const html = await fetchRoute(`http://photos.test:${port}/page.html`);
    expect(html.status).toBe(415);
    const slow = await fetchRoute(`http://photos.test:${port}/slow`);
    expect(slow.status).toBe(400);
    expect(await body(slow)).toMatchObject({ code: 'fetch-failed' });
    const missing = await fetchRoute(`http://photos.test:${port}/nothing`);
    expect(missing.status).toBe(400);
    expect(await body(missing)).toMatchObject({ code: 'fetch-failed', status: 404 });
  });

  it('needs a signed-in member', async () => {
    expect((await server.api('acme', `${DM}/upload/fetch/?target=${encodeURIComponent('https://example.com/')}`)).status).toBe(401);
  });
});
