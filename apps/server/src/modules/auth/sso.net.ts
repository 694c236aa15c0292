import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { classifyAddress } from '../../platform/net/address-policy.ts';
import { FetchError, systemResolver, vetTarget, type AddressPolicy } from '../../platform/net/safe-fetch.ts';

/** An identity provider's answer is small (metadata, keys, tokens): more is refused. */
const MAX_BYTES = 512 * 1024;
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Loopback and private addresses too, when the operator allows local providers (SSO_ALLOW_LOCAL_PROVIDERS). */
const anyButMetadata: AddressPolicy = (address) => {
  const cls = classifyAddress(address);
  return cls === 'metadata' ? cls : 'public';
};

/**
 * The fetch openid-client uses to talk to a tenant's identity provider: the URLs come from an
 * administrator (the issuer, then the provider's own metadata), so every request goes through
 * the SSRF rules of safe-fetch — resolved once, every address public, the connection pinned to
 * the checked address, no redirects followed, size and time bounded — for GET and POST alike.
 */
export function providerFetch(allowLocal: boolean) {
  const policy = allowLocal ? anyButMetadata : classifyAddress;
  return async (input: string, options: { body?: unknown; headers: Record<string, string>; method: string; signal?: AbortSignal | undefined }): Promise<Response> => {
    const url = new URL(input);
    const address = await vetTarget(url, systemResolver, policy);
    const body = options.body === undefined || options.body === null ? undefined : options.body instanceof URLSearchParams ? options.body.toString() : typeof options.body === 'string' ? options.body : null;
    if (body === null) throw new FetchError('refused', 'Unsupported request body.');
    return new Promise<Response>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      const signal = AbortSignal.any([AbortSignal.timeout(PROVIDER_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
      const req = (secure ? httpsRequest : httpRequest)(
        {
          host: address,
          port: url.port ? Number(url.port) : secure ? 443 : 80,
          path: `${url.pathname}${url.search}`,
          method: options.method,
          agent: false,
          signal,
          headers: { ...options.headers, host: url.host, 'accept-encoding': 'identity', ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
          ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) {
              res.destroy(new FetchError('too-large', 'The identity provider answered with too much data.'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [key, value] of Object.entries(res.headers)) {
              if (Array.isArray(value)) for (const v of value) headers.append(key, v);
              else if (value !== undefined) headers.set(key, value);
            }
            const status = res.statusCode ?? 502;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  };
}
