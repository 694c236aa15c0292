import { sessionStore } from './session.ts';

type BeforeSignOut = (idToken: string) => Promise<unknown>;

const hooks = new Set<BeforeSignOut>();

/**
 * Work that needs the session one last time before the user signs out (e.g. unregistering this
 * device from push). Returns the unregister function.
 */
export function onBeforeSignOut(hook: BeforeSignOut): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs the hooks with the current token; a slow or failing hook never holds the sign-out for long. */
export async function runBeforeSignOut(timeoutMs = 2_000): Promise<void> {
  const idToken = sessionStore.getSnapshot()?.idToken;
  if (!idToken || hooks.size === 0) return;
  const all = Promise.allSettled([...hooks].map((hook) => hook(idToken)));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
