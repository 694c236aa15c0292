import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36);
const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Picks an option of a select by typing part of its label. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  const input = page.locator(`input[data-testid=${testId}]`);
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text, 'i') })
    .first()
    .click();
}

describe('activities', () => {
  for (const viewport of ['mobile'] as const) {
    it(
      `${viewport}: creates a weekly activity with a form, sees it in the calendar, completes an occurrence by filling the form, edits "esta y las siguientes", and the responsible is told`,
      { timeout: 240_000 },
      async () => {
        const title = `Ronda de bodega ${RUN} ${viewport}`;
        const { page, context, errors } = await openPage(browser, viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await signInAs(page, 'admin');
        await adminApi(page, 'POST', '/api/forms/v3/forms/', {
          name: `Checklist de ronda ${RUN} ${viewport}`,
          description: [{ id: 1, type: 'text', name: 'hallazgos', label: 'Hallazgos', required: true }],
        });

        // create: today at noon (the same day in any zone near the viewer's), weekly on today and two days later
        const today = new Date();
        const pad = (n: number) => String(n).padStart(2, '0');
        const start = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}T12:00`;
        const other = CODES[(today.getDay() + 2) % 7]!;
        await goto(page, '/activities', '[data-testid=new-activity]');
        await page.click('[data-testid=new-activity]');
        await page.waitForSelector('[data-testid=activity-form]');
        await page.fill('[data-testid=activity-title]', title);
        await page.locator('[data-testid=content-mode]').getByText('Formulario').click();
        await pick(page, 'activity-form-picker', `Checklist de ronda ${RUN} ${viewport}`);
        await page.fill('[data-testid=activity-start]', start);
        await page.click('input[data-testid=recurrence-kind]');
        await page.getByRole('option', { name: 'Semanalmente' }).click();
        await page.click(`[data-testid=weekday-${other}]`);
        await page.click('[data-testid=end-count]');
        await page.fill('input[data-testid=count-input]', '6');
        await expect.poll(() => page.locator('[data-testid=recurrence-words]').textContent()).toMatch(/^Cada semana, .+ y .+, 6 veces$/);
        await page.locator('[data-testid=recurrence-preview] li').first().waitFor();
        expect(await page.locator('[data-testid=recurrence-preview] li').count()).toBe(5);
        await pick(page, 'activity-responsibles', 'Camila Rojas');
        await page.keyboard.press('Escape');
        await shot(page, 'activities-form', viewport);
        await expectAccessible(page, `activity form (${viewport})`);
        await page.click('[data-testid=save-activity]');

        // the occurrence screen: its series in words, then the calendar shows it
        await page.waitForSelector('[data-testid=occurrence-title]');
        expect(await page.locator('[data-testid=occurrence-title]').textContent()).toBe(title);
        await page.locator('[data-testid=series-rule]').waitFor();
        expect(await page.locator('[data-testid=series-rule]').textContent()).toMatch(/^Cada semana, .+ y .+, 6 veces$/);
        const firstOccurrence = page.url();
        await goto(page, '/activities?view=calendar&mine=false', '[data-testid=activity-calendar]');
        await page.locator('[data-testid=activity-calendar]').getByText(title).first().waitFor();
        await shot(page, 'activities-calendar', viewport);
        await expectAccessible(page, `activities calendar (${viewport})`);

        // complete the first occurrence by filling its form (a missing answer lands on the field first)
        await page.goto(firstOccurrence);
        await page.waitForSelector('[data-testid=occurrence-actions] [data-testid=form-renderer]');
        await page.getByTestId('form-submit').click();
        await page.getByTestId('form-errors').waitFor();
        await page.getByTestId('field-hallazgos').locator('input').fill('Pasillo 3 despejado');
        await page.getByTestId('form-submit').click();
        await page.waitForSelector('[data-testid=occurrence-completion]');
        expect(await page.locator('[data-testid=occurrence-status]').textContent()).toBe('Completada');
        await shot(page, 'activities-occurrence-completed', viewport);
        await expectAccessible(page, `completed occurrence (${viewport})`);

        // "esta y las siguientes" from the next occurrence
        await page.locator('[data-testid=next-occurrence]').first().click();
        await page.waitForURL((address) => address.href !== firstOccurrence);
        await page.waitForSelector('[data-testid=edit-activity]');
        await page.click('[data-testid=edit-activity]');
        await page.waitForSelector('[data-testid=activity-form]');
        await page.fill('[data-testid=activity-title]', `${title} (turno tarde)`);
        await page.click('[data-testid=save-activity]');
        await page.waitForSelector('[data-testid=scope-following]');
        await shot(page, 'activities-edit-scope', viewport);
        await page.click('[data-testid=scope-following]');
        await page.waitForSelector('[data-testid=occurrence-title]');
        await expect.poll(() => page.locator('[data-testid=occurrence-title]').textContent()).toBe(`${title} (turno tarde)`);

        // the list: today's tab has the completed first occurrence
        await goto(page, '/activities?mine=false', '[data-testid=occurrence-list], [data-testid=activities-empty]');
        await page.locator('[data-testid=occurrence-row]', { hasText: title }).first().waitFor();
        await shot(page, 'activities-list', viewport);
        await expectAccessible(page, `activities list (${viewport})`);
        expect(errors).toEqual([]);
        await context.close();

        // the responsible's inbox says they were assigned
        const responsible = await openPage(browser, viewport);
        await signInAs(responsible.page, 'supervisora');
        await responsible.page.locator('[data-testid=home-activities]').waitFor();
        await shot(responsible.page, 'activities-home', viewport);
        await goto(responsible.page, '/notifications', '[data-testid=notification-item]');
        await responsible.page.locator('[data-testid=notification-item]', { hasText: title }).first().waitFor();
        await shot(responsible.page, 'activities-inbox', viewport);
        expect(responsible.errors).toEqual([]);
        await responsible.context.close();
      },
    );
  }

  it('desktop: a reminder arrives in the inbox at its time, without a reload, and opens its occurrence', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    const me = await adminApi<{ passport: string }>(page, 'GET', '/api/auth/v3/me');
    // starts at the first whole minute two minutes and ten seconds from now (UTC wall time), reminder two minutes before
    const at = new Date(Math.ceil((Date.now() + 130_000) / 60_000) * 60_000);
    const title = `Cierre de caja ${RUN}`;
    await adminApi(page, 'POST', '/api/activities/v3/activities/', {
      title,
      start: at.toISOString().slice(0, 16),
      timezone: 'UTC',
      duration_minutes: 30,
      reminders: [2],
      responsibles: [me.passport],
    });
    await goto(page, '/notifications', '[data-testid=notifications-page-list]');
    const reminder = page.locator('[data-testid=notification-item]', { hasText: 'Comienza en 2 minutos' }).filter({ hasText: title });
    await reminder.first().waitFor({ timeout: 120_000 });
    await shot(page, 'activities-reminder', 'desktop');
    await reminder.first().click();
    await page.waitForURL((address) => address.pathname.startsWith('/activities/'));
    await expect.poll(() => page.locator('[data-testid=occurrence-title]').textContent()).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });
});
