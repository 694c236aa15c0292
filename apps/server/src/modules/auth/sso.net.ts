import { classifyAddress } from '../../platform/net/address-policy.ts';
import { anyButMetadata, FetchError, safeFetch } from '../../platform/net/safe-fetch.ts';

/** An identity provider's answer is small (metadata, keys, tokens): more is refused. */
const MAX_BYTES = 512 * 1024;
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * The fetch openid-client uses to talk to a tenant's identity provider: the URLs come from an
 * administrator (the issuer, then the provider's own metadata), so every request is safe-fetch's
 * — resolved once, every address public, the connection pinned to the checked address, size and
 * time bounded — for GET and POST alike, no redirect followed, and any status handed back for
 * openid-client to read (a token endpoint's 400 carries the OAuth error).
 */
export function providerFetch(allowLocal: boolean) {
  // SSO_ALLOW_LOCAL_PROVIDERS: loopback and private addresses too
  const policy = allowLocal ? anyButMetadata : classifyAddress;
  return async (input: string, options: { body?: unknown; headers: Record<string, string>; method: string; signal?: AbortSignal | undefined }): Promise<Response> => {
    const body =
      options.body === undefined || options.body === null ? undefined : options.body instanceof URLSearchParams ? options.body.toString() : typeof options.body === 'string' ? options.body : null;
    if (body === null) throw new FetchError('refused', 'Unsupported request body.');
    const response = await safeFetch(input, {
      method: options.method,
      headers: options.headers,
      ...(body !== undefined ? { body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      policy,
      maxBytes: MAX_BYTES,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxRedirects: 0,
      anyStatus: true,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.set(key, value);
    }
    return new Response(response.status === 204 || response.status === 304 ? null : Buffer.concat(chunks), { status: response.status, headers });
  };
}
