/**
 * Platform services behind one interface (ARCHITECTURE §5): the web build gets no-ops where the
 * native shell (Capacitor) has real ones — the Android back button, exiting the app.
 */
export interface Platform {
  readonly isNative: boolean;
  readonly name: 'web' | 'android' | 'ios';
  /** Registers the hardware back-button handler; returns the unregister function. */
  onBackButton(handler: () => void): () => void;
  exitApp(): void;
  /** Camera capture; absent = the web implementation (`webCamera`). */
  readonly camera?: CameraService;
  /** The native shell's in-app browser for federated sign-in; absent on the web (popup or redirect there). */
  readonly browser?: InAppBrowser;
}

/**
 * The native shell's in-app browser (SFSafariViewController, Chrome Custom Tabs; @capacitor/browser)
 * for federated sign-in (decision 029): providers refuse to sign in inside the app's WebView, and
 * the provider's answer comes back to the app by its URL (@capacitor/app `appUrlOpen`).
 */
export interface InAppBrowser {
  /** The custom URL scheme that opens the app: its id (e.g. app.faena.mobile). */
  appScheme(): Promise<string>;
  open(url: string): Promise<void>;
  close(): Promise<void>;
  /** The app was opened by a URL; returns the unregister function. */
  onAppUrlOpen(handler: (url: string) => void): () => void;
  /** The person closed the in-app browser; returns the unregister function. */
  onClosed(handler: () => void): () => void;
}

/** What a native capture asks for (spec §9: 1280×960, JPEG quality 85). */
export interface NativePhotoOptions {
  width: number;
  height: number;
  quality: number;
}

/**
 * Taking photos (spec §4 photo capture). On the web the page shows a live stream and grabs a
 * frame itself (`mode: 'stream'`); a native shell takes the photo with the system camera
 * (`mode: 'native'`, `capture`) and refuses with `CameraPermissionError` when denied.
 */
export interface CameraService {
  readonly mode: 'stream' | 'native';
  /** Web: the live video stream (rejects with the browser's DOMException). */
  openStream(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** Native: one photo as a JPEG blob. */
  capture(options: NativePhotoOptions): Promise<Blob>;
}

/** A native camera refused for lack of permission ("Se requieren permisos de cámara…"). */
export class CameraPermissionError extends Error {
  override name = 'CameraPermissionError';
}

export const webCamera: CameraService = {
  mode: 'stream',
  openStream: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  capture: () => Promise.reject(new Error('The web camera captures from its stream.')),
};

export function getCamera(): CameraService {
  return current.camera ?? webCamera;
}

export const webPlatform: Platform = {
  isNative: false,
  name: 'web',
  onBackButton: () => () => undefined,
  exitApp: () => undefined,
};

let current: Platform = webPlatform;

/** True inside a Capacitor shell: its bridge defines `window.Capacitor` before the page's scripts run. */
export function isNativeShell(): boolean {
  return (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.() === true;
}

export function getPlatform(): Platform {
  return current;
}

/** The native shell installs its implementation before the app renders. */
export function setPlatform(platform: Platform): void {
  current = platform;
}

export type BackButtonAction = 'confirm-exit' | 'back' | 'home';

const EXIT_PATHS = new Set(['/', '/login', '/home']);

/** Spec §2: on /, /login or /home ask to confirm exit; elsewhere go back, or to / when there is no history. */
export function backButtonAction(pathname: string, canGoBack: boolean): BackButtonAction {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (EXIT_PATHS.has(path)) return 'confirm-exit';
  return canGoBack ? 'back' : 'home';
}
