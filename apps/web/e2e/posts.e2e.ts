import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, goto, launch, openPage, shot, signInAs } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('posts', () => {
  for (const viewport of ['mobile'] as const) {
    it(`${viewport}: the administrator publishes a post asking for "Leído y entendido" to an audience; the member gets it in the inbox and the feed, acknowledges it, and the author's receipts update`, async () => {
      const title = `Uso obligatorio de casco ${viewport} ${Date.now().toString(36)}`;
      const author = await openPage(browser, viewport);
      const member = await openPage(browser, viewport);
      try {
        // the author writes it
        await signInAs(author.page, 'admin');
        await goto(author.page, '/posts/new', '[data-testid=post-title-input]');
        await author.page.fill('[data-testid=post-title-input]', title);
        await author.page.locator('.ProseMirror').click();
        await author.page.keyboard.type('Desde hoy el casco es obligatorio en toda la bodega.');
        await author.page.click('[data-testid=post-audience]');
        await author.page.locator('[data-testid=post-audience] input').fill('bodega');
        await author.page
          .getByRole('option', { name: /Equipo de bodega/ })
          .first()
          .click();
        await expect.poll(() => author.page.locator('[data-testid=post-reach]').textContent()).toMatch(/Llegará a 2 personas/);
        await author.page.locator('[data-testid=post-requires-ack]').check({ force: true });
        await shot(author.page, 'posts-form', viewport);
        await expectAccessible(author.page, 'post form');
        await author.page.click('[data-testid=publish-post]');
        await author.page.waitForSelector('[data-testid=receipts-panel]', { timeout: 20_000 });
        expect(await author.page.locator('[data-testid=post-title]').textContent()).toBe(title);
        const postPath = new URL(author.page.url()).pathname;

        // the member finds it in the inbox; opening it leads to the post
        await signInAs(member.page, 'operario');
        await goto(member.page, '/notifications', '[data-testid=notification-list]');
        const item = member.page.locator('[data-testid=notification-item]', { hasText: title });
        await expect
          .poll(
            async () => {
              if ((await item.count()) === 0) await member.page.reload({ waitUntil: 'load' });
              return item.count();
            },
            { timeout: 20_000 },
          )
          .toBe(1);
        await shot(member.page, 'posts-inbox', viewport);
        await item.locator('[data-testid=notification-open]').click();
        await member.page.waitForURL((address) => address.pathname === postPath);
        await member.page.waitForSelector('[data-testid=acknowledge]');
        await shot(member.page, 'posts-detail-member', viewport);
        await expectAccessible(member.page, 'post detail (member)');

        // and in the feed, awaiting the acknowledgement
        await goto(member.page, '/posts', '[data-testid=posts-list]');
        const card = member.page.locator('[data-testid=post-card]', { hasText: title });
        await expect.poll(() => card.locator('[data-testid=post-awaiting-ack]').count()).toBe(1);
        await shot(member.page, 'posts-feed', viewport);
        await expectAccessible(member.page, 'posts feed');
        await card.click();
        await member.page.click('[data-testid=acknowledge]');
        await member.page.waitForSelector('[data-testid=acknowledged]');

        // the author sees who read and acknowledged it
        await author.page.reload({ waitUntil: 'load' });
        await expect.poll(() => author.page.locator('[data-testid=receipts-acknowledged]').textContent(), { timeout: 20_000 }).toMatch(/Confirmado por 1 de 2/);
        await expect.poll(() => author.page.locator('[data-testid=receipts-table]').textContent()).toContain('Matías González');
        await shot(author.page, 'posts-receipts', viewport);
        await expectAccessible(author.page, 'post receipts');
        // the authors' list: every post with its state
        await goto(author.page, '/posts?tab=manage', '[data-testid=post-card]');
        await author.page.locator('[data-testid=post-card]', { hasText: 'Turnos de fin de año' }).locator('[data-testid=post-state]').waitFor();
        await shot(author.page, 'posts-manage', viewport);
        await expectAccessible(author.page, 'posts (manage)');
        expect([...author.errors, ...member.errors]).toEqual([]);
      } finally {
        await author.context.close();
        await member.context.close();
      }
    });
  }

  for (const viewport of ['desktop'] as const) {
    it(`${viewport}: links of interest — the administrator adds one (an address that is not http or https is refused), the member sees it in its category and on /tools`, async () => {
      const title = `Turnos y vacaciones ${viewport} ${Date.now().toString(36)}`;
      const author = await openPage(browser, viewport);
      const member = await openPage(browser, viewport);
      try {
        await signInAs(author.page, 'admin');
        await goto(author.page, '/links', '[data-testid=link-card]');
        await author.page.click('[data-testid=new-link]');
        await author.page.fill('[data-testid=link-title]', title);
        await author.page.fill('[data-testid=link-url]', 'javascript:alert(1)');
        await author.page.click('[data-testid=save-link]');
        await author.page.getByText('Ingresa una dirección que empiece con http:// o https://').waitFor();
        await author.page.fill('[data-testid=link-url]', 'https://turnos.example.com');
        await author.page.fill('[data-testid=link-category]', 'Personas');
        await author.page.click('[data-testid=link-title]');
        await expectAccessible(author.page, 'link form');
        await author.page.click('[data-testid=save-link]');
        await author.page.locator('[data-testid=link-card]', { hasText: title }).waitFor();

        await signInAs(member.page, 'operario');
        await goto(member.page, '/links', '[data-testid=link-card]');
        const section = member.page.getByRole('region', { name: 'Personas' });
        await section.locator('[data-testid=link-card]', { hasText: title }).waitFor();
        expect(await section.getByRole('link', { name: new RegExp(title) }).getAttribute('href')).toBe('https://turnos.example.com');
        await shot(member.page, 'links', viewport);
        await expectAccessible(member.page, 'links');
        await goto(member.page, '/tools', '[data-testid=tools-links]');
        // the permissions calculator is for people administrators only
        expect(await member.page.locator('[data-testid=tool-permissionsCalculator]').count()).toBe(0);
        await shot(member.page, 'tools', viewport);
        await expectAccessible(member.page, 'tools');
        expect([...author.errors, ...member.errors]).toEqual([]);
      } finally {
        await author.context.close();
        await member.context.close();
      }
    });
  }
});
