import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyError } from '../../platform/errors.ts';
import { mintEmbed, type BiConnection } from './reports.embed.ts';

/**
 * The token calls go to hosts an administrator typed in: without BI_ALLOW_LOCAL_HOSTS a Superset
 * or Power BI on this machine is never called (SSRF), and a redirect is never followed.
 */
describe('BI token calls', () => {
  let server: Server;
  let site: string;
  const calls: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      calls.push(request.url ?? '');
      if (request.url === '/api/v1/security/login') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const superset = (): BiConnection => ({
    provider: 'superset',
    siteUrl: site,
    allowedHosts: [],
    clientId: 'svc',
    secretId: null,
    username: null,
    tenantParam: 'tenant_id',
    version: '4.1.2',
    secret: 'pw',
  });
  const viewer = { tenantId: 't', personId: 'p', name: 'n' };
  const failure = async (allowLocal: boolean) => {
    const error = await mintEmbed(superset(), { url: `${site}/superset/dashboard/1/`, resource_id: 'abc' }, viewer, { allowLocal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyError);
    return error as BodyError;
  };

  it('refuses a loopback host unless the operator allows local hosts, before any request', async () => {
    const refused = await failure(false);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'bi-token-failed', provider: 'superset' });
    expect(String(refused.body.detail)).toContain('not a public address');
    expect(calls).toEqual([]);
  });

  it('follows no redirect, even with local hosts allowed', async () => {
    const refused = await failure(true);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'bi-token-failed' });
    expect(calls).toEqual(['/api/v1/security/login']);
  });
});
