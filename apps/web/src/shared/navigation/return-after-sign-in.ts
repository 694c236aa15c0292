/**
 * A protected address opened without a session comes back after sign-in: the route guard keeps it
 * (this tab only, for half an hour) before it sends the person to /login, and '/' — where every
 * sign-in lands (spec §2) — takes it instead of /home.
 */
const KEY = 'faena.returnAfterSignIn';
const FRESH_MS = 30 * 60 * 1000;
const NOT_WORTH_KEEPING = new Set(['/', '/home', '/login', '/sign-in']);

export function rememberReturn(url: URL): void {
  if (NOT_WORTH_KEEPING.has(url.pathname)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: `${url.pathname}${url.search}${url.hash}`, at: Date.now() }));
  } catch {
    // storage full or blocked: the person lands on /home as before
  }
}

/** The address kept by the guard, once (it is forgotten as it is taken); null when none is fresh. */
export function takeReturn(now = Date.now()): string | null {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (typeof kept !== 'object' || kept === null) return null;
  const { path, at } = kept as { path?: unknown; at?: unknown };
  // Only a path of this app: never another origin ('//host', '/\host').
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (typeof at !== 'number' || now - at > FRESH_MS || at > now) return null;
  return path;
}
