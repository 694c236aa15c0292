import { APP_VERSION } from '@faena/domain/version';

/** What the footer and the debug view say about the running build (spec §1: version 1.2.257). */
export const BUILD_INFO = {
  version: APP_VERSION,
  environment: (import.meta.env.VITE_ENVIRONMENT as string | undefined) ?? 'production',
  mode: import.meta.env.MODE,
  builtAt: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : 'dev',
  commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'dev',
} as const;

export const DEFAULT_SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'soporte@faena.app';
export const DEFAULT_TENANT_SUBDOMAIN = (import.meta.env.VITE_DEFAULT_TENANT as string | undefined) ?? 'demo';

/** Identifies the running build for the chunk-failure record: a deploy changes it even without a version bump. */
export const RUNNING_VERSION = `${BUILD_INFO.version}+${BUILD_INFO.commit}`;
/**
 * The product's public root domain (the server's PUBLIC_DOMAIN, e.g. faena.app or faena.com.mx):
 * a host under it is read against it rather than by counting labels (decision 029). Unset, hosts
 * are read by their labels (right for roots of two labels and app.localhost).
 */
export const PUBLIC_DOMAIN: string | null = (import.meta.env.VITE_PUBLIC_DOMAIN as string | undefined) || null;
