/// <reference types="vite/client" />

declare const __BUILD_TIME__: string;
declare const __BUILD_COMMIT__: string;

interface ImportMetaEnv {
  readonly VITE_WEB_URL?: string;
  readonly VITE_PROCESS_VARIABLE_AUDIENCES?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_BRAND_COLOR?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_DEFAULT_TENANT?: string;
  readonly VITE_ENVIRONMENT?: string;
  /** The server's PUBLIC_DOMAIN (decision 029): hosts under it are read against it. */
  readonly VITE_PUBLIC_DOMAIN?: string;
}
