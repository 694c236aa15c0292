import { useEffect, useState } from 'react';
import { ensureFileCookie, fetchFileBlob, fileCookieReady } from './upload-api.ts';
import { isFileRef, offlineQueue } from '../offline/offline-queue.ts';

/**
 * An object URL for the file behind a download link, fetched with the bearer token (so previews
 * work without a cookie); revoked when the link changes or the component goes away.
 */
export function useFileUrl(link: string | null | undefined): {
  url: string | null;
  error: boolean;
} {
  const [state, setState] = useState<{
    link: string | null;
    url: string | null;
    error: boolean;
  }>({ link: null, url: null, error: false });
  useEffect(() => {
    if (!link) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    // a photo kept on the device until its form is sent (decision 031) is read from there
    (isFileRef(link) ? offlineQueue.keptFile(link).then((blob) => blob ?? Promise.reject(new Error('kept file gone'))) : fetchFileBlob(link, controller.signal))
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ link, url, error: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ link, url: null, error: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [link]);
  return state.link === link ? { url: state.url, error: state.error } : { url: null, error: false };
}

/**
 * True once plain `<img src={downloadLink}>` loads can work (the download cookie is set): render
 * such images only then, or the browser asks before the cookie exists and shows a broken image.
 * Turns true after a failed attempt too, so nothing waits forever.
 */
export function useFileCookie(needed = true): boolean {
  const [ready, setReady] = useState(() => !needed || fileCookieReady());
  useEffect(() => {
    if (!needed || ready) return undefined;
    let live = true;
    void ensureFileCookie().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready || !needed;
}
