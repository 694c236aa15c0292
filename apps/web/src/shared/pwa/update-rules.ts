/**
 * The update flow's rules (decision 030). A new build's service worker installs in the background
 * and waits; what the page then does depends on what the person could lose:
 * - the waiting worker is the build this page already runs (the page was loaded from the network
 *   after a deploy): activate it, nothing to reload;
 * - the person has not touched the page yet: activate and reload at once (nothing typed is lost);
 * - otherwise: offer "Actualizar", and offer it again later if dismissed — nobody stays on an old
 *   build for long, and a chunk that fails to load reloads onto the new build (chunk-failure.ts).
 */
export type WaitingDecision = 'activate-silently' | 'apply-now' | 'prompt';

export function decideOnWaitingWorker(input: { waitingBuild: string | null; runningBuild: string; interacted: boolean }): WaitingDecision {
  if (input.waitingBuild !== null && input.waitingBuild === input.runningBuild) return 'activate-silently';
  return input.interacted ? 'prompt' : 'apply-now';
}

/** How often an open page asks the server for a new worker, and the least time between two asks. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;
export const UPDATE_CHECK_MIN_GAP_MS = 60_000;
/** A dismissed prompt comes back after this long. */
export const PROMPT_AGAIN_AFTER_MS = 30 * 60_000;

/** A check when the page comes back to the foreground, unless one ran a moment ago. */
export function shouldCheckForUpdate(lastCheckAt: number | null, now: number): boolean {
  return lastCheckAt === null || now - lastCheckAt >= UPDATE_CHECK_MIN_GAP_MS || now < lastCheckAt;
}

/** The install offer (Android's beforeinstallprompt) is made to a signed-in person outside the installed app, and never again once dismissed. */
export const INSTALL_DISMISSED_KEY = 'faena.install-dismissed';

export function shouldOfferInstall(input: { dismissedAt: string | null; standalone: boolean; signedIn: boolean }): boolean {
  return !input.standalone && input.signedIn && input.dismissedAt === null;
}
