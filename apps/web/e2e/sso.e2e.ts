import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, VIEWPORT_NAMES, expectAccessible, launch, openPage, shot } from './helpers.ts';
import { removeData, startServer, stopServer, type OwnServer } from './server-process.ts';
import { startIdp, type TestIdp } from '../../server/test/sso-idp.ts';
import { startSamlIdp, type TestSamlIdp } from '../../server/test/auth-sso-saml-idp.ts';

/**
 * Federated sign-in end to end (decision 029): a server of this test's own (it allows identity
 * providers on this machine), oidc-provider running in this process as the real provider, and
 * Chromium clicking the tenant's OIDC button — a popup on the desktop, a redirect on the phone —
 * and a magic-link code read from the outbox. SAML 2.0 the same way against a signing IdP of the
 * test process whose page posts the Response to the ACS (a cross-site POST, bounced once through
 * Faena's origin). Settings: the administrator edits a provider.
 */
let browser: Browser;
let server: OwnServer;
let idp: TestIdp;
let samlIdp: TestSamlIdp;

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
  samlIdp = await startSamlIdp();
  const { page, context } = await openPage(browser, 'desktop');
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load' });
  await adminApi(page, 'POST', '/api/auth/v3/sso/providers', {
    type: 'OIDC',
    name: 'Acceso',
    slug: 'acceso',
    issuer: idp.issuer,
    client_id: 'faena-demo',
    client_secret: 'demo-client-secret',
    provisioning: 'create',
  });
  await adminApi(page, 'POST', '/api/auth/v3/sso/providers', { type: 'SAML', name: 'Corporativo', slug: 'corporativo', idp_metadata_url: samlIdp.metadataUrl, provisioning: 'create' });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await samlIdp?.close();
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

  it(`signs in with the tenant's SAML provider (${viewport === 'desktop' ? 'popup' : 'redirect'}): signed assertion posted to the ACS`, async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto(`${server.baseUrl}/sign-in`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid=method-saml]');
    const who = viewport === 'desktop' ? { nameId: 'saml.desktop@faena.test', name: 'Valentina Saml' } : { nameId: 'saml.mobile@faena.test', name: 'Ignacio Saml' };
    samlIdp.as({ ...who, email: who.nameId });
    if (viewport === 'desktop') {
      const popup = page.waitForEvent('popup');
      await page.click('[data-testid=method-saml]');
      expect((await popup).viewportSize()).toMatchObject({ width: 500, height: 600 });
    } else {
      await page.click('[data-testid=method-saml]');
    }
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid=home-greeting]')).toBe(viewport === 'desktop' ? 'Hola, Valentina' : 'Hola, Ignacio');
    const method = await page.evaluate(async () => {
      const raw = Object.values(localStorage).find((v) => v.includes('sign_in_method')) ?? '';
      return /"sign_in_method":"([^"]+)"/.exec(raw)?.[1] ?? null;
    });
    if (method !== null) expect(method).toBe('SAML');
    await shot(page, 'sso-saml-signed-in', viewport);
    if (viewport === 'desktop') {
      // spec §8: signing out of a SAML session warns that the IdP's session stays open (no single logout: decision 029)
      await page.click('[data-testid=sign-out]');
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/seguirá abierta/).waitFor();
      await shot(page, 'sso-saml-sign-out-warning', viewport);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the administrator edits an identity provider in settings', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load' });
    await page.click('[data-testid=demo-admin]');
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 20_000 });
    await page.goto(`${server.baseUrl}/settings#settings-sign-in`, { waitUntil: 'load' });
    const card = page.locator('[data-testid=provider]', { hasText: 'Corporativo' }).first();
    await card.waitFor({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'sso-settings-providers', viewport);
    await card.locator('[data-testid=edit-provider]').click();
    const form = page.locator('[data-testid=provider-form]');
    await form.waitFor();
    const name = `Corporativo ${viewport === 'desktop' ? 'escritorio' : 'móvil'}`;
    await form.locator('[data-testid=provider-name]').fill(name);
    // a provider group handed a position (its domains and provisioning stay: the other tests sign in through it)
    await form.getByRole('button', { name: 'Agregar grupo' }).click();
    await form.getByLabel('Grupo', { exact: true }).last().fill(`jefaturas-${viewport}`);
    await form.getByLabel('Cargos', { exact: true }).last().click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'sso-settings-edit-provider', viewport);
    await expectAccessible(page, `settings sign-in edit ${viewport}`);
    await form.locator('[data-testid=save-provider]').click();
    await form.waitFor({ state: 'detached' });
    const saved = page.locator('[data-testid=provider]', { hasText: name }).first();
    await saved.waitFor();
    const providers = await adminApi<{ name: string; mapping: { group_positions: Record<string, string[]> } }[]>(page, 'GET', '/api/auth/v3/sso/providers');
    expect(providers.find((p) => p.name === name)?.mapping.group_positions[`jefaturas-${viewport}`]).toHaveLength(1);
    expect(await saved.locator('[data-testid=provider-acs]').textContent()).toContain('/api/auth/v3/sso/saml/');
    await saved.scrollIntoViewIfNeeded();
    await shot(page, 'sso-settings-provider-saved', viewport);
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
    await page
      .getByLabel(/1 de 6|1 of 6/)
      .first()
      .click();
    await page.keyboard.type(code);
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
