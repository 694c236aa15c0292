import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_PASSWORD, expectAccessible, launch, openPage, shot, signInAs, url, type ViewportName } from './helpers.ts';
import { removeData, startServer, stopServer, type OwnServer } from './server-process.ts';

const API = '/api/notifications-engine/v3/notifications';
const SSE = `${API}/devices/sse`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** From another session of the same person (another browser): POST /notifications/test. */
async function sendTestNotification(page: Page, email: string): Promise<{ notificationId: string }> {
  return page.evaluate(
    async ({ email, password, api }) => {
      const signIn = await fetch('/api/auth/v3/sign-in/password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const { id_token } = (await signIn.json()) as { id_token: string };
      const sent = await fetch(`${api}/test`, { method: 'POST', headers: { authorization: `Bearer ${id_token}` } });
      if (sent.status !== 201) throw new Error(`POST /test answered ${sent.status}`);
      return (await sent.json()) as { notificationId: string };
    },
    { email, password: DEMO_PASSWORD, api: API },
  );
}

async function unreadOnServer(page: Page, email: string): Promise<number> {
  return page.evaluate(
    async ({ email, password, api }) => {
      const signIn = await fetch('/api/auth/v3/sign-in/password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const { id_token } = (await signIn.json()) as { id_token: string };
      const inbox = await fetch(`${api}/inbox?offset=0&limit=1`, { headers: { authorization: `Bearer ${id_token}` } });
      return ((await inbox.json()) as { pagination: { totalUnread: number } }).pagination.totalUnread;
    },
    { email, password: DEMO_PASSWORD, api: API },
  );
}

/** The badge on the bell (desktop) or on the mobile top bar's link. */
async function badge(page: Page): Promise<string> {
  return (await page.locator('[data-testid=notifications-badge]').first().getAttribute('data-count')) ?? '';
}

async function waitForBadge(page: Page, count: string): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector('[data-testid=notifications-badge]')?.getAttribute('data-count') === expected, count, { timeout: 20_000 });
}

/** Resolves once the page's notification stream answered (headers and its first ping are sent at once). */
function streamOpened(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => response.url().includes(SSE) && response.status() === 200, { timeout: 30_000 });
}

const ACCOUNTS: Record<ViewportName, { account: 'supervisora' | 'operario'; email: string }> = {
  desktop: { account: 'supervisora', email: 'supervisora@faena.test' },
  mobile: { account: 'operario', email: 'operario@faena.test' },
};

describe('live notifications', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`${viewport}: a notification made by the server raises the badge and shows the toast without a reload; marking one read lowers it`, async () => {
      const { account, email } = ACCOUNTS[viewport];
      const { page, context, errors } = await openPage(browser, viewport);
      const opened = streamOpened(page);
      await signInAs(page, account);
      await opened;
      await page.waitForFunction(() => (document.querySelector('[data-testid=notifications-badge]')?.getAttribute('data-count') ?? '') !== '', undefined, { timeout: 20_000 });
      const before = Number(await badge(page));
      expect(before).toBeGreaterThan(0);
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // Another session of the same person makes the server produce one.
      const other = await openPage(browser, 'desktop');
      await other.page.goto(url('/login'), { waitUntil: 'load' });
      await sendTestNotification(other.page, email);

      await waitForBadge(page, String(before + 1));
      await page.getByText('Tienes nuevas notificaciones').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await shot(page, 'notifications-toast', viewport);
      // On a phone the toast covers the top bar: once closed, the badge shows the new count.
      await page.locator('.faena-toast').filter({ hasText: 'Tienes nuevas notificaciones' }).getByRole('button', { name: 'Cerrar' }).click();
      await page.locator('.faena-toast').filter({ hasText: 'Tienes nuevas notificaciones' }).waitFor({ state: 'detached' });
      await shot(page, 'notifications-badge', viewport);

      if (viewport === 'desktop') {
        await page.click('[data-testid=bell]');
        const popup = page.locator('[data-testid=bell-popup]');
        await popup.locator('[data-testid=notification-list]').waitFor();
        const first = popup.locator('[data-testid=notification-item]').first();
        expect(await first.textContent()).toContain('Notificación de prueba');
        expect(await first.getAttribute('data-unread')).not.toBeNull();
        await shot(page, 'notifications-bell', viewport);
        await expectAccessible(page, 'bell popup');
        await first.locator('[data-testid=notification-mark-read]').click();
        await waitForBadge(page, String(before));
        expect(await first.getAttribute('data-unread')).toBeNull();
        await popup.locator('[data-testid=see-all-notifications]').click();
        await page.waitForURL(/\/notifications$/);
      } else {
        await page.click('[data-testid=notifications-link]');
        await page.waitForURL(/\/notifications$/);
        const first = page.locator('[data-testid=notifications-page-list] [data-testid=notification-item]').first();
        await first.waitFor();
        expect(await first.textContent()).toContain('Notificación de prueba');
        await first.locator('[data-testid=notification-open]').click();
        await waitForBadge(page, String(before));
      }
      await page.locator('[data-testid=notifications-page-list] [data-testid=notification-item]').first().waitFor();
      await page.locator('[data-testid=device-notifications] [data-testid^=push-]').first().waitFor();
      expect(await unreadOnServer(other.page, email)).toBe(before);

      // Delete is offered but unavailable (spec §4, §8): the message, and the notification stays.
      const count = await page.locator('[data-testid=notifications-page-list] [data-testid=notification-item]').count();
      await page.locator('[data-testid=notifications-page-list] [data-testid=notification-delete]').first().click();
      await page.getByText('Eliminar notificaciones no está disponible en nuestro servicio de mensajería aún.').waitFor();
      expect(await page.locator('[data-testid=notifications-page-list] [data-testid=notification-item]').count()).toBe(count);
      await shot(page, 'notifications-page', viewport);
      await expectAccessible(page, '/notifications');

      expect(errors).toEqual([]);
      await other.context.close();
      await context.close();
    });
  }
});

describe('infinite scroll', () => {
  it('the popup reads the next page of 20 when its end scrolls into view', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await page.waitForFunction(() => (document.querySelector('[data-testid=notifications-badge]')?.getAttribute('data-count') ?? '') !== '', undefined, { timeout: 20_000 });
    const before = Number(await badge(page));
    // Twenty more from this same session: more than one page.
    await page.evaluate(async (api) => {
      const token = (JSON.parse(localStorage.getItem('faena.session') ?? '{}') as { idToken?: string }).idToken;
      for (let i = 0; i < 20; i++) await fetch(`${api}/test`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    }, API);
    await waitForBadge(page, String(before + 20));
    await page.click('[data-testid=bell]');
    const items = page.locator('[data-testid=bell-popup] [data-testid=notification-item]');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    // The inbox holds read notifications too (earlier tests act as this person): the second page
    // brings the list to the inbox's total or to 40, whichever is smaller.
    const total = await page.evaluate(async (api) => {
      const token = (JSON.parse(localStorage.getItem('faena.session') ?? '{}') as { idToken?: string }).idToken;
      const response = await fetch(`${api}/inbox?offset=0&limit=1`, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { pagination: { total: number } }).pagination.total;
    }, API);
    expect(total).toBeGreaterThanOrEqual(before + 20);
    await page.locator('[data-testid=bell-popup] .mantine-ScrollArea-viewport').evaluate((viewport) => viewport.scrollTo({ top: viewport.scrollHeight }));
    await page.waitForFunction((expected) => document.querySelectorAll('[data-testid=bell-popup] [data-testid=notification-item]').length === expected, Math.min(total, 40), { timeout: 10_000 });
    await shot(page, 'notifications-bell-scrolled', 'desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('service worker (push)', () => {
  it('shows a push with its notification id as tag, a NEW_POST too, and ignores a payload of another shape', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    const origin = new URL(url('/')).origin;
    await context.grantPermissions(['notifications'], { origin });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await signInAs(page, 'rrhh');
    // Granted: the app registers its worker and tries to subscribe (headless Chromium has no push
    // service, so the card says push could not be turned on here).
    await page.goto(url('/notifications'), { waitUntil: 'load' });
    await page.locator('[data-testid=device-notifications] [data-testid=push-failed]').waitFor({ timeout: 20_000 });
    const registration = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
    expect(registration, 'the service worker is registered for the whole app').toBeTruthy();

    // With no window of the app in front the worker shows what arrives.
    const blank = await context.newPage();
    const blankCdp = await context.newCDPSession(blank);
    await blankCdp.send('ServiceWorker.enable');
    await page.close();
    const push = (data: unknown) => blankCdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration!.registrationId, data: JSON.stringify(data) });
    await push({
      notificationId: 'n-e2e-1',
      summary: { title: 'Actividad asignada', body: 'Revisar extintores' },
      requestedAt: new Date().toISOString(),
      context: { type: 'Activity', action: 'assigned', id: 'act-42' },
    });
    await push({ type: 'NEW_POST', postId: 'p-9', title: 'Nuevo comunicado' });
    await push({ hello: 'world' });
    await blank.goto(url('/login'), { waitUntil: 'load' });
    const shown = await blank.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const list = (await registration?.getNotifications()) ?? [];
      return list.map((n) => ({ title: n.title, tag: n.tag, body: n.body, url: (n.data as { url?: string } | null)?.url })).sort((a, b) => a.tag.localeCompare(b.tag));
    });
    expect(shown).toEqual([
      { title: 'Actividad asignada', tag: 'n-e2e-1', body: 'Revisar extintores', url: '/activities/act-42/current' },
      { title: 'Nuevo comunicado', tag: 'post:p-9', body: '', url: '/posts/p-9' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the server goes away and comes back', () => {
  let server: OwnServer | null = null;
  afterAll(async () => {
    if (server) {
      await stopServer(server, 'SIGKILL');
      removeData(server);
    }
  });

  it('the client reconnects with its last event id and receives what was produced while it was away', async () => {
    server = await startServer();
    const origin = server.baseUrl;
    const { page, context, errors } = await openPage(browser, 'desktop');
    const streamRequests: Request[] = [];
    const failedStreams: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes(SSE)) streamRequests.push(request);
    });
    page.on('requestfailed', (request) => {
      if (request.url().includes(SSE)) failedStreams.push(request);
    });

    const opened = streamOpened(page);
    await page.goto(`${origin}/login`, { waitUntil: 'load' });
    await page.click('[data-testid=demo-operario]');
    await page.waitForSelector('[data-testid=home-greeting]', { timeout: 20_000 });
    await opened;
    await page.waitForFunction(() => (document.querySelector('[data-testid=notifications-badge]')?.getAttribute('data-count') ?? '') !== '', undefined, { timeout: 20_000 });
    const before = Number(await badge(page));

    const other = await openPage(browser, 'desktop');
    await other.page.goto(`${origin}/login`, { waitUntil: 'load' });
    // One while connected: the client now holds its event id.
    await sendTestNotification(other.page, 'operario@faena.test');
    await waitForBadge(page, String(before + 1));

    // Crash: no goodbye to the open stream. The client retries while nothing answers.
    await stopServer(server, 'SIGKILL');
    const deadline = Date.now() + 15_000;
    // The open stream breaks, then at least two retries (after 2 s and 4 s more) find nobody.
    while (failedStreams.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(failedStreams.length, 'reconnection attempts failed while the server was down').toBeGreaterThanOrEqual(3);

    // From here the client's next attempt waits at the door until the notification exists, so it
    // can only get it by replay (Last-Event-ID), not live.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const firstReconnection = streamRequests.length;
    await page.route(`**${SSE}*`, async (route) => {
      await gate;
      await route.continue();
    });
    server = await startServer({ port: server.port, dataDir: server.dataDir });
    // The other browser's kept-alive connection died with the old process: a POST over it could
    // fail ("Failed to fetch"); loading the page again connects afresh, as a person would.
    await other.page.goto(`${origin}/login`, { waitUntil: 'load' });
    await sendTestNotification(other.page, 'operario@faena.test');
    open();

    await waitForBadge(page, String(before + 2));
    await page.getByText('Tienes nuevas notificaciones').waitFor({ timeout: 10_000 });
    // Every reconnection asked for what came after the last id it had seen.
    const reconnections = streamRequests.slice(1);
    expect(streamRequests.length, 'one reconnection got through').toBeGreaterThan(failedStreams.length);
    expect(streamRequests.length).toBeGreaterThan(firstReconnection);
    for (const request of reconnections) expect(request.headers()['last-event-id'], 'the reconnection sent the last event id').toMatch(/^\d+$/);
    expect(await page.getByText(`Due to an error you won't be alerted of new in-app notifications.`).count()).toBe(0);
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
