import { z } from 'zod';

/** One icon of the web app manifest (W3C Web App Manifest `icons` member). */
export const ZManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** GET /api/pwa/manifest.webmanifest: the installable app of the host's organisation (decision 030). */
export const ZWebManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('any'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(ZManifestIcon),
});
export type TWebManifest = z.infer<typeof ZWebManifest>;

/** The icons the server draws: 180 (apple-touch-icon), 192 and 512, and a maskable 512. */
export const PWA_ICON_NAMES = ['180.png', '192.png', '512.png', '512-maskable.png'] as const;
export type PwaIconName = (typeof PWA_ICON_NAMES)[number];
