import { whenIdle } from '../shared/lib/when-idle.ts';

/**
 * Work that waits for the first screen (the configuration check, the modal and toast containers):
 * started sooner, its downloads and parsing compete with the screen's own on a slow phone. The root
 * layout says when the first screen has been committed, start() does for the boot screens, and a
 * deadline covers a first screen that never settles (a hanging request, an error boundary).
 */
const DEADLINE_MS = 5000;

let resolveShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});
let deadline: ReturnType<typeof setTimeout> | undefined;

export function markFirstScreenShown(): void {
  clearTimeout(deadline);
  resolveShown();
}

/** Starts the deadline (boot calls it once the app is rendering). */
export function startFirstScreenDeadline(): void {
  deadline ??= setTimeout(markFirstScreenShown, DEADLINE_MS);
}

/** Runs `work` once the first screen is there and the browser is idle; returns a cancel function. */
export function afterFirstScreen(work: () => void, idleTimeoutMs?: number): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  void shown.then(() => {
    if (!cancelled) cancelIdle = whenIdle(work, idleTimeoutMs);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}
