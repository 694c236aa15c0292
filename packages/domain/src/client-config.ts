import { z } from 'zod';
import { FEATURE_FLAG_NAMES, type FeatureFlag } from './feature-flags.ts';

/**
 * The web client's configuration (spec shell §5). It arrives as text variables: every feature
 * flag is the text "true" or "false"; the web URL starts with https:// (hosts under localhost
 * may use http) and has no trailing slash; the audiences list is comma-separated, trimmed, with
 * empties dropped; map and colour values may be absent.
 */
export const CONFIG_ERROR_PREFIX = 'Error parsing environment variables: ';

const zFlagText = z.enum(['true', 'false']).transform((value) => value === 'true');

function isLocalHttp(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && (hostname === 'localhost' || hostname.endsWith('.localhost'));
  } catch {
    return false;
  }
}

export const ZWebUrl = z
  .string()
  .refine((url) => url.startsWith('https://') || isLocalHttp(url), 'must start with https://')
  .refine((url) => !url.endsWith('/'), 'must not end with /');

export const ZAudienceList = z.string().transform((text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

export const ZClientConfig = z.object({
  WEB_URL: ZWebUrl,
  PROCESS_VARIABLE_AUDIENCES: z.string().default('venue,venues,user,users').pipe(ZAudienceList),
  MAP_TILE_URL: z.string().optional(),
  BRAND_COLOR: z.string().optional(),
  FLAGS: z.object(Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, zFlagText])) as Record<FeatureFlag, typeof zFlagText>),
});
export type TClientConfig = z.output<typeof ZClientConfig>;

export type ClientConfigResult = { ok: true; config: TClientConfig } | { ok: false; message: string };

/** Parses the raw text variables; a failure carries the spec's alert text. */
export function parseClientConfig(raw: unknown): ClientConfigResult {
  const parsed = ZClientConfig.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const detail = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  return { ok: false, message: CONFIG_ERROR_PREFIX + detail };
}
