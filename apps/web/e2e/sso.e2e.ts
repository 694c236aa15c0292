import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, VIEWPORT_NAMES, expectAccessible, launch, openPage, shot } from './helpers.ts';
import { removeData, startServer, stopServer, type OwnServer } from './server-process.ts';
import { startIdp, type TestIdp } from '../../server/test/sso-idp.ts';

/**
 * Federated sign-in end to end (decision 029): a server of this test's own (it allows identity
 * providers on this machine), oidc-provider running in this process as the real provider, and
 * Chromium clicking the tenant's OIDC button — a popup on the desktop, a redirect on the phone —
 * and a magic-link code read from the outbox.
 */
let browser: Browser;
let server: OwnServer;
let idp: TestIdp;

/** The demo administrator's API calls, from a page on the server's origin. */
async function adminApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, password }) => {
      const signIn = await fetch('/api/auth/v3/sign-in/password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@faena.test', password }) });
      const token = ((await signIn.json()) as { id_token: string }).id_token;
      const answer = await fetch(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${method} ${path} → ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    { method, path, body, password: DEMO_PASSWORD },
  );
}

beforeAll(async () => {
  browser = await launch();
  server = await startServer({ env: { SSO_ALLOW_LOCAL_PROVIDERS: 'true' } });
  idp = await startIdp([{ client_id: 'faena-demo', client_secret: 'demo-client-secret', redirect_uris: [`${server.baseUrl}/api/auth/v3/sso/callback`] }]);
  const { page, context } = await openPage(browser, 'desktop');
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load' });
  await adminApi(page, 'POST', '/api/auth/v3/sso/providers', { type: 'OIDC', name: 'Acceso', slug: 'acceso', issuer: idp.issuer, client_id: 'faena-demo', client_secret: 'demo-client-secret', provisioning: 'create' });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
  if (server) {
    await stopServer(server);
    removeData(server);
  }
});

describe.each(VIEWPORT_NAMES)('federated and magic-link sign-in (%s)', (viewport) => {
  it(`signs in with the tenant's OIDC provider (${viewport === 'desktop' ? 'popup' : 'redirect'}) and lands on /home`, async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto(`${server.baseUrl}/sign-in`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid=method-oidc]');
    await shot(page, 'sso-sign-in-methods', viewport);
    await expectAccessible(page, `/sign-in with OIDC ${viewport}`);
    idp.as({ sub: `e2e-${viewport}`, email: `sso.${viewport}@faena.test`, name: viewport === 'desktop' ? 'Sofía Federada' : 'Tomás Federado' });
    if (viewport === 'desktop') {
      const popup = page.waitForEvent('popup');
      await page.click('[data-testid=method-oidc]');
      const opened = await popup;
      expect(opened.viewportSize()).toMatchObject({ width: 500, height: 600 });
    } else {
      await page.click('[data-testid=method-oidc]');
    }
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.textContent('[data-testid=home-greeting]')).toBe(viewport === 'desktop' ? 'Hola, Sofía' : 'Hola, Tomás');
    // the session is an OIDC one: signing out warns that the provider's session stays open
    expect(await page.evaluate(() => new URLSearchParams(window.location.hash.slice(1)).get('sso_handoff'))).toBeNull();
    await shot(page, 'sso-signed-in', viewport);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the 6-digit code of the magic-link e-mail, read from the outbox', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    const email = viewport === 'desktop' ? 'supervisora@faena.test' : 'operario@faena.test';
    await page.goto(`${server.baseUrl}/sign-in?method=magic-link`, { waitUntil: 'load' });
    await page.waitForSelector('input[type=email]');
    await page.fill('input[type=email]', email);
    await page.getByRole('button', { name: /Enviar/ }).click();
    await page.waitForURL((url) => url.pathname === '/from-magic-link');
    const outbox = await adminApi<{ results: { recipient: string; text: string }[] }>(page, 'GET', '/api/auth/v3/outbox?page_size=50');
    const code = /Tu código es (\d{6})/.exec(outbox.results.find((m) => m.recipient === email)!.text)![1]!;
    await shot(page, 'magic-link-code', viewport);
    await expectAccessible(page, `/from-magic-link ${viewport}`);
    await page.getByLabel(/1 de 6|1 of 6/).first().click();
    await page.keyboard.type(code);
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
