/**
 * Native push (FCM through the Capacitor shell), installed by the native shell before the app
 * renders, like the platform itself. The web build has none and uses the browser's Push API.
 */
export type PushPermissionState = 'prompt' | 'granted' | 'denied' | 'unsupported';

export interface NativePush {
  permission(): Promise<PushPermissionState>;
  requestPermission(): Promise<PushPermissionState>;
  /** This device's push token, registered with the notifications service. */
  token(): Promise<string>;
  /** Device information sent along with the token (model, OS version, …). */
  deviceInfo(): Promise<Record<string, unknown>>;
}

let nativePush: NativePush | null = null;

export function getNativePush(): NativePush | null {
  return nativePush;
}

export function setNativePush(push: NativePush | null): void {
  nativePush = push;
}
