/**
 * Faena's service worker (decision 030), built by vite-plugin-pwa (injectManifest) into /sw.js:
 * - precaches the app shell, every area's lazy chunks, stylesheets and locale bundles (the list
 *   the build injects into `self.__WB_MANIFEST`), so a second visit works with no connection;
 * - navigations go to the network first (a deploy is picked up on the next load) and fall back
 *   to the precached index.html when the network is down or slower than NAVIGATION_TIMEOUT_MS;
 * - never answers /api/: data is the offline queue's business (IndexedDB), not the worker's;
 * - a new worker waits until the page says so (SKIP_WAITING), which the update flow decides
 *   (src/shared/pwa); it tells its build id (BUILD_ID) so a page of the same build activates
 *   it silently;
 * - shows push notifications (push.ts).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPush } from './push.ts';
import type { SwScope } from './sw-types.ts';
import { isApiPath, NAVIGATION_TIMEOUT_MS, SW_MESSAGES, swBuildId } from './sw-rules.ts';

declare const self: SwScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const BUILD_ID = swBuildId(typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'dev', typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : 'dev');
const manifest = self.__WB_MANIFEST;
const hasShell = manifest.some((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '') === 'index.html');

async function networkFirstNavigation(request: Request): Promise<Response> {
  const fromCache = async () => (await matchPrecache('index.html')) ?? Response.error();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), NAVIGATION_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([fetch(request), timedOut]);
    if (answer === 'timeout') return await fromCache();
    // A server error page is no better than the app shell: the app shows its own error screens.
    return answer.status >= 500 ? await fromCache() : answer;
  } catch {
    return fromCache();
  } finally {
    clearTimeout(timer);
  }
}

// Registered before the precache route, so that "/" (the precache's directory index) also goes
// to the network first.
if (hasShell) {
  registerRoute(new NavigationRoute(({ request }) => networkFirstNavigation(request), { denylist: [/^\/api(\/|$)/] }));
}
// Index.html is matched only by the navigation route above (no directory index, no clean URLs).
precacheAndRoute(
  manifest.filter((entry) => !isApiPath(typeof entry === 'string' ? entry : entry.url)),
  { directoryIndex: '', cleanURLs: false },
);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  else if (data?.type === SW_MESSAGES.buildId) event.ports[0]?.postMessage({ buildId: BUILD_ID });
});

// The first worker takes the open page at once (nothing to replace); a later one waits (above).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

installPush(self);
