import { importPKCS8, SignJWT } from 'jose';
import webpush from 'web-push';
import type { TPushPayload } from '@faena/contracts';

/**
 * sent: accepted by the push service; gone: the service no longer knows the device (forget it);
 * rejected: this message will never be accepted (log, do not retry); retry: try again later.
 */
export type DeliveryOutcome = 'sent' | 'gone' | 'rejected' | 'retry';

export interface PushMessage {
  payload: TPushPayload;
  /** Text a native shell shows without running app code. */
  display: { title: string; body: string };
  urgency: 'low' | 'normal' | 'high';
  ttlSeconds: number;
}

/** One transport to devices: Web Push to browsers, FCM to native apps. */
export interface PushSender {
  send(token: string, message: PushMessage): Promise<{ outcome: DeliveryOutcome; detail?: string }>;
}

const TIMEOUT_MS = 10_000;

/**
 * Push services browsers use. Only these receive pushes: the endpoint comes from the client,
 * and without a list the server would POST wherever a caller points it (SSRF).
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isAllowedWebPushEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowLocal && LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function newVapidKeys(): string {
  return JSON.stringify(webpush.generateVAPIDKeys());
}

/** Web Push (RFC 8030/8291/8292) with the server's VAPID keys; web-push encrypts, fetch delivers. */
export class WebPushSender implements PushSender {
  private readonly vapid: VapidKeys & { subject: string };
  private readonly allowLocal: boolean;
  constructor(vapid: VapidKeys & { subject: string }, allowLocal: boolean) {
    this.vapid = vapid;
    this.allowLocal = allowLocal;
  }

  async send(token: string, message: PushMessage): Promise<{ outcome: DeliveryOutcome; detail?: string }> {
    let subscription: webpush.PushSubscription;
    try {
      subscription = JSON.parse(token) as webpush.PushSubscription;
    } catch {
      return { outcome: 'gone', detail: 'stored subscription is not JSON' };
    }
    if (!isAllowedWebPushEndpoint(subscription.endpoint, this.allowLocal)) return { outcome: 'gone', detail: 'endpoint not allowed' };
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(subscription, JSON.stringify(message.payload), {
        vapidDetails: this.vapid,
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // Keys that do not encrypt (malformed p256dh/auth) never will.
      return { outcome: 'gone', detail: error instanceof Error ? error.message : String(error) };
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
    delete headers['Content-Length'];
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      return { outcome: 'retry', detail: error instanceof Error ? error.message : String(error) };
    }
    await response.body?.cancel().catch(() => undefined);
    return { outcome: outcomeOfStatus(response.status), detail: `HTTP ${response.status}` };
  }
}

function outcomeOfStatus(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'rejected';
}

export interface FcmAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/**
 * Firebase Cloud Messaging HTTP v1 for native shells, signed in with a service account
 * (OAuth 2 JWT bearer grant). Used only when FCM_SERVICE_ACCOUNT is configured.
 */
export class FcmSender implements PushSender {
  private readonly account: FcmAccount;
  private readonly apiBase: string;
  private accessToken: { value: string; until: number } | null = null;
  constructor(account: FcmAccount, options: { apiBase?: string } = {}) {
    this.account = account;
    this.apiBase = options.apiBase ?? 'https://fcm.googleapis.com';
  }

  async send(token: string, message: PushMessage): Promise<{ outcome: DeliveryOutcome; detail?: string }> {
    let bearer: string;
    try {
      bearer = await this.bearer();
    } catch (error) {
      return { outcome: 'retry', detail: `FCM sign-in failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    const body = {
      message: {
        token,
        notification: { title: message.display.title, body: message.display.body },
        data: { payload: JSON.stringify(message.payload) },
        android: { priority: message.urgency === 'high' ? 'HIGH' : 'NORMAL', ttl: `${message.ttlSeconds}s` },
        apns: { headers: { 'apns-priority': message.urgency === 'high' ? '10' : '5', 'apns-expiration': String(Math.floor(Date.now() / 1000) + message.ttlSeconds) } },
      },
    };
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}/v1/projects/${encodeURIComponent(this.account.projectId)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { outcome: 'retry', detail: error instanceof Error ? error.message : String(error) };
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401) this.accessToken = null;
    if (response.status === 401 || response.status === 403) return { outcome: 'retry', detail: `HTTP ${response.status}` };
    // UNREGISTERED (404) and a token FCM does not accept (400 INVALID_ARGUMENT on the token) are gone for good.
    if (response.status === 400 && /registration token|UNREGISTERED|INVALID_ARGUMENT/.test(text)) return { outcome: 'gone', detail: `HTTP 400 ${text.slice(0, 200)}` };
    return { outcome: outcomeOfStatus(response.status), detail: `HTTP ${response.status}` };
  }

  private async bearer(): Promise<string> {
    if (this.accessToken && Date.now() < this.accessToken.until) return this.accessToken.value;
    const key = await importPKCS8(this.account.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/firebase.messaging' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.account.clientEmail)
      .setSubject(this.account.clientEmail)
      .setAudience(this.account.tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const response = await fetch(this.account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    const token = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!token.access_token) throw new Error('token endpoint gave no access_token');
    this.accessToken = { value: token.access_token, until: Date.now() + Math.max(60, (token.expires_in ?? 3600) - 60) * 1000 };
    return token.access_token;
  }
}
