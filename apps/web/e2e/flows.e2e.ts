import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goto, launch, openPage, shot, signInAs } from './helpers.ts';

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
    for (let i = 0; i < 4; i++) await page.click('[data-testid=onboarding-next]');
    await page.waitForSelector('[data-testid=home-greeting]');
    await context.close();
  });
});
