import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The security headers helmet writes for `options`, computed once. Helmet's answer depends only
 * on its options (no nonces here), and building its middleware parses the CSP directives, which
 * `@fastify/helmet` did again on every request; the server now sets this fixed set instead.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/** The web app's policy: its own scripts (and WebAssembly) only; inline styles (the component library); images from anywhere over https. */
export function faenaSecurityHeaders(publicDomain: string): Readonly<Record<string, string>> {
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets WebAssembly of our own origin compile (the asset scanner's
        // zxing-wasm, where the browser has no BarcodeDetector); it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // embedded BI dashboards (reports): frames over https only; which hosts a tenant may
        // embed is checked on the server when a report is written and viewed (decision 027)
        frameSrc: ["'self'", 'https:'],
      },
    },
    // The app is served over http on localhost in development.
    strictTransportSecurity: !publicDomain.includes('localhost'),
  });
}
