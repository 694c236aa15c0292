import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@faena/domain';
import { buildApp, type Module } from '../src/platform/http/app.ts';
import { isAccess, requires } from '../src/platform/http/access.ts';
import { MODULES } from '../src/modules/index.ts';
import { body, collectRoutes, DEMO_ADMIN, DEMO_PASSWORD, engines, routeTable, signIn, startProbeApp, startServer, type TestServer } from './harness.ts';

describe.each(engines())('route guard on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
  });
  afterAll(() => server?.close());

  const build = (extra: Module[]) =>
    buildApp(server.running.platform, [...MODULES, ...extra], { logger: false }).then(async (app) => {
      await app.ready();
      return app.close();
    });

  it('every route of every module declares public or its permissions, with known keys only', async () => {
    const routes = (await collectRoutes(server)).filter((route) => route.url.startsWith('/api'));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect(isAccess(route.access), label).toBe(true);
      if (route.access && 'permissions' in route.access) {
        for (const key of [...route.access.permissions, ...(route.access.anyOf ?? [])]) expect(PERMISSION_KEYS as readonly string[], label).toContain(key);
      }
    }
  });

  it('the only /api routes outside the modules are the platform ones, which need no tenant', async () => {
    const fromModules = new Set((await collectRoutes(server)).map((route) => `${route.method} ${route.url}`));
    const others = routeTable(server.running.app)
      .filter((route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !fromModules.has(route));
    expect(others.sort()).toEqual(['GET /api/health', 'GET /api/openapi.json']);
    expect((await server.api('nope', '/api/health')).status).toBe(200);
  });

  it('refuses to build an app with a route that declares nothing, naming the route', async () => {
    const unguarded: Module = (app) => {
      app.get('/api/probe/v3/unguarded', async () => ({ secret: true }));
    };
    await expect(build([unguarded])).rejects.toThrow('Route GET /api/probe/v3/unguarded declares neither public nor its permissions');
  });

  it('refuses declarations that only look like access', async () => {
    const cases: [string, unknown][] = [
      ['string permissions', { permissions: 'MANAGE_PEOPLE' }],
      ['public as text', { public: 'yes' }],
      ['empty object', {}],
      ['null', null],
    ];
    for (const [label, access] of cases) {
      const module: Module = (app) => {
        app.post('/api/probe/v3/odd', { config: { access: access as never } }, async () => ({}));
      };
      await expect(build([module]), label).rejects.toThrow('Route POST /api/probe/v3/odd declares neither public nor its permissions');
    }
  });

  it('refuses an unguarded route inside an encapsulated plugin too', async () => {
    const nested: Module = async (app) => {
      await app.register(
        async (child) => {
          child.delete('/things/:id', async () => ({}));
        },
        { prefix: '/api/probe/v3' },
      );
    };
    await expect(build([nested])).rejects.toThrow('Route DELETE /api/probe/v3/things/:id declares neither public nor its permissions');
  });

  describe('routes outside /api', () => {
    let probe: Awaited<ReturnType<typeof startProbeApp>>;
    beforeAll(async () => {
      probe = await startProbeApp(server, [
        (app) => {
          app.get('/files/probe/:id', { config: { access: requires('MANAGE_PEOPLE') } }, async (request) => ({ person: request.caller?.personId }));
          app.get('/probe-static.txt', async () => 'static');
        },
      ]);
    });
    afterAll(() => probe?.close());

    it('keep the permissions they declare', async () => {
      const anonymous = await probe.api('demo', '/files/probe/1');
      expect(anonymous.status).toBe(401);
      expect(await body(anonymous)).toMatchObject({ code: 'not-signed-in' });
      const worker = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
      expect((await probe.api('demo', '/files/probe/1', { token: worker })).status).toBe(403);
      const admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
      expect((await probe.api('demo', '/files/probe/1', { token: admin })).status).toBe(200);
    });

    it('are public only when they declare nothing (the web app’s files)', async () => {
      const response = await probe.api('nope', '/probe-static.txt');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('static');
    });
  });
});
