/** What the service worker and the page agree on (decision 030). Pure: unit-tested, no worker globals. */

/** A navigation that the network has not answered by then is served the cached app shell. */
export const NAVIGATION_TIMEOUT_MS = 4000;

export const SW_MESSAGES = {
  skipWaiting: 'faena:sw:skip-waiting',
  buildId: 'faena:sw:build-id',
} as const;

/** A build's id: its commit and build time (the page computes the same from the same defines). */
export function swBuildId(commit: string, builtAt: string): string {
  return `${commit}@${builtAt}`;
}

/** The API is never answered by the worker. */
export function isApiPath(url: string): boolean {
  const path = url.startsWith('/') ? url : `/${url}`;
  return path === '/api' || path.startsWith('/api/');
}
