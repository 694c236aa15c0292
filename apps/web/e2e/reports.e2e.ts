import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs, url } from './helpers.ts';

let browser: Browser;
let tableau: Server;
let tableauOrigin: string;

/**
 * A stand-in Tableau site: it serves the Embedding API library at Tableau's path (a module script,
 * so with CORS) whose <tableau-viz> shows what it was given — the view's address and the claims of
 * the connected-app JWT. Another origin than the app's: the page's CSP must allow it.
 */
const FAKE_TABLEAU_LIBRARY = `
customElements.define('tableau-viz', class extends HTMLElement {
  connectedCallback() {
    const token = this.getAttribute('token') || '';
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    const shown = document.createElement('p');
    shown.dataset.testid = 'fake-tableau';
    shown.textContent = 'Tableau de prueba · ' + new URL(this.getAttribute('src')).pathname + ' · ' + claims.sub + ' · ' + claims.scp.join(',');
    this.style.display = 'block';
    this.append(shown);
  }
});
`;

beforeAll(async () => {
  browser = await launch();
  tableau = createServer((request, response) => {
    if (request.url === '/javascripts/api/tableau.embedding.3.latest.min.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      response.end(FAKE_TABLEAU_LIBRARY);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => tableau.listen(0, '127.0.0.1', resolve));
  tableauOrigin = `http://localhost:${(tableau.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (tableau ? tableau.close(() => resolve()) : resolve()));
});

describe('reports', () => {
  {
    const viewport = 'desktop' as const;
    it(`${viewport}: the administrator creates a built-in chart report, opens its public link signed out, revokes it and the link dies`, async () => {
      const suffix = `${viewport} ${Date.now().toString(36)}`;
      const category = `Indicadores ${suffix}`;
      const title = `Cumplimiento semanal ${suffix}`;
      const admin = await openPage(browser, viewport);
      const visitor = await openPage(browser, viewport); // another browser context: signed out
      try {
        await signInAs(admin.page, 'admin');
        await goto(admin.page, '/reports/administration', '[data-testid=report-category-new]');
        // a category of its own, made with the form
        await admin.page.click('[data-testid=report-category-new]');
        await admin.page.fill('[data-testid=report-category-name]', category);
        await admin.page.click('[data-testid=report-category-save]');
        await admin.page.locator('[data-testid=report-category]', { hasText: category }).waitFor();
        await admin.page.waitForURL(/\/reports\/administration\/[0-9a-f-]{36}$/);
        await shot(admin.page, 'reports-admin', viewport);
        await expectAccessible(admin.page, `reports administration (${viewport})`);

        // the report: a built-in chart, zero configuration
        await admin.page.click('[data-testid=report-new]');
        await admin.page.waitForURL(/\/reports\/administration\/create\/[0-9a-f-]{36}$/);
        await admin.page.fill('[data-testid=report-title]', title);
        await shot(admin.page, 'reports-form', viewport);
        await expectAccessible(admin.page, `report form (${viewport})`);
        await admin.page.click('[data-testid=report-save]');
        const row = admin.page.locator('[data-testid=admin-report]', { hasText: title });
        await row.waitFor({ timeout: 20_000 });

        // members see it under its category, and the chart draws
        await goto(admin.page, '/reports/list', '[data-testid=report-card]');
        await admin.page.locator('[data-testid=report-card]', { hasText: title }).click();
        await admin.page.waitForSelector('[data-testid=report-chart]');
        await admin.page.waitForSelector('[data-testid=report-chart] svg, [data-testid=report-chart-empty]');
        await shot(admin.page, 'reports-view', viewport);
        await expectAccessible(admin.page, `report view (${viewport})`);

        // a public link
        await admin.page.goBack();
        await goto(admin.page, '/reports/administration', '[data-testid=report-category]');
        await admin.page.locator('[data-testid=report-category]', { hasText: category }).click();
        await row.locator('[data-testid=report-links-open]').click();
        await admin.page.click('[data-testid=report-link-create]');
        const link = admin.page.locator('[data-testid=report-link]').first();
        await link.waitFor();
        const address = (await link.locator('[data-testid=report-link-url]').textContent())!.trim();
        expect(address).toMatch(/\/reports\/[A-Za-z0-9_-]{22,}$/);
        await shot(admin.page, 'reports-public-links', viewport);

        // signed out, in another browser context: the chart, no shell
        const publicPath = new URL(address).pathname;
        await visitor.page.goto(url(publicPath), { waitUntil: 'load' });
        await visitor.page.waitForSelector('[data-testid=public-report]', { timeout: 20_000 });
        expect(await visitor.page.locator('h1').textContent()).toBe(title);
        await visitor.page.waitForSelector('[data-testid=report-chart]');
        await shot(visitor.page, 'reports-public', viewport);
        await expectAccessible(visitor.page, `public report (${viewport})`);

        // revoked: the link dies, with its own page and no data
        await link.locator('[data-testid=report-link-revoke]').click();
        await admin.page.getByRole('dialog', { name: 'Revocar enlace' }).getByRole('button', { name: 'Revocar' }).click();
        await expect.poll(() => link.locator('[data-testid=report-link-state]').textContent()).toBe('Revocado');
        await visitor.page.reload({ waitUntil: 'load' });
        await visitor.page.waitForSelector('[data-testid=public-report-revoked]', { timeout: 20_000 });
        expect(await visitor.page.locator('[data-testid=report-chart]').count()).toBe(0);
        await shot(visitor.page, 'reports-public-revoked', viewport);
        await expectAccessible(visitor.page, `revoked public report (${viewport})`);
        expect(admin.errors).toEqual([]);
        expect(visitor.errors).toEqual([]);
      } finally {
        await admin.context.close();
        await visitor.context.close();
      }
    }, 240_000);

    it(`${viewport}: an embedded Tableau view renders in the page through the organisation's Tableau library`, async () => {
      const suffix = `${viewport} ${Date.now().toString(36)}`;
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await signInAs(page, 'admin');
        await adminApi(page, 'PUT', '/api/reports/v3/bi-connections/tableau/', {
          site_url: tableauOrigin,
          client_id: 'e2e-client',
          secret_id: 'e2e-secret-id',
          username: 'embed@faena.test',
          secret: 'e2e-connected-app-secret',
        });
        const category = await adminApi<{ id: string }>(page, 'POST', '/api/reports/v3/categories/', { name: `Tableros ${suffix}` });
        const title = `Operación en Tableau ${suffix}`;
        await adminApi(page, 'POST', '/api/reports/v3/reports/', { category_id: category.id, title, kind: 'tableau', embed: { url: `${tableauOrigin}/views/Operacion/Resumen`, resource_id: null } });
        // a fresh page load: the CSP of this organisation's page now names its Tableau site
        await goto(page, '/reports/list', '[data-testid=report-card]');
        await page.locator('[data-testid=report-card]', { hasText: title }).click();
        const viz = page.locator('[data-testid=fake-tableau]');
        await viz.waitFor({ timeout: 20_000 });
        expect(await viz.textContent()).toBe('Tableau de prueba · /views/Operacion/Resumen · embed@faena.test · tableau:views:embed');
        await shot(page, 'reports-tableau', viewport);
        expect(errors).toEqual([]); // no CSP refusal, no failed load
      } finally {
        await context.close();
      }
    }, 240_000);
  }
  {
    const viewport = 'mobile' as const;
    it(`${viewport}: the home feed shows an activity, a workflow task and a post awaiting acknowledgement`, async () => {
      const suffix = `${viewport} ${Date.now().toString(36)}`;
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await signInAs(page, 'admin');
        // something for each section, made through the API as an administrator would
        const me = await adminApi<{ passport: string }>(page, 'GET', '/api/auth/v3/me');
        const now = new Date(Date.now() - 60_000);
        const wall = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}T${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        await adminApi(page, 'POST', '/api/activities/v3/activities/', { title: `Revisar extintores ${suffix}`, start: wall, timezone: zone, duration_minutes: 120, responsibles: [me.passport] });
        const types = await adminApi<{ results: { id: string; name: string }[] }>(page, 'GET', '/api/workflow-backend/v3/workflow-types/');
        const purchase = types.results.find((type) => type.name === 'Solicitud de compra')!;
        await adminApi(page, 'POST', `/api/workflow-backend/v3/workflow-types/${purchase.id}/executions/`, { variables: { producto: `Guantes ${suffix}`, amount: 5000 } });
        const postTitle = `Nuevo protocolo de evacuación ${suffix}`;
        await adminApi(page, 'POST', '/api/posts/v3/posts/', { title: postTitle, body: '<p>Lean el protocolo y confirmen.</p>', requires_ack: true, publish: true });

        await goto(page, '/home', '[data-testid=home-feed]');
        await page.locator('[data-testid=home-activity]', { hasText: `Revisar extintores ${suffix}` }).waitFor();
        await page.locator('[data-testid=home-task]', { hasText: 'Confirmar solicitud' }).first().waitFor();
        const post = page.locator('[data-testid=home-post]', { hasText: postTitle });
        await post.waitFor();
        expect(await post.locator('[data-testid=home-post-ack]').count()).toBe(1);
        await page.waitForSelector('[data-testid=home-ack-alert]');
        await shot(page, 'home-feed', viewport);
        await expectAccessible(page, `home feed (${viewport})`);

        // the task opens its form
        await page.locator('[data-testid=home-task]', { hasText: 'Confirmar solicitud' }).first().click();
        await page.waitForURL(/\/workflows\/[^/]+\/executions\/[^/]+\/[^/?]+\?task=/);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
