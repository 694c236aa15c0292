import { Box } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { TEmbedView } from '@faena/contracts';
import { TABLEAU_LIBRARY_PATH } from '../lib/embed-token.ts';

const loading = new Map<string, Promise<void>>();

/**
 * The Tableau Embedding API v3 from the tenant's own Tableau site (the version that site serves
 * is the one its views speak): the only script of another origin the app loads, allowed by the
 * page's CSP for that tenant's Tableau hosts only (decision 027).
 */
export function loadTableauLibrary(origin: string): Promise<void> {
  const src = `${origin}${TABLEAU_LIBRARY_PATH}`;
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      script.dataset.testid = 'tableau-library';
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`The Tableau library did not load from ${origin}.`));
      });
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * A Tableau view in a <tableau-viz>, signed in with the connected-app JWT minted for this viewer.
 * The token only opens the session: a refreshed token is kept for the next mount, the view is not
 * reloaded under the person's feet.
 */
export function TableauEmbed({ embed, title, onError }: { embed: TEmbedView; title: string; onError: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const tokenNow = useEffectEvent(() => embed.token);
  const fail = useEffectEvent(() => onError());

  useEffect(() => {
    let cancelled = false;
    let viz: HTMLElement | null = null;
    loadTableauLibrary(new URL(embed.url).origin)
      .then(() => {
        if (cancelled || !host.current) return;
        viz = document.createElement('tableau-viz');
        viz.setAttribute('src', embed.url);
        const token = tokenNow();
        if (token) viz.setAttribute('token', token);
        viz.setAttribute('toolbar', 'bottom');
        viz.setAttribute('width', '100%');
        viz.setAttribute('height', '100%');
        viz.setAttribute('title', title);
        viz.dataset.testid = 'tableau-viz';
        viz.addEventListener('vizloaderror', () => fail());
        host.current.append(viz);
      })
      .catch(() => {
        if (!cancelled) fail();
      });
    return () => {
      cancelled = true;
      viz?.remove();
    };
  }, [embed.url, title]);

  return <Box ref={host} mih={520} h={{ base: 520, sm: 640 }} data-testid="report-embed-tableau" />;
}
