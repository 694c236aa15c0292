import type { NativePush } from '../../../shared/platform/native-push.ts';
import type { PushBackend } from './push-controller.ts';
import { isWebPushSupported, registerServiceWorker, requestWebPermission, subscribeWebPush, unsubscribeWebPush, webPermission } from './web-push.ts';

/** The browser: Notification permission, a service worker and a Push API subscription with the server's VAPID key. */
export function webPushBackend(getPublicKey: () => Promise<string>): PushBackend {
  let registration: Promise<ServiceWorkerRegistration> | null = null;
  const ensureWorker = () => (registration ??= registerServiceWorker());
  return {
    native: false,
    prepare: async () => {
      if (isWebPushSupported()) await ensureWorker();
    },
    permission: async () => webPermission(),
    request: () => requestWebPermission(),
    obtain: async () => {
      await ensureWorker();
      const ready = await navigator.serviceWorker.ready;
      const subscription = await subscribeWebPush(ready, await getPublicKey());
      return {
        token: subscription.toJSON(),
        key: subscription.endpoint,
        platform: 'web',
        info: { userAgent: navigator.userAgent, language: navigator.language },
      };
    },
    release: () => unsubscribeWebPush(),
  };
}

/** The native shell: its permission dialog and its FCM token. */
export function nativePushBackend(push: NativePush, platform: string): PushBackend {
  return {
    native: true,
    prepare: async () => undefined,
    permission: () => push.permission(),
    request: () => push.requestPermission(),
    obtain: async () => {
      const token = await push.token();
      return { token, key: token, platform, info: await push.deviceInfo() };
    },
    // The token belongs to the app install; the server forgets it on sign-out.
    release: async () => null,
  };
}
