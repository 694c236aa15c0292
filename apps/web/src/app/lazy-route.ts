import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RUNNING_VERSION } from '../shared/config/build-info.ts';
import type { AccessRule } from '../shared/access/access.ts';
import { withLocales } from '../shared/i18n/bundles.ts';
import { CHUNK_FAILURE_KEY, readRecord, withChunkReload, type ChunkFailureEnv } from '../shared/lib/chunk-failure.ts';

export interface RouteHandle {
  /** Who may open the screen (the shell shows a no-access screen otherwise). */
  access?: AccessRule;
}

const chunkEnv: ChunkFailureEnv = {
  read: () => (typeof localStorage === 'undefined' ? null : readRecord(localStorage)),
  write: (record) => {
    try {
      localStorage.setItem(CHUNK_FAILURE_KEY, JSON.stringify(record));
    } catch {
      // Without storage the reload still happens; the next failure then shows the error.
    }
  },
  // Onto the new build: a waiting service worker is activated first (decision 030).
  reload: () => void import('../shared/pwa/service-worker.ts').then(({ reloadOntoLatestBuild }) => reloadOntoLatestBuild()).catch(() => window.location.reload()),
  now: () => Date.now(),
  appVersion: RUNNING_VERSION,
};

/** A screen of a lazily loaded area module: the chunk loads on first visit, with the reload-once rule. */
export function page<M>(load: () => Promise<M>, name: keyof M & string, access?: AccessRule): Pick<RouteObject, 'lazy' | 'handle'> {
  const loadSafely = withLocales(withChunkReload(load, chunkEnv));
  return {
    lazy: async () => ({ Component: (await loadSafely())[name] as ComponentType }),
    handle: { access } satisfies RouteHandle,
  };
}

/** Several addresses of one screen: the same module, component and access for each path. */
export function pages<M>(paths: readonly string[], load: () => Promise<M>, name: keyof M & string, access?: AccessRule): RouteObject[] {
  return paths.map((path) => ({ path, ...page(load, name, access) }));
}

/** For layouts and other lazy modules that export a component under a known name. */
export function lazyComponent<M>(load: () => Promise<M>, name: keyof M & string): () => Promise<{ Component: ComponentType }> {
  const loadSafely = withLocales(withChunkReload(load, chunkEnv));
  return async () => ({ Component: (await loadSafely())[name] as ComponentType });
}

export { chunkEnv };
