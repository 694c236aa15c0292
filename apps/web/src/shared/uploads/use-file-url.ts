import { useEffect, useState } from 'react';
import { fetchFileBlob } from './upload-api.ts';

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
    fetchFileBlob(link, controller.signal)
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
