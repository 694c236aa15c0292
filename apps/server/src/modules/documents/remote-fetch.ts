import { AppError } from '../../platform/errors.ts';
import { FetchError, safeFetch, type AddressPolicy, type Resolver, type SafeFetchResponse } from '../../platform/net/safe-fetch.ts';
import { decodeHeaderName } from './names.ts';

/** FilePond's fetch: the time one remote file may take, redirects included. */
export const FETCH_TIMEOUT_MS = 30_000;
export const FETCH_MAX_REDIRECTS = 5;

interface NetworkOverrides {
  resolve?: Resolver;
  policy?: AddressPolicy;
  timeoutMs?: number;
}

let overrides: NetworkOverrides | null = null;

/**
 * TEST-ONLY injection: lets API tests point the fetch at loopback servers they start (a resolver
 * and an address policy of their own) and shorten the deadline. It is reachable only from code
 * running in the server's process — no configuration, header or tenant setting can change it.
 * Pass null to restore the real resolver and the public-only policy.
 */
export function setFetchNetworkForTests(value: NetworkOverrides | null): void {
  overrides = value;
}

/** Fetches a user-given URL with the SSRF rules of safe-fetch, errors as API errors. */
export async function fetchRemote(target: string, maxBytes: number): Promise<SafeFetchResponse> {
  try {
    return await safeFetch(target, {
      maxBytes,
      timeoutMs: overrides?.timeoutMs ?? FETCH_TIMEOUT_MS,
      maxRedirects: FETCH_MAX_REDIRECTS,
      ...(overrides?.resolve ? { resolve: overrides.resolve } : {}),
      ...(overrides?.policy ? { policy: overrides.policy } : {}),
    });
  } catch (error) {
    throw fetchErrorToApp(error);
  }
}

export function fetchErrorToApp(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error;
  switch (error.reason) {
    case 'refused':
    case 'invalid-url':
      return new AppError('fetch-target-refused', error.message);
    case 'too-large':
      return new AppError('file-too-large', error.message);
    default:
      return new AppError('fetch-failed', error.message, error.status !== undefined ? { status: error.status } : undefined);
  }
}

/** The remote file's name: its Content-Disposition, else the last segment of its URL path. */
export function remoteFileName(response: SafeFetchResponse): string | null {
  const disposition = response.headers['content-disposition'];
  if (disposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (star) {
      try {
        return decodeURIComponent(star[1]!.trim());
      } catch {
        /* fall through */
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
    if (plain) return decodeHeaderName(plain[1]!.trim());
  }
  const last = response.url.pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
