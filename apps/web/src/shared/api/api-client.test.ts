import { describe, expect, it, vi } from 'vitest';
import { ApiClient, buildQuery, repeated, type AuthBridge } from './api-client.ts';
import { HttpError, NetworkError, NotFoundError, isNotFound } from './http-error.ts';
import { RETRY_STATUSES } from './retry-policy.ts';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function client(responses: (Response | Error)[], options: { online?: boolean; auth?: AuthBridge } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const api = new ApiClient({ fetch: fetchMock as typeof fetch, sleep: async () => undefined, isOnline: () => options.online ?? true, baseUrl: 'http://demo.app.localhost' });
  if (options.auth) api.setAuthBridge(options.auth);
  return { api, calls };
}

describe('fetch client retries (spec §9)', () => {
  it('retries each listed status once for a GET', async () => {
    for (const status of RETRY_STATUSES) {
      const { api, calls } = client([json(status, { code: 'x' }), json(200, { ok: true })]);
      await expect(api.get('/api/thing')).resolves.toEqual({ ok: true });
      expect(calls).toHaveLength(2);
    }
  });

  it('retries only once', async () => {
    const { api, calls } = client([json(503, {}), json(503, { code: 'service-unavailable' })]);
    await expect(api.get('/api/thing')).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(2);
  });

  it('never retries writes', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const { api, calls } = client([json(503, {}), json(200, {})]);
      await expect(api[method]('/api/thing', { json: {} })).rejects.toBeInstanceOf(HttpError);
      expect(calls).toHaveLength(1);
    }
  });

  it('does not retry other statuses', async () => {
    for (const status of [400, 401, 403, 404, 422, 501]) {
      const { api, calls } = client([json(status, {}), json(200, {})]);
      await expect(api.get('/api/thing', { auth: false })).rejects.toBeInstanceOf(HttpError);
      expect(calls).toHaveLength(1);
    }
  });

  it('retries a network error on the first attempt when online, for safe methods', async () => {
    const online = client([new TypeError('Failed to fetch'), json(200, { ok: 1 })]);
    await expect(online.api.get('/x')).resolves.toEqual({ ok: 1 });
    const offline = client([new TypeError('Failed to fetch'), json(200, {})], { online: false });
    await expect(offline.api.get('/x')).rejects.toBeInstanceOf(NetworkError);
    const write = client([new TypeError('Failed to fetch'), json(200, {})]);
    await expect(write.api.post('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(write.calls).toHaveLength(1);
  });
});

describe('HTTP errors (spec §8)', () => {
  it('carry status, method, URL and body', async () => {
    const { api } = client([json(400, { code: 'bad-request', detail: 'Nope' })]);
    const error = (await api.post('/api/things', { json: { a: 1 } }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.method).toBe('POST');
    expect(error.url).toBe('http://demo.app.localhost/api/things');
    expect(error.body).toEqual({ code: 'bad-request', detail: 'Nope' });
    expect(error.code).toBe('bad-request');
    expect(error.detail).toBe('Nope');
  });

  it('detect a 404 separately', async () => {
    const { api } = client([json(404, { code: 'not-found' })]);
    const error = await api.get('/api/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(isNotFound(error)).toBe(true);
    expect(isNotFound(new HttpError({ status: 500, method: 'GET', url: '/', body: '', bodyText: '', contentType: '' }))).toBe(false);
  });

  it('keep an HTML answer as text for the error page', async () => {
    const { api } = client([
      new Response('<!doctype html><h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
      new Response('<html>still</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ]);
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as HttpError;
    expect(error.isHtml).toBe(true);
    expect(error.bodyText).toContain('<html>');
  });
});

describe('requests', () => {
  it('comma-joins array query values, repeats repeated ones and drops empty ones', () => {
    expect(buildQuery({ ids: [1, 2, 3], search: 'ana', page: 1, empty: undefined, none: null })).toBe('?ids=1%2C2%2C3&search=ana&page=1');
    expect(buildQuery({ key: repeated(['a,b', 'c']), is_active: 'all' })).toBe('?key=a%2Cb&key=c&is_active=all');
    expect(buildQuery({ key: repeated([]) })).toBe('');
  });

  it('sends the bearer token, and after a 401 refreshes once and retries (even a write: it was refused, not applied)', async () => {
    let token = 'old';
    const auth: AuthBridge = {
      getIdToken: async () => token,
      recoverFromUnauthorized: vi.fn(async () => {
        token = 'new';
        return true;
      }),
      inspectFailure: vi.fn(),
    };
    const { api, calls } = client([json(401, { code: 'not-signed-in' }), json(201, { id: 1 })], { auth });
    await expect(api.post('/api/things', { json: {} })).resolves.toEqual({ id: 1 });
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer old');
    expect(new Headers(calls[1]!.init.headers).get('authorization')).toBe('Bearer new');
  });

  it('reports other failures of authenticated calls to the session rules', async () => {
    const auth: AuthBridge = { getIdToken: async () => 't', recoverFromUnauthorized: async () => false, inspectFailure: vi.fn() };
    const { api } = client([json(403, { code: 'user-disabled' })], { auth });
    await expect(api.get('/api/me')).rejects.toBeInstanceOf(HttpError);
    expect(auth.inspectFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
  });
});
