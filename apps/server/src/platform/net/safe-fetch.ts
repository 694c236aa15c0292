import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { classifyAddress, type AddressClass } from './address-policy.ts';

/**
 * A request to a user-supplied URL that cannot be turned against the server's own network (SSRF):
 *
 * - http and https only, no credentials in the URL;
 * - the host's addresses come from the resolver, and EVERY one must be public (address-policy);
 *   the connection then goes to the address that was checked (pinned: no second DNS lookup
 *   that a rebinding name could answer differently), with the name kept for Host and TLS;
 * - redirects are followed by hand, at most `maxRedirects`, each target checked the same way;
 * - one deadline covers connecting, every redirect and the whole body; the body is cut off
 *   past `maxBytes`; no connection reuse (agent: false).
 */

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
/** Decides whether an address may be connected to; the default allows public addresses only. */
export type AddressPolicy = (address: string) => AddressClass;

export interface SafeFetchOptions {
  resolve?: Resolver;
  policy?: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  userAgent?: string;
  /** GET unless said; a body is sent as given (redirects are then best refused: maxRedirects 0). */
  method?: string;
  /** Sent over the defaults (user agent, accept); Host and Accept-Encoding stay the fetch's own. */
  headers?: Record<string, string>;
  body?: string;
  /** Answer a non-2xx status instead of failing with 'http-error' (a protocol client reads it). */
  anyStatus?: boolean;
  /** The caller's own abort, on top of the deadline. */
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, already capped at maxBytes (it errors with FetchError 'too-large' beyond). */
  body: Readable;
  /** Declared length when the server sent one. */
  length: number | null;
}

export type FetchFailure = 'refused' | 'invalid-url' | 'too-many-redirects' | 'timeout' | 'too-large' | 'unreachable' | 'http-error';

export class FetchError extends Error {
  override name = 'FetchError';
  readonly reason: FetchFailure;
  readonly status: number | undefined;
  constructor(reason: FetchFailure, message: string, status?: number) {
    super(message);
    this.reason = reason;
    this.status = status;
  }
}

export const systemResolver: Resolver = async (hostname) => lookup(hostname, { all: true, verbatim: true });
export const publicOnly: AddressPolicy = classifyAddress;
/** Loopback and private addresses too — never a cloud metadata service: for operators who allow local services (tests, a tool on their own network). */
export const anyButMetadata: AddressPolicy = (address) => {
  const cls = classifyAddress(address);
  return cls === 'metadata' ? cls : 'public';
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Checks a URL's shape and host; resolves and checks its addresses; returns the one to use. */
export async function vetTarget(target: URL, resolve: Resolver, policy: AddressPolicy): Promise<string> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FetchError('refused', `Only http and https URLs can be fetched, not ${target.protocol}`);
  if (target.username || target.password) throw new FetchError('refused', 'URLs with credentials are not fetched.');
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  if (!host) throw new FetchError('invalid-url', 'The URL has no host.');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    let resolved: { address: string }[];
    try {
      resolved = await resolve(host);
    } catch {
      throw new FetchError('unreachable', `The host ${host} could not be resolved.`);
    }
    addresses = resolved.map((r) => r.address);
    if (addresses.length === 0) throw new FetchError('unreachable', `The host ${host} has no address.`);
  }
  for (const address of addresses) {
    const cls = policy(address);
    if (cls !== 'public') throw new FetchError('refused', `The host ${host} is not a public address (${cls}).`);
  }
  return addresses[0]!;
}

export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const resolve = options.resolve ?? systemResolver;
  const policy = options.policy ?? publicOnly;
  const maxRedirects = options.maxRedirects ?? 5;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('invalid-url', 'The target is not a valid URL.');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchError('timeout', `The remote server did not answer within ${options.timeoutMs} ms.`)), options.timeoutMs);
  timer.unref();
  options.signal?.addEventListener('abort', () => controller.abort(new FetchError('unreachable', 'The request was aborted.')), { once: true });
  try {
    for (let hop = 0; ; hop++) {
      const address = await vetTarget(url, resolve, policy);
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      const response = await connect(url, address, controller.signal, options);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.resume();
        response.destroy();
        if (hop >= maxRedirects) throw new FetchError('too-many-redirects', `More than ${maxRedirects} redirects.`);
        try {
          url = new URL(response.headers.location, url);
        } catch {
          throw new FetchError('invalid-url', 'The redirect target is not a valid URL.');
        }
        continue;
      }
      if (!options.anyStatus && (status < 200 || status >= 300)) {
        response.resume();
        response.destroy();
        throw new FetchError('http-error', `The remote server answered ${status}.`, status);
      }
      const declared = response.headers['content-length'] !== undefined ? Number(response.headers['content-length']) : null;
      const length = declared !== null && Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
      if (length !== null && length > options.maxBytes) {
        response.destroy();
        throw new FetchError('too-large', `The remote file is larger than ${options.maxBytes} bytes.`);
      }
      const body = capped(response, options.maxBytes, controller, timer);
      return { url, status, headers: response.headers, body, length };
    }
  } catch (error) {
    clearTimeout(timer);
    controller.abort();
    if (error instanceof FetchError) throw error;
    if (controller.signal.reason instanceof FetchError) throw controller.signal.reason;
    throw new FetchError('unreachable', `The remote server could not be reached: ${(error as Error).message}`);
  }
}

function connect(url: URL, address: string, signal: AbortSignal, options: SafeFetchOptions): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const secure = url.protocol === 'https:';
    const make = secure ? httpsRequest : httpRequest;
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const req = make({
      host: address, // pinned: the address that was checked
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: options.method ?? 'GET',
      agent: false,
      signal,
      headers: {
        'user-agent': options.userAgent ?? 'Faena-Fetch/1',
        accept: '*/*',
        ...options.headers,
        host: url.host,
        'accept-encoding': 'identity',
        ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
      },
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    });
    req.once('response', resolvePromise);
    req.once('error', (error) => reject(signal.aborted && signal.reason instanceof FetchError ? signal.reason : error));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Passes the body through, failing past maxBytes; the deadline keeps running until the end. */
function capped(response: IncomingMessage, maxBytes: number, controller: AbortController, timer: NodeJS.Timeout): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        callback(new FetchError('too-large', `The remote file is larger than ${maxBytes} bytes.`));
        return;
      }
      callback(null, chunk);
    },
  });
  const finish = () => clearTimeout(timer);
  controller.signal.addEventListener('abort', () => out.destroy(controller.signal.reason as Error), { once: true });
  response.on('error', (error) => out.destroy(controller.signal.aborted && controller.signal.reason instanceof FetchError ? controller.signal.reason : error));
  out.on('close', () => {
    finish();
    response.destroy();
  });
  response.pipe(out);
  return out;
}
