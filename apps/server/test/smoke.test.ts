import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';

describe.each(engines())('platform smoke and security headers on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
    await makeTenant(server, 'acme');
  });
  afterAll(() => server?.close());

  it('answers health without a tenant', async () => {
    const response = await server.api(null, '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.2.257' });
  });

  it('signs in on the tenant host and reads /me', async () => {
    const pair = await signIn(server, 'acme', 'admin@acme.test', 'secret-pass');
    const me = await server.api('acme', '/api/auth/v3/me', { token: pair.id_token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'admin@acme.test', sign_in_method: 'PASSWORD' });
  });

  const expectSecurityHeaders = (response: Response) => {
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
    // The test server's domain is localhost: no HSTS over plain http.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  };

  it('sends the security headers on a success, a refusal, an unknown route, a malformed path and the web app', async () => {
    const ok = await server.api(null, '/api/health');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    const refused = await server.api('acme', '/api/auth/v3/me');
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
    const unknown = await server.api('acme', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown);
    const page = await server.api('acme', '/people');
    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    // Answered by Fastify before any hook: a badly %-encoded path, a parameter longer than any id.
    for (const path of ['/api/document-manager/v3/upload/patch/%E0%A4%A', `/api/audiences/v3/persons/${'x'.repeat(600)}/`]) {
      const framework = await server.api('acme', path);
      expect(framework.status).toBe(404);
      expectSecurityHeaders(framework);
    }
  });

  it('keeps the caller’s request id', async () => {
    const response = await server.api(null, '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });
});
