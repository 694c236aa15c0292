import type { TSsoOutcome, TTokenPair } from '@faena/contracts';
import { isSsoFailure, type SignInMethod, type SsoFailure } from '@faena/domain/sign-in-methods';
import { apiClient } from '../../shared/api/api-client.ts';
import { rememberEndSession } from '../../shared/session/end-session.ts';
import { sessionStore } from '../../shared/session/session.ts';
import type { InAppBrowser } from '../../shared/platform/platform.ts';

/**
 * Federated sign-in (Google, OIDC, SAML) from the web: a popup of 500×600, or a redirect of the whole
 * page (spec §4, §9; decision 029). The server does the OAuth/SAML work; the page only receives a
 * one-use handoff and exchanges it for the session (or for 'Need confirm').
 */

/** Spec §9: the popup window's size, its close polling (2 s growing to 10 s) and the grace after it looks closed. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POLL_START_MS = 2_000;
export const POLL_MAX_MS = 10_000;
export const CLOSE_GRACE_MS = 8_000;

export const SSO_CHANNEL = 'faena-sso';

/** Why a federated sign-in did not finish: the popup outcomes of spec §4 and the server's refusals. */
export type FederatedFailureCode = 'popup-blocked' | 'popup-closed' | 'in-progress' | SsoFailure;

export class FederatedError extends Error {
  override name = 'FederatedError';
  readonly code: FederatedFailureCode;
  constructor(code: FederatedFailureCode, message: string = code) {
    super(message);
    this.code = code;
  }
}

export const methodParam = (method: SignInMethod): string => (method.type === 'OIDC' || method.type === 'SAML' ? method.providerId : method.type);

export function startUrl(method: SignInMethod, mode: 'popup' | 'redirect', returnTo = '/sign-in'): string {
  return `/api/auth/v3/sso/start?${new URLSearchParams({ method: methodParam(method), mode, return_to: returnTo }).toString()}`;
}

/** Exchanges the handoff (the native shell's with its verifier): a signed-in outcome opens the session here (and in every tab). */
export async function completeHandoff(handoff: string, nativeVerifier?: string): Promise<TSsoOutcome> {
  const outcome = await apiClient.post<TSsoOutcome>('/api/auth/v3/sso/complete', { json: { handoff, ...(nativeVerifier ? { native_verifier: nativeVerifier } : {}) }, auth: false });
  if (outcome.status === 'signed-in') acceptSession(outcome.session, outcome.end_session_url);
  return outcome;
}

export function acceptSession(pair: TTokenPair, endSessionUrl: string | null): void {
  rememberEndSession(endSessionUrl);
  sessionStore.signIn(pair);
}

let inProgress = false;

/** Spec §4: a federated sign-in in progress blocks a second one. */
export function isFederatedInProgress(): boolean {
  return inProgress;
}

interface SsoMessage {
  type: 'faena-sso';
  handoff: string | null;
  error: { code: FederatedFailureCode; message: string } | null;
}

const isSsoMessage = (data: unknown): data is SsoMessage => typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'faena-sso';

/** Sends the whole page to the provider; it comes back to `returnTo` with the outcome in the fragment. */
export function redirectToProvider(method: SignInMethod, returnTo = '/sign-in'): void {
  if (inProgress) throw new FederatedError('in-progress');
  inProgress = true;
  window.location.assign(startUrl(method, 'redirect', returnTo));
}

/**
 * Opens the provider in a 500×600 popup and waits for its answer: over a BroadcastChannel of this
 * origin or a postMessage from this origin only. A popup the browser blocks, one the person closes
 * (seen by polling, then the grace time for an answer already on its way) and a cancellation at the
 * provider each end it with their own code.
 */
export async function signInWithPopup(method: SignInMethod): Promise<TSsoOutcome> {
  if (inProgress) throw new FederatedError('in-progress');
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(startUrl(method, 'popup'), 'faena-sso', `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`);
  if (!popup) throw new FederatedError('popup-blocked');
  inProgress = true;
  try {
    const message = await new Promise<SsoMessage>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | null = null;
      let delay = POLL_START_MS;
      const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SSO_CHANNEL) : null;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        channel?.close();
        window.removeEventListener('message', onMessage);
        fn();
      };
      const onData = (data: unknown) => {
        if (isSsoMessage(data)) finish(() => resolve(data));
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin === window.location.origin) onData(event.data);
      };
      if (channel) channel.onmessage = (event: MessageEvent) => onData(event.data);
      window.addEventListener('message', onMessage);
      const poll = () => {
        if (popup.closed) {
          timer = setTimeout(() => finish(() => reject(new FederatedError('popup-closed'))), CLOSE_GRACE_MS);
          return;
        }
        delay = Math.min(delay * 2, POLL_MAX_MS);
        timer = setTimeout(poll, delay);
      };
      timer = setTimeout(poll, delay);
    });
    if (message.error) throw new FederatedError(message.error.code, message.error.message);
    if (!message.handoff) throw new FederatedError('provider-error');
    return await completeHandoff(message.handoff);
  } finally {
    inProgress = false;
  }
}

// ---------------------------------------------------------------- the native shell's in-app browser

/** The query parameter of the sign-in page that a native sign-in comes back to (its value: the app's URL scheme). */
export const NATIVE_RETURN_PARAM = 'native_return';

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The outcome a URL that opened the app carries in its fragment (`sso_handoff` or `sso_error`), if any. */
export function outcomeOfUrl(url: string): { handoff: string } | { error: FederatedFailureCode } | null {
  const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
  const params = new URLSearchParams(hash);
  const handoff = params.get('sso_handoff');
  const error = params.get('sso_error');
  if (handoff) return { handoff };
  if (error) return { error: isSsoFailure(error) ? error : 'provider-error' };
  return null;
}

/**
 * Native shell (decision 029): the provider opens in the in-app browser (a WebView is refused by
 * Google and others) in the redirect mode. Its last page, this app's /sign-in in that browser,
 * sends the outcome to the app's URL (`<app id>://sso-return#sso_handoff=…`, or a universal link),
 * which the app receives (`appUrlOpen`); the browser is closed and the handoff exchanged with the
 * verifier whose SHA-256 started the sign-in — the in-app browser's cookies are not the app's, and a
 * handoff lured into the app without this verifier signs nobody in. Closing the browser without an
 * answer ends it as a closed popup does (after the same grace).
 */
export async function signInWithInAppBrowser(method: SignInMethod, browser: InAppBrowser): Promise<TSsoOutcome> {
  if (inProgress) throw new FederatedError('in-progress');
  inProgress = true;
  const stops: (() => void)[] = [];
  try {
    const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
    const returnTo = `/sign-in?${NATIVE_RETURN_PARAM}=${encodeURIComponent(await browser.appScheme())}`;
    const answer = new Promise<{ handoff: string } | { error: FederatedFailureCode }>((resolve, reject) => {
      let grace: ReturnType<typeof setTimeout> | null = null;
      stops.push(() => grace && clearTimeout(grace));
      stops.push(
        browser.onAppUrlOpen((url) => {
          const outcome = outcomeOfUrl(url);
          if (outcome) resolve(outcome);
        }),
      );
      stops.push(
        browser.onClosed(() => {
          grace ??= setTimeout(() => reject(new FederatedError('popup-closed')), CLOSE_GRACE_MS);
        }),
      );
    });
    await browser.open(`${window.location.origin}${startUrl(method, 'redirect', returnTo)}&native_challenge=${challenge}`);
    const outcome = await answer;
    await browser.close();
    if ('error' in outcome) throw new FederatedError(outcome.error);
    return await completeHandoff(outcome.handoff, verifier);
  } finally {
    stops.forEach((stop) => stop());
    inProgress = false;
  }
}

/**
 * In the in-app browser (a plain browser, not the app): the sign-in page a native sign-in came back
 * to hands the outcome to the app by its URL scheme. Only an app-id-like scheme (reverse DNS: never
 * http, javascript, data…) is followed; the handoff is worth nothing without the app's verifier.
 */
export function nativeReturnUrl(search: string, outcome: { handoff: string } | { error: FederatedFailureCode }): string | null {
  const scheme = new URLSearchParams(search).get(NATIVE_RETURN_PARAM);
  if (!scheme || !/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/i.test(scheme) || scheme.length > 100) return null;
  const fragment = 'handoff' in outcome ? `sso_handoff=${encodeURIComponent(outcome.handoff)}` : `sso_error=${encodeURIComponent(outcome.error)}`;
  return `${scheme.toLowerCase()}://sso-return#${fragment}`;
}

/** Reads (and removes) a redirect sign-in's outcome from the address's fragment. */
export function takeRedirectOutcome(): { handoff: string } | { error: FederatedFailureCode } | null {
  const hash = window.location.hash.startsWith('#') ? window.location.hash.slice(1) : '';
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const handoff = params.get('sso_handoff');
  const error = params.get('sso_error');
  if (!handoff && !error) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  // the fragment is the address's: a code the server does not send reads as the provider's error
  return handoff ? { handoff } : { error: error && isSsoFailure(error) ? error : 'provider-error' };
}

/** 'Need confirm': prove the old method (password or a magic-link code) and the new one is linked. */
export async function confirmLink(input: { link_token: string; password?: string; code?: string }): Promise<TSsoOutcome> {
  const outcome = await apiClient.post<TSsoOutcome>('/api/auth/v3/sso/link', { json: input, auth: false });
  if (outcome.status === 'signed-in') acceptSession(outcome.session, outcome.end_session_url);
  return outcome;
}

/** Discovery on a tenant's sign-in page: the provider serving the address's domain, if any. */
export function discover(email: string): Promise<{ method_id: string | null; start_url: string | null }> {
  return apiClient.post('/api/auth/v3/sign-in/discover', { json: { email }, auth: false });
}

/** Discovery on the root domain: the workspaces an address belongs to. */
export function findWorkspaces(email: string): Promise<{ workspaces: { subdomain: string; name: string; url: string; logo_url: string | null }[] }> {
  return apiClient.post('/api/auth/v3/workspaces', { json: { email }, auth: false });
}
