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
}

export const webPlatform: Platform = {
  isNative: false,
  name: 'web',
  onBackButton: () => () => undefined,
  exitApp: () => undefined,
};

let current: Platform = webPlatform;

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
