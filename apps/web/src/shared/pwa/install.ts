/**
 * Installing the app (decision 030). Android's Chromium fires `beforeinstallprompt` once the
 * manifest and the worker qualify; the event is kept (captureInstallPrompt runs at boot, before it
 * fires) and a signed-in person is offered "Instalar" once, after the first screen (install-offer.tsx).
 * iOS has no such event: index.html carries the apple-touch-icon and the standalone meta tags, and
 * Safari's "Add to Home Screen" does the rest.
 */
import { INSTALL_DISMISSED_KEY, shouldOfferInstall } from './update-rules.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const waiters = new Set<() => void>();

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    for (const waiter of waiters) waiter();
    waiters.clear();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
  });
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

export function dismissInstall(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Without storage the offer may come back on the next visit.
  }
}

/** Runs the browser's install dialog; true when the person installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'dismissed') dismissInstall();
  return outcome === 'accepted';
}

/** Once the browser offers installing (now or later), offers it to a signed-in person who has not said no. */
export function offerInstallWhenPossible(): void {
  const offer = () => {
    if (!shouldOfferInstall({ dismissedAt: read(INSTALL_DISMISSED_KEY), standalone: isStandalone(), signedIn: read('faena.session') !== null })) return;
    void import('./install-offer.tsx').then(({ showInstallOffer }) => showInstallOffer()).catch(() => undefined);
  };
  if (deferred) offer();
  else waiters.add(offer);
}
