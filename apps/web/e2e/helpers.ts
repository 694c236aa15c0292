import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

export const DEMO_PASSWORD = 'faena-demo';
export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

export function url(path: string): string {
  return `${baseUrl()}${path}`;
}

/** System Chromium, headless; `fakeMedia`: a fake camera and microphone, permission granted without a prompt. */
export async function launch({ fakeMedia = false }: { fakeMedia?: boolean } = {}): Promise<Browser> {
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  if (fakeMedia) args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream');
  return chromium.launch({ executablePath: '/usr/bin/chromium', args });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors (a test fails on any). */
  errors: string[];
}

export async function openPage(browser: Browser, viewport: ViewportName, options: { locale?: string } = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: options.locale ?? 'es-CL', hasTouch: viewport === 'mobile', isMobile: viewport === 'mobile' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // a failed test leaves what its page showed: screenshots/failed-<test>-<viewport>.png (a page
  // opened by a hook, outside any test, is not followed: vitest refuses the handler there)
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      mkdirSync(SCREENSHOTS, { recursive: true });
      const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      await page.screenshot({ path: join(SCREENSHOTS, `failed-${name}-${viewport}.png`), fullPage: true, timeout: 10_000 }).catch(() => undefined);
    });
  } catch {
    // opened in beforeAll/beforeEach
  }
  return { context, page, errors };
}

/** Load plus a real selector (an open event stream would keep networkidle from settling). */
export async function goto(page: Page, path: string, selector: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'load' });
  await page.waitForSelector(selector, { timeout: 20_000 });
}

/** One-click demo account on /login. */
/** Calls the API from the page (same origin), as the administrator. */
export async function adminApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, password }) => {
      const holder = window as unknown as { __e2eToken?: string };
      if (!holder.__e2eToken) {
        const signIn = await fetch('/api/auth/v3/sign-in/password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@faena.test', password }) });
        holder.__e2eToken = ((await signIn.json()) as { id_token: string }).id_token;
      }
      const answer = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${holder.__e2eToken}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${method} ${path} → ${answer.status} ${await answer.text()}`);
      return (answer.status === 204 ? null : await answer.json()) as T;
    },
    { method, path, body, password: DEMO_PASSWORD },
  );
}

export async function signInAs(page: Page, account: 'admin' | 'supervisora' | 'operario' | 'rrhh'): Promise<void> {
  await goto(page, '/login', `[data-testid=demo-${account}]`);
  await page.click(`[data-testid=demo-${account}]`);
  await page.waitForSelector('[data-testid=home-greeting]', { timeout: 20_000 });
}

/** Signs the demo administrator in on another organisation of the demo (its password form); answers that organisation's address. */
export async function signInOnTenant(page: Page, subdomain: string): Promise<string> {
  const origin = baseUrl().replace('//demo.', `//${subdomain}.`);
  await page.goto(`${origin}/sign-in`);
  await page.fill('input[data-testid=email]', 'admin@faena.test');
  await page.fill('input[data-testid=password]', DEMO_PASSWORD);
  await page.click('[data-testid=sign-in-submit]');
  await page.waitForSelector('[data-testid=home-greeting]');
  return origin;
}

export async function shot(page: Page, name: string, viewport: ViewportName): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport}.png`) });
}

/**
 * Resolves once nothing on the page has moved for five animation frames: no finite animation or
 * CSS transition running or about to start (spinners, which never end, do not count). An opening
 * dialog fades its text in, and axe reading it half-transparent reports its contrast as too low.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let quiet = 0;
        const moving = () => document.getAnimations().some((animation) => (animation.playState === 'running' || animation.pending) && animation.effect?.getTiming().iterations !== Infinity);
        const tick = () => {
          quiet = moving() ? 0 : quiet + 1;
          if (quiet >= 5) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** No axe violation of serious or critical impact, read once the page has settled. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(summary, `axe on ${where}`).toEqual([]);
}
