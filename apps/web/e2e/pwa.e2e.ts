import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORT_NAMES, goto, launch, openPage, shot, signInAs } from './helpers.ts';
import { startServer, stopServer, type OwnServer } from './server-process.ts';

/**
 * The installable app (decision 030): after a first visit the service worker has the app shell,
 * every area's chunks and the texts, so a reload with no network still opens the app; a new build's
 * worker is offered with "Actualizar" and lands the page on the new build.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Resolves once this page's service worker is active and controls it (its precache is complete). */
async function controlledByWorker(page: Page): Promise<void> {
  // A worker controls the page only once it has installed, that is, precached the whole build.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 250 });
}

describe('offline app shell', () => {
  for (const viewport of ['mobile'] as const) {
    it(`${viewport}: signed out, the sign-in page opens again with no network`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await goto(page, '/login', '[data-testid=demo-admin]');
      await controlledByWorker(page);
      // the first worker taking the page is no update: nothing is offered
      await page.waitForTimeout(500);
      expect(await page.locator('.faena-app-update').count()).toBe(0);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('[data-testid=demo-admin]', { timeout: 20_000 });
      // a screen not visited before loads from the worker's cache too
      await page.goto(page.url().replace('/login', '/sign-in'), { waitUntil: 'load' });
      await page.waitForSelector('input[data-testid=email]', { timeout: 20_000 });
      await shot(page, 'pwa-offline-sign-in', viewport);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${viewport}: signed in, home's shell opens again with no network`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'operario');
      await controlledByWorker(page);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector(viewport === 'mobile' ? '[data-testid=menu-button]' : '[data-testid=nav-menu]', { timeout: 20_000 });
      await shot(page, 'pwa-offline-home', viewport);
      // the API is never answered by the worker: offline, the page's own requests fail
      const api = await page.evaluate(() =>
        fetch('/api/tenant').then(
          (r) => r.status,
          () => 'failed',
        ),
      );
      expect(api).toBe('failed');
      await context.setOffline(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('update flow', () => {
  let server: OwnServer;
  let dist: string;

  beforeAll(async () => {
    // A build of this test's own: the test changes its service worker as a deploy would.
    dist = join(mkdtempSync(join(tmpdir(), 'faena-pwa-')), 'dist');
    cpSync(inject('webDist'), dist, { recursive: true });
    server = await startServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    if (dist) rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  /** "Deploys" a new build: the same files with a worker of another build id. */
  function deployNewWorker(stamp: string): void {
    const file = join(dist, 'sw.js');
    const source = readFileSync(file, 'utf8');
    // the build time is the second half of the worker's build id (sw-rules.ts swBuildId)
    const changed = source.replace(/`\d{4}-\d\d-\d\dT[\d:.]+Z`/, `\`${stamp}\``);
    expect(changed).not.toBe(source);
    writeFileSync(file, changed);
    rmSync(`${file}.gz`, { force: true });
    rmSync(`${file}.br`, { force: true });
  }

  const workerBuild = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event: MessageEvent<{ buildId: string }>) => resolve(event.data.buildId);
          navigator.serviceWorker.controller!.postMessage({ type: 'faena:sw:build-id' }, [channel.port2]);
        }),
    );

  for (const viewport of ['desktop'] as const) {
    it(`${viewport}: a new worker is offered with "Actualizar" and the page reloads onto it`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid=demo-admin]', { timeout: 20_000 });
      await controlledByWorker(page);
      // the person is working on the page: the update is offered, not forced
      await page.mouse.click(5, 5);
      const stamp = `2099-01-0${VIEWPORT_NAMES.indexOf(viewport) + 1}T00:00:00.000Z`;
      deployNewWorker(stamp);
      await page.evaluate(() => navigator.serviceWorker.getRegistration('/sw.js').then((registration) => registration?.update()));
      const prompt = page.locator('.faena-app-update');
      await prompt.waitFor({ timeout: 30_000 });
      expect(await prompt.textContent()).toContain('Hay una nueva versión de Faena');
      await shot(page, 'pwa-update-prompt', viewport);
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await prompt.getByRole('button', { name: 'Actualizar' }).click();
      await reloaded;
      await page.waitForSelector('[data-testid=demo-admin]', { timeout: 20_000 });
      await controlledByWorker(page);
      expect(await workerBuild(page)).toMatch(new RegExp(`@${stamp.replace(/[.]/g, '\\.')}$`));
      expect(await page.locator('.faena-app-update').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a page nobody has touched yet moves to the new build by itself', async () => {
    const { page, context } = await openPage(browser, 'mobile');
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid=demo-admin]', { timeout: 20_000 });
    await controlledByWorker(page);
    const stamp = '2099-02-01T00:00:00.000Z';
    deployNewWorker(stamp);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.evaluate(() => navigator.serviceWorker.getRegistration('/sw.js').then((registration) => registration?.update()));
    await reloaded;
    await page.waitForSelector('[data-testid=demo-admin]', { timeout: 20_000 });
    await controlledByWorker(page);
    expect(await workerBuild(page)).toContain(stamp);
    await context.close();
  });
});
