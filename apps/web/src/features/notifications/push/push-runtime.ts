import { i18n } from '../../../shared/i18n/i18n.ts';
import { getNativePush } from '../../../shared/platform/native-push.ts';
import { getPlatform } from '../../../shared/platform/platform.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { getWebPushKey } from '../api/get-web-push-key.ts';
import { registerDevice } from '../api/register-device.ts';
import { unregisterDevice } from '../api/unregister-device.ts';
import { sharedInstance } from '../lib/shared-instance.ts';
import { nativePushBackend, webPushBackend } from './push-backends.ts';
import { PushController } from './push-controller.ts';

const UNSUPPORTED_HINT_KEY = 'faena.push.unsupported-hint-shown';

function once(key: string, show: () => void): void {
  try {
    if (window.localStorage.getItem(key)) return;
    window.localStorage.setItem(key, '1');
  } catch {
    // Without storage the hint may repeat on the next visit; still show it now.
  }
  show();
}

function createController(): PushController {
  const native = getNativePush();
  const backend = native ? nativePushBackend(native, getPlatform().name) : webPushBackend(async () => (await getWebPushKey()).publicKey);
  return new PushController(
    backend,
    {
      register: (device) => registerDevice({ ...device.info, token: device.token, platform: device.platform }),
      unregister: (key, idToken) => unregisterDevice(key, { idToken }),
    },
    {
      requestFailed: () => toast.info(i18n.t('notifications.permission.requestFailed'), { id: 'notifications-permission-request-failed' }),
      // A hint, once per device: the notification centre keeps saying it.
      unsupported: (isNative) =>
        once(UNSUPPORTED_HINT_KEY, () =>
          isNative
            ? toast.error(i18n.t('notifications.permission.unsupportedNative'), { id: 'notifications-push-unsupported' })
            : toast.info(i18n.t('notifications.permission.unsupportedWeb'), { id: 'notifications-push-unsupported' }),
        ),
    },
  );
}

/** This page's push controller (one per tab). */
export function pushController(): PushController {
  return sharedInstance('push', createController);
}
