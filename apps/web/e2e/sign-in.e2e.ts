import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, VIEWPORT_NAMES, expectAccessible, goto, launch, openPage, shot, signInAs } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_NAMES)('sign-in (%s)', (viewport) => {
  it('redirects a protected route to /login, replacing the history entry', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await goto(page, '/settings', '[data-testid=demo-accounts]');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await shot(page, 'login', viewport);
    await expectAccessible(page, `/login ${viewport}`);
    // Replaced, not pushed: going back leaves the app instead of bouncing through /settings.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password, validates the fields, then signs in and lands on /home', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await goto(page, '/sign-in', '[data-testid=sign-in-submit]');
    await page.click('[data-testid=sign-in-submit]');
    await page.getByText('Invalid email').waitFor();
    await page.getByText('You must enter a password').waitFor();
    await shot(page, 'sign-in-validation', viewport);

    await page.fill('input[data-testid=email]', 'supervisora@faena.test');
    await page.fill('input[data-testid=password]', 'no-es-la-clave');
    await page.click('[data-testid=sign-in-submit]');
    await page.getByText('El correo o la contraseña no son correctos.').waitFor();
    await shot(page, 'sign-in-wrong-password', viewport);
    await expectAccessible(page, `/sign-in with errors ${viewport}`);

    await page.fill('input[data-testid=password]', DEMO_PASSWORD);
    await page.click('[data-testid=sign-in-submit]');
    await page.waitForSelector('[data-testid=home-greeting]');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.textContent('[data-testid=home-greeting]')).toBe('Hola, Camila');
    await shot(page, 'home', viewport);
    await expectAccessible(page, `/home ${viewport}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when a federated method is not available yet, and refuses a disabled user', async () => {
    const { page, context } = await openPage(browser, viewport);
    await goto(page, '/login', '[data-testid=method-google]');
    await page.click('[data-testid=method-google]');
    await page.getByText('That sign-in method is not yet available on this version').waitFor();
    await page.click('[data-testid=demo-inactivo]');
    await page.getByText(/Tu usuario está deshabilitado/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('session across tabs', () => {
  it('signs every tab out when one signs out, and in when one signs in', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    const other = await context.newPage();
    const otherLog: string[] = [];
    other.on('console', (m) => otherLog.push(`${m.type()}: ${m.text()}`));
    other.on('pageerror', (e) => otherLog.push(`pageerror: ${e.message}`));
    await goto(other, '/settings', '[data-testid=language-select]');

    await page.click('[data-testid=sign-out]');
    await page.waitForSelector('[data-testid=demo-accounts]');
    await other.waitForSelector('[data-testid=demo-accounts]');
    expect(new URL(other.url()).pathname).toBe('/login');

    await page.click('[data-testid=demo-admin]');
    await page.waitForSelector('[data-testid=home-greeting]');
    await other.waitForSelector('[data-testid=home-greeting]', { timeout: 30_000 }).catch(async (error: unknown) => {
      console.log('other tab:', other.url(), (await other.textContent('body'))?.slice(0, 300), otherLog.join('\n'));
      throw error;
    });
    await context.close();
  });
});

describe('system sign-out', () => {
  it('a session revoked by the server right after sign-in ends with the revoked message (spec §4)', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await signInAs(page, 'supervisora');
    // Revoke this session on the server, as another device or an administrator would.
    const status = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('faena.session') ?? '{}') as { idToken?: string };
      const answer = await fetch('/api/auth/v3/sign-out', { method: 'POST', headers: { authorization: `Bearer ${session.idToken}` } });
      return answer.status;
    });
    expect(status).toBe(204);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-testid=session-notice]');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.textContent('[data-testid=session-notice]')).toContain('Tu sesión ha sido revocada por el sistema, probablemente no perteneces a la organización.');
    await shot(page, 'session-revoked', 'desktop');
    await context.close();
  });
});
