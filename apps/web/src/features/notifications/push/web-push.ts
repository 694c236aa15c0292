import type { PushPermissionState } from '../../../shared/platform/native-push.ts';

/** The service worker that shows pushes and opens the app on a click (apps/web/src/sw, built into /sw.js; decision 030). */
export const SERVICE_WORKER_URL = '/sw.js';

export function isWebPushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

export function webPermission(): PushPermissionState {
  if (!isWebPushSupported()) return 'unsupported';
  const permission = Notification.permission;
  return permission === 'default' ? 'prompt' : permission;
}

/** Asks the browser. A browser that refuses to ask (no user gesture, say) answers `prompt`. */
export async function requestWebPermission(): Promise<PushPermissionState> {
  if (!isWebPushSupported()) return 'unsupported';
  const answer = await Notification.requestPermission();
  return answer === 'default' ? 'prompt' : answer;
}

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/** The VAPID key is base64url; the Push API wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** This browser's subscription for the server's VAPID key (an old one for another key is replaced). */
export async function subscribeWebPush(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe().catch(() => false);
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Drops this browser's subscription; answers its endpoint (the device's key on the server). */
export async function unsubscribeWebPush(): Promise<string | null> {
  if (!isWebPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}

export async function currentWebPushEndpoint(): Promise<string | null> {
  if (!isWebPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}
