/**
 * The page's `<meta name="theme-color">` (decision 030): the browser's bar and the installed app's
 * title bar take the organisation's brand colour once the tenant is known (GET /api/tenant, read
 * at boot and kept for offline starts), and Faena's teal until then or when it has none. Only the
 * meta tag: the app's own colours (app/theme.ts) stay Faena's. On the entry chunk: keep it tiny.
 */
import { useEffect } from 'react';

/** Faena's brand colour (spec §1), as index.html's meta tag carries it before the tenant is known. */
export const FAENA_THEME_COLOR = '#44a690';

/** Sets the meta tag (adding it if index.html's is missing). */
export function applyThemeColor(brandColor: string | null, doc: Document = document): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  const colour = brandColor ?? FAENA_THEME_COLOR;
  if (meta.content !== colour) meta.content = colour;
}

/** Keeps the meta tag on the organisation's colour while it changes (the profile screen saves a new one). */
export function useThemeColorMeta(brandColor: string | null): void {
  useEffect(() => applyThemeColor(brandColor), [brandColor]);
}
