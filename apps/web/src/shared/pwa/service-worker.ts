/**
 * The page's side of the service worker (decision 030): registers /sw.js in a build (never in the
 * dev server, never inside the native shell, never in tests), watches for a new build's worker and
 * applies the update rules (update-rules.ts), and lets the chunk-failure rule reload onto the new
 * build (reloadOntoLatestBuild). The worker's source is src/sw/sw.ts.
 */
import { BUILD_INFO } from '../config/build-info.ts';
import { isNativeShell } from '../platform/platform.ts';
import { SW_MESSAGES, swBuildId } from '../../sw/sw-rules.ts';
import { decideOnWaitingWorker, PROMPT_AGAIN_AFTER_MS, shouldCheckForUpdate, UPDATE_CHECK_INTERVAL_MS } from './update-rules.ts';

export const SERVICE_WORKER_URL = '/sw.js';
/** This page's build, as the worker of the same build names itself. */
export const RUNNING_BUILD = swBuildId(BUILD_INFO.commit, BUILD_INFO.builtAt);

export function serviceWorkerWanted(): boolean {
  return import.meta.env.PROD && import.meta.env.MODE !== 'test' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext && !isNativeShell();
}

/** The update prompt's view (update-prompt.tsx), loaded only when there is an update. */
export interface UpdatePromptView {
  show(onUpdate: () => void, onLater: () => void): void;
  hide(): void;
}

let interacted = false;
let reloading = false;
let activationRequested = false;
let lastCheckAt: number | null = null;
let registrationPromise: Promise<ServiceWorkerRegistration | null> | null = null;

function noteInteraction(): void {
  interacted = true;
}

/** What the waiting worker says its build is (null when it does not answer in time). */
export function askBuildId(worker: ServiceWorker, timeoutMs = 2000): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ buildId?: unknown }>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.buildId === 'string' ? event.data.buildId : null);
    };
    worker.postMessage({ type: SW_MESSAGES.buildId }, [channel.port2]);
  });
}

/** Activates the waiting worker; with `reload`, reloads once it controls the page (3 s at most). */
function activate(worker: ServiceWorker, reload: boolean): void {
  activationRequested = true;
  if (reload) {
    const fallback = setTimeout(reloadNow, 3000);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(fallback);
        reloadNow();
      },
      { once: true },
    );
  }
  worker.postMessage({ type: SW_MESSAGES.skipWaiting });
}

function reloadNow(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

const loadPrompt = (): Promise<UpdatePromptView> => import('./update-prompt.tsx').then((module) => module.updatePrompt);

function offerUpdate(worker: ServiceWorker): void {
  void loadPrompt()
    .then((prompt) =>
      prompt.show(
        () => activate(worker, true),
        () => {
          // Dismissed: asked again later, unless something else updates the page first.
          setTimeout(() => {
            if (!reloading && worker.state === 'installed') offerUpdate(worker);
          }, PROMPT_AGAIN_AFTER_MS);
        },
      ),
    )
    // The prompt's chunk did not load (offline, or the deploy removed it): the new build it is.
    .catch(() => activate(worker, !interacted));
}

async function onWaiting(worker: ServiceWorker): Promise<void> {
  const waitingBuild = await askBuildId(worker);
  const decision = decideOnWaitingWorker({ waitingBuild, runningBuild: RUNNING_BUILD, interacted });
  if (decision === 'activate-silently') activate(worker, false);
  else if (decision === 'apply-now') activate(worker, true);
  else offerUpdate(worker);
}

function watch(registration: ServiceWorkerRegistration): void {
  const track = (worker: ServiceWorker) =>
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.waiting === worker && navigator.serviceWorker.controller) void onWaiting(worker);
    });
  if (registration.waiting && navigator.serviceWorker.controller) void onWaiting(registration.waiting);
  if (registration.installing) track(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) track(registration.installing);
  });
  // Another tab activated a new build: this page is now older than its worker. Offer the reload
  // (it may hold typed work), unless this page asked for it. The first worker taking the page
  // (clients.claim on a first visit) replaces no build.
  let hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = hadController;
    hadController = true;
    if (!replaced || activationRequested || reloading) return;
    void loadPrompt()
      .then((prompt) => prompt.show(reloadNow, () => undefined))
      .catch(() => undefined);
  });
  const check = () => {
    if (!shouldCheckForUpdate(lastCheckAt, Date.now())) return;
    lastCheckAt = Date.now();
    void registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Registers the worker and starts watching for updates (once; a no-op where it is not wanted). */
export function startServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerWanted()) return Promise.resolve(null);
  registrationPromise ??= (async () => {
    for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, noteInteraction, { once: true, capture: true, passive: true });
    try {
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
      lastCheckAt = Date.now();
      watch(registration);
      return registration;
    } catch (error) {
      console.warn('Faena: the service worker could not be registered', error);
      return null;
    }
  })();
  return registrationPromise;
}

/**
 * The chunk-failure rule's reload (spec §4): a chunk that no longer loads means the build changed.
 * A new worker that waits is activated first, so the reload lands on the new build rather than on
 * the old one's cached page; without one, the worker is asked for an update (2 s at most).
 */
export async function reloadOntoLatestBuild(): Promise<void> {
  const registration = serviceWorkerWanted() ? await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL).catch(() => undefined) : undefined;
  if (registration) {
    if (!registration.waiting) await Promise.race([registration.update().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
    const waiting = registration.waiting;
    if (waiting) {
      activate(waiting, true);
      return;
    }
  }
  reloadNow();
}
