/**
 * The modal and toast containers load after first paint. Toasts queue in their store, but a
 * modal is an event that nobody hears until the modals container has mounted: opening one asks
 * for the containers and waits until they are there.
 */
type Listener = () => void;

let requested = false;
let ready = false;
const listeners = new Set<Listener>();
let resolveReady: () => void = () => undefined;
const readyPromise = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

export function overlaysRequested(): boolean {
  return requested;
}

export function subscribeOverlayRequests(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestOverlays(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return readyPromise;
}

/** Called by the containers once mounted (and by test harnesses that mount them directly). */
export function markOverlaysReady(): void {
  if (ready) return;
  ready = true;
  requested = true;
  resolveReady();
}
