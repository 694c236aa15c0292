import { FEATURE_FLAG_NAMES, PRODUCTION_FLAGS } from '@faena/domain/feature-flags';
import { parseClientConfig, type ClientConfigResult } from '@faena/domain/client-config';

/**
 * The client's configuration arrives as text variables (spec shell §5): Vite's `VITE_*` build
 * variables, one `VITE_FLAG_<NAME>` per feature flag ("true"/"false"). What is not set takes the
 * production build's value. This module pulls in zod, so it is loaded beside the first request
 * instead of in the entry chunk.
 */
export type RawEnv = Record<string, string | boolean | undefined>;

/**
 * On the web the magic-link and invite URLs are built from the current host; WEB_URL matters
 * for native shells. Without a configured value it is the page's origin (https in production,
 * http only under localhost).
 */
function defaultWebUrl(origin: string): string {
  const url = new URL(origin);
  if (url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) return url.origin;
  return `https://${url.host}`;
}

export function rawClientConfig(env: RawEnv, origin: string): Record<string, unknown> {
  const text = (key: string): string | undefined => {
    const value = env[key];
    return value === undefined ? undefined : String(value);
  };
  return {
    WEB_URL: text('VITE_WEB_URL') ?? defaultWebUrl(origin),
    PROCESS_VARIABLE_AUDIENCES: text('VITE_PROCESS_VARIABLE_AUDIENCES'),
    MAP_TILE_URL: text('VITE_MAP_TILE_URL'),
    BRAND_COLOR: text('VITE_BRAND_COLOR'),
    FLAGS: Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, text(`VITE_FLAG_${name.toUpperCase()}`) ?? String(PRODUCTION_FLAGS[name])])),
  };
}

export function loadClientConfig(env: RawEnv, origin: string): ClientConfigResult {
  return parseClientConfig(rawClientConfig(env, origin));
}
