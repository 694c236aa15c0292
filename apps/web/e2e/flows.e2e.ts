import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, goto, launch, openPage, shot, signInAs, url } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('invitation', () => {
  it('an administrator creates an invite; the invitee accepts it and lands signed in', async () => {
    const admin = await openPage(browser, 'desktop');
    await signInAs(admin.page, 'admin');
    await goto(admin.page, '/settings', '[data-testid=invite-email]');
    const email = `nueva.${Date.now()}@faena.test`;
    await admin.page.fill('input[data-testid=invite-email]', email);
    await admin.page.getByLabel('Nombre (opcional)', { exact: true }).fill('Paz Invitada');
    await admin.page.click('[data-testid=invite-create]');
    const link = await admin.page.locator('[data-testid=invite-link]').inputValue();
    expect(link).toMatch(/\/from-invite\?token=/);
    await shot(admin.page, 'invite-created', 'desktop');
    await admin.context.close();

    for (const viewport of ['mobile'] as const) {
      const invitee = await openPage(browser, viewport);
      await invitee.page.goto(link, { waitUntil: 'load' });
      await invitee.page.waitForSelector('[data-testid=invite-name]');
      expect(await invitee.page.locator('[data-testid=invite-name]').inputValue()).toBe('Paz Invitada');
      await invitee.page.click('[data-testid=invite-submit]');
      await invitee.page.getByText('You must enter a password').waitFor();
      await shot(invitee.page, 'from-invite', viewport);
      await expectAccessible(invitee.page, '/from-invite');
      await invitee.page.locator('[data-testid=invite-password]').fill('clave-segura-1');
      await invitee.page.click('[data-testid=invite-submit]');
      await invitee.page.waitForSelector('[data-testid=home-greeting]');
      expect(await invitee.page.textContent('[data-testid=home-greeting]')).toBe('Hola, Paz');
      await invitee.context.close();
    }
  });
});

describe('impersonation', () => {
  it("shows 'impersonating {name}' with an exit that returns to the original person", async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, '/settings', '[data-testid=impersonate-select]');
    await page.fill('input[data-testid=impersonate-select]', 'Matías');
    await page.getByRole('option', { name: /Matías González/ }).click();
    await page.click('[data-testid=impersonate-start]');
    await page.waitForSelector('[data-testid=impersonation-banner]');
    expect(await page.textContent('[data-testid=impersonation-banner]')).toContain('impersonating Matías González');
    await shot(page, 'impersonation-banner', 'desktop');
    await expectAccessible(page, 'impersonation banner');
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForSelector('[data-testid=impersonation-banner]', { state: 'detached' });
    await page.click('[data-testid=profile-button]');
    await page.locator('[data-testid=profile-popup]').getByText('rrhh@faena.test').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('onboarding', () => {
  it('settings can simulate onboarding, which walks its steps and ends at home', async () => {
    const { page, context } = await openPage(browser, 'mobile');
    await signInAs(page, 'admin');
    await goto(page, '/settings', '[data-testid=simulate-onboarding]');
    await page.click('[data-testid=simulate-onboarding]');
    await page.waitForSelector('[data-testid=onboarding-step]');
    await shot(page, 'onboarding', 'mobile');
    await expectAccessible(page, '/onboarding');
    for (let i = 0; i < 4; i++) await page.click('[data-testid=onboarding-next]');
    await page.waitForSelector('[data-testid=home-greeting]');
    await context.close();
  });
});

describe('magic link (flag on in the demo tenant)', () => {
  it('sends the e-mail, then signs in with the 6-digit code; the link itself signs in too', async () => {
    const { page, context, errors } = await openPage(browser, 'mobile');
    await goto(page, '/sign-in?method=magic-link', 'form[aria-label="Pedir un vínculo mágico"]');
    await page.fill('input[type=email]', 'operario@faena.test');
    await page.getByRole('button', { name: 'Enviar vínculo' }).click();
    await page.waitForURL(/\/from-magic-link\?email=/);
    await page.getByText(/Te enviamos un correo a operario@faena.test/).waitFor();
    await shot(page, 'from-magic-link', 'mobile');
    await expectAccessible(page, '/from-magic-link');

    // The e-mail lands in the tenant's outbox (no SMTP here); an administrator can read it.
    const mail = await page.evaluate(async () => {
      const signIn = await fetch('/api/auth/v3/sign-in/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@faena.test', password: 'faena-demo' }),
      });
      const { id_token } = (await signIn.json()) as { id_token: string };
      const outbox = await fetch('/api/auth/v3/outbox?page=1&page_size=5', { headers: { authorization: `Bearer ${id_token}` } });
      const { results } = (await outbox.json()) as { results: { recipient: string; text: string }[] };
      return results.find((m) => m.recipient === 'operario@faena.test')?.text ?? '';
    });
    const code = /(\d{6})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.locator('input[aria-label="Dígito 1 de 6"]').click();
    await page.keyboard.type('000000');
    await page.getByText('Sign in with email link failed').waitFor();
    await page.locator('input[aria-label="Dígito 1 de 6"]').click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await page.locator('input[aria-label="Dígito 1 de 6"]').click();
    await page.keyboard.type(code!);
    await page.waitForSelector('[data-testid=home-greeting]');
    expect(await page.textContent('[data-testid=home-greeting]')).toBe('Hola, Matías');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('unsaved changes and toasts', () => {
  it('asks before discarding an edited profile, then saves it', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/profile/edit', '[data-testid=profile-name]');
    const original = await page.inputValue('input[data-testid=profile-name]');
    await page.fill('input[data-testid=profile-name]', 'Admin Renombrada');

    await page.locator('[data-testid=nav-menu]').getByRole('link', { name: 'Inicio' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await dialog.waitFor();
    // Spec §9: a small modal is 500 px wide at most.
    expect(Math.round(await page.$eval('.mantine-Modal-content', (el) => el.getBoundingClientRect().width))).toBe(500);
    await shot(page, 'discard-changes', 'desktop');
    await expectAccessible(page, 'discard-changes dialog');
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile/edit');

    // PATCH /api/auth/v3/me saves it: the page goes to /profile and the header shows the new name.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('Admin Renombrada').first().waitFor();
    await shot(page, 'profile-saved', 'desktop');

    // Put the seed's name back for the tests that follow.
    await goto(page, '/profile/edit', '[data-testid=profile-name]');
    await page.fill('input[data-testid=profile-name]', original);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/profile$/);
    await context.close();
  });
});

describe('unknown organisation', () => {
  it("says 'Organization {x} not found.' and 'If the problem persists, contact your administrator.'", async () => {
    const { page, context } = await openPage(browser, 'mobile');
    const address = new URL(url('/'));
    address.hostname = 'no-existe.app.localhost';
    await page.goto(address.toString(), { waitUntil: 'load' });
    await page.waitForSelector('[data-testid=tenant-not-found]');
    await page.getByText('Organization no-existe not found.').waitFor();
    await page.getByText('If the problem persists, contact your administrator.').waitFor();
    await shot(page, 'tenant-not-found', 'mobile');
    await expectAccessible(page, 'unknown organisation');
    await context.close();
  });
});
