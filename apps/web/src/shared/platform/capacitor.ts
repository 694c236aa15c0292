/**
 * The native shells' platform (Capacitor, apps/mobile; decision 030): the Android back button,
 * exiting the app, the system camera (spec §9: 1280×960, JPEG quality 85), FCM/APNs push
 * tokens and the in-app browser of federated sign-in, behind the interfaces the web app already uses (platform.ts, native-push.ts). Loaded
 * only inside a native shell (installNativePlatform), so the web build never downloads it.
 */
import { Capacitor } from '@capacitor/core';
import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Camera, EncodingType } from '@capacitor/camera';
import { PushNotifications } from '@capacitor/push-notifications';
import { setNativePush, type NativePush, type PushPermissionState } from './native-push.ts';
import { CameraPermissionError, setPlatform, type CameraService, type InAppBrowser, type Platform } from './platform.ts';

/** Capacitor's permission states in the interface's words ('prompt-with-rationale' asks again). */
export function toPushPermission(state: string): PushPermissionState {
  if (state === 'granted' || state === 'denied') return state;
  return 'prompt';
}

export const nativeCamera: CameraService = {
  mode: 'native',
  openStream: () => Promise.reject(new Error('The native camera takes photos with capture().')),
  async capture({ width, height, quality }) {
    let permission = (await Camera.checkPermissions()).camera;
    if (permission === 'prompt' || permission === 'prompt-with-rationale') permission = (await Camera.requestPermissions({ permissions: ['camera'] })).camera;
    if (permission === 'denied') throw new CameraPermissionError('camera permission denied');
    try {
      const photo = await Camera.takePhoto({ quality, targetWidth: width, targetHeight: height, correctOrientation: true, encodingType: EncodingType.JPEG, saveToGallery: false });
      if (!photo.webPath) throw new Error('The camera returned no photo.');
      return await (await fetch(photo.webPath)).blob();
    } catch (error) {
      if (error instanceof Error && /permission|denied|not authorized/i.test(error.message)) throw new CameraPermissionError(error.message);
      throw error;
    }
  },
};

const nativePush: NativePush = {
  permission: async () => toPushPermission((await PushNotifications.checkPermissions()).receive),
  requestPermission: async () => toPushPermission((await PushNotifications.requestPermissions()).receive),
  /** Registers with FCM (APNs on iOS) and answers the token, or the registration's error. */
  token: () =>
    new Promise<string>((resolve, reject) => {
      const handles = [
        PushNotifications.addListener('registration', (token) => {
          void Promise.all(handles).then((all) => all.forEach((handle) => void handle.remove()));
          resolve(token.value);
        }),
        PushNotifications.addListener('registrationError', (error) => {
          void Promise.all(handles).then((all) => all.forEach((handle) => void handle.remove()));
          reject(new Error(error.error));
        }),
      ];
      void Promise.all(handles)
        .then(() => PushNotifications.register())
        .catch(reject);
    }),
  deviceInfo: async () => ({ platform: Capacitor.getPlatform(), user_agent: navigator.userAgent, language: navigator.language }),
};

/** Federated sign-in in the system's in-app browser; its answer opens the app by its URL scheme (apps/mobile README). */
export const inAppBrowser: InAppBrowser = {
  appScheme: async () => (await App.getInfo()).id,
  open: (url) => Browser.open({ url, presentationStyle: 'popover' }),
  // Android's Custom Tabs close themselves when the app is opened; a refusal to close is no failure.
  close: () => Browser.close().catch(() => undefined),
  onAppUrlOpen(handler) {
    const handle = App.addListener('appUrlOpen', (event) => handler(event.url));
    return () => void handle.then((listener) => listener.remove());
  },
  onClosed(handler) {
    const handle = Browser.addListener('browserFinished', () => handler());
    return () => void handle.then((listener) => listener.remove());
  },
};

export function capacitorPlatform(): Platform {
  const name = Capacitor.getPlatform() === 'ios' ? 'ios' : 'android';
  return {
    isNative: true,
    name,
    onBackButton(handler) {
      // With a listener, Android's back button no longer closes the app by itself: the rule decides (root-layout.tsx).
      const handle = App.addListener('backButton', () => handler());
      return () => void handle.then((listener) => listener.remove());
    },
    exitApp: () => void App.exitApp(),
    camera: nativeCamera,
    browser: inAppBrowser,
  };
}

/** A tapped notification opens what it is about (the service worker does the same on the web). */
function openTappedNotifications(): void {
  void PushNotifications.addListener('pushNotificationActionPerformed', (action) => {
    const url = (action.notification.data as { url?: unknown } | undefined)?.url;
    window.location.assign(typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications');
  });
}

export function installNativePlatform(): void {
  setPlatform(capacitorPlatform());
  setNativePush(nativePush);
  openTappedNotifications();
}
