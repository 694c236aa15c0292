import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../../shared/session/session.ts';
import { setPlatform, webPlatform, type InAppBrowser } from '../../../shared/platform/platform.ts';
import { renderRoutes, testTenant } from '../../../test/render.tsx';
import { FederatedError, nativeReturnUrl, outcomeOfUrl, signInWithInAppBrowser, CLOSE_GRACE_MS } from '../federated.ts';
import { SignInPage } from './sign-in-page.tsx';

/**
 * The native shell's federated sign-in (decision 029) with a fake native platform: no native run is
 * possible here, so the in-app browser and the app's URL events are driven by the test.
 */

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', email: 'ana@acme.test', name: 'Ana', tenant_id: 't1', passport: 'p', picture: null, sign_in_method: 'OIDC', last_sign_in_time: null };
const signedIn = { status: 'signed-in', session: { id_token: 'i', refresh_token: 'r', expires_in: 3600, user }, end_session_url: null };

function fakeBrowser() {
  const onUrl = new Set<(url: string) => void>();
  const onClosed = new Set<() => void>();
  const browser = {
    appScheme: vi.fn(async () => 'app.faena.mobile'),
    open: vi.fn(async (_url: string) => undefined),
    close: vi.fn(async () => undefined),
    onAppUrlOpen: (handler: (url: string) => void) => {
      onUrl.add(handler);
      return () => void onUrl.delete(handler);
    },
    onClosed: (handler: () => void) => {
      onClosed.add(handler);
      return () => void onClosed.delete(handler);
    },
    /** The OS opens the app by its URL. */
    openApp: (url: string) => onUrl.forEach((handler) => handler(url)),
    /** The person closes the in-app browser. */
    finish: () => onClosed.forEach((handler) => handler()),
    listeners: () => onUrl.size + onClosed.size,
  } satisfies InAppBrowser & Record<string, unknown>;
  return browser;
}

const opened = async (browser: ReturnType<typeof fakeBrowser>) => {
  await waitFor(() => expect(browser.open).toHaveBeenCalled());
  return new URL(browser.open.mock.calls[0]![0]);
};

let calls: { url: string; body: Record<string, string> }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, string> });
      return json(200, signedIn);
    }),
  );
});
afterEach(async () => {
  setPlatform(webPlatform);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await sessionStore.signOut();
});

describe('federated sign-in in the native shell’s in-app browser', () => {
  it('opens the provider in the in-app browser (redirect mode, coming back to /sign-in with the app’s scheme), and exchanges the handoff the app’s URL brings with the verifier', async () => {
    const browser = fakeBrowser();
    const outcome = signInWithInAppBrowser({ type: 'OIDC', providerId: 'oidc.okta' }, browser);
    const url = await opened(browser);
    expect(`${url.origin}${url.pathname}`).toBe(`${window.location.origin}/api/auth/v3/sso/start`);
    expect(url.searchParams.get('method')).toBe('oidc.okta');
    expect(url.searchParams.get('mode')).toBe('redirect');
    expect(url.searchParams.get('return_to')).toBe('/sign-in?native_return=app.faena.mobile');
    const challenge = url.searchParams.get('native_challenge')!;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // a URL without an outcome (another link into the app) is not the answer
    browser.openApp('app.faena.mobile://tasks/1');
    browser.openApp('app.faena.mobile://sso-return#sso_handoff=handoff-value-0123456789');
    expect(await outcome).toMatchObject({ status: 'signed-in' });
    expect(browser.close).toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain('/api/auth/v3/sso/complete');
    expect(calls[0]!.body.handoff).toBe('handoff-value-0123456789');
    // the verifier sent is the one whose SHA-256 started the sign-in
    expect(createHash('sha256').update(calls[0]!.body.native_verifier!).digest('base64url')).toBe(challenge);
    expect(sessionStore.getSnapshot()?.user.email).toBe('ana@acme.test');
    expect(browser.listeners()).toBe(0);
  });

  it('a refusal the app’s URL brings is that failure; the browser is closed and nothing exchanged', async () => {
    const browser = fakeBrowser();
    const outcome = signInWithInAppBrowser({ type: 'GOOGLE' }, browser);
    await opened(browser);
    browser.openApp('https://acme.faena.app/sign-in?native_return=app.faena.mobile#sso_error=domain-not-served');
    await expect(outcome).rejects.toMatchObject({ code: 'domain-not-served' });
    expect(browser.close).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('closing the in-app browser without an answer ends as a closed window, after the grace time; a second sign-in meanwhile is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const browser = fakeBrowser();
    const outcome = signInWithInAppBrowser({ type: 'GOOGLE' }, browser);
    const settled = outcome.catch((error: unknown) => error);
    await vi.waitFor(() => expect(browser.open).toHaveBeenCalled());
    await expect(signInWithInAppBrowser({ type: 'GOOGLE' }, fakeBrowser())).rejects.toMatchObject({ code: 'in-progress' });
    browser.finish();
    await vi.advanceTimersByTimeAsync(CLOSE_GRACE_MS + 10);
    const error = await settled;
    expect(error).toBeInstanceOf(FederatedError);
    expect((error as FederatedError).code).toBe('popup-closed');
  });

  it('reads the outcome of the app’s URL, whatever carries it', () => {
    expect(outcomeOfUrl('app.faena.mobile://sso-return#sso_handoff=abc')).toEqual({ handoff: 'abc' });
    expect(outcomeOfUrl('app.faena.mobile://sso-return#sso_error=cancelled')).toEqual({ error: 'cancelled' });
    expect(outcomeOfUrl('app.faena.mobile://sso-return#sso_error=made-up')).toEqual({ error: 'provider-error' });
    expect(outcomeOfUrl('app.faena.mobile://tasks')).toBeNull();
  });

  it('the sign-in page in the in-app browser hands the outcome on only to an app-id scheme', () => {
    expect(nativeReturnUrl('?native_return=app.faena.mobile', { handoff: 'h1' })).toBe('app.faena.mobile://sso-return#sso_handoff=h1');
    expect(nativeReturnUrl('?native_return=com.acme.Faena', { error: 'cancelled' })).toBe('com.acme.faena://sso-return#sso_error=cancelled');
    for (const scheme of ['https', 'javascript', 'data', 'http://evil.test', 'evil.test/x', '']) expect(nativeReturnUrl(`?native_return=${encodeURIComponent(scheme)}`, { handoff: 'h1' })).toBeNull();
    expect(nativeReturnUrl('', { handoff: 'h1' })).toBeNull();
  });
});

describe('the sign-in page and the native shell', () => {
  const routes = [
    { path: '/sign-in', Component: SignInPage },
    { path: '/', Component: () => <p>raíz</p> },
  ];

  it('in the app: a provider’s button opens the in-app browser (no popup, no page redirect) and lands on / once the app’s URL brings the handoff', async () => {
    const browser = fakeBrowser();
    setPlatform({ ...webPlatform, isNative: true, name: 'android', browser });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { router } = await renderRoutes(routes, { path: '/sign-in', tenant: testTenant({ signInMethods: [{ type: 'GOOGLE' }] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con Google' }));
    await opened(browser);
    expect(open).not.toHaveBeenCalled();
    browser.openApp('app.faena.mobile://sso-return#sso_handoff=handoff-value-0123456789');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]!.body).toMatchObject({ handoff: 'handoff-value-0123456789', native_verifier: expect.any(String) });
  });

  it('in the in-app browser (a plain browser): the sign-in page sends the outcome on to the app and offers “Volver a la app”, exchanging nothing itself', async () => {
    window.history.replaceState(null, '', '/sign-in?native_return=app.faena.mobile#sso_handoff=handoff-value-0123456789');
    await renderRoutes(routes, { path: '/sign-in?native_return=app.faena.mobile', tenant: testTenant({ signInMethods: [{ type: 'GOOGLE' }] }) });
    const link = await screen.findByRole('link', { name: 'Volver a la app' });
    expect(link.getAttribute('href')).toBe('app.faena.mobile://sso-return#sso_handoff=handoff-value-0123456789');
    // the fragment is gone from the address, and no exchange happened in this browser
    expect(window.location.hash).toBe('');
    expect(calls).toHaveLength(0);
    window.history.replaceState(null, '', '/');
  });
});
