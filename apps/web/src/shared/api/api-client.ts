import { HttpError, NetworkError, NotFoundError } from './http-error.ts';
import { retryDelayMs, shouldRetryNetworkError, shouldRetryStatus } from './retry-policy.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A parameter sent once per value (`key=a&key=b`), for values that may hold commas themselves. */
export interface RepeatedParam {
  readonly repeated: readonly (string | number)[];
}
export const repeated = (values: readonly (string | number)[]): RepeatedParam => ({ repeated: values });

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[] | RepeatedParam;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query string; arrays are comma-joined (spec §7), `repeated(...)` sent once per value, null/undefined dropped. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** multipart/form-data body. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the signed-in user's bearer token (default true). */
  auth?: boolean;
  /** How to read a successful answer (default: JSON when the answer says so, else text). */
  responseType?: 'json' | 'text' | 'blob' | 'none';
}

/** What the session layer lends the client: the token, and what to do when the server refuses it. */
export interface AuthBridge {
  getIdToken(): Promise<string | null>;
  /** A 401 on an authenticated call: refresh the session; true when a retry with a new token makes sense. */
  recoverFromUnauthorized(error: HttpError): Promise<boolean>;
  /** Any other authenticated failure, for the session rules (restart path, disabled user). */
  inspectFailure(error: HttpError): void;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  isOnline: () => boolean;
  baseUrl: string;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (isRepeated(value)) for (const each of value.repeated) params.append(key, String(each));
    else params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isRepeated(value: QueryValue): value is RepeatedParam {
  return typeof value === 'object' && value !== null && 'repeated' in value;
}

export class ApiClient {
  private auth: AuthBridge | null = null;
  private readonly deps: ApiClientDeps;

  constructor(deps: ApiClientDeps) {
    this.deps = deps;
  }

  setAuthBridge(bridge: AuthBridge | null): void {
    this.auth = bridge;
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }
  post<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST' });
  }
  put<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT' });
  }
  patch<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PATCH' });
  }
  delete<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = `${this.deps.baseUrl}${path}${buildQuery(options.query)}`;
    const useAuth = options.auth !== false;
    let attempt = 0;
    let reauthenticated = false;
    for (;;) {
      attempt += 1;
      const headers = new Headers(options.headers);
      headers.set('accept', 'application/json');
      let body: BodyInit | undefined;
      if (options.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(options.json);
      } else if (options.form) {
        body = new URLSearchParams(options.form);
      } else if (options.formData) {
        body = options.formData;
      }
      if (useAuth && this.auth) {
        const token = await this.auth.getIdToken();
        if (token) headers.set('authorization', `Bearer ${token}`);
      }

      let response: Response;
      try {
        response = await this.deps.fetch(url, { method, headers, body, signal: options.signal, credentials: 'same-origin' });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        if (shouldRetryNetworkError(method, attempt, this.deps.isOnline())) {
          await this.deps.sleep(retryDelayMs(null));
          continue;
        }
        throw new NetworkError(method, url, cause);
      }

      if (response.ok) return (await readSuccess(response, options.responseType)) as T;

      const error = await toHttpError(response, method, url);
      if (useAuth && this.auth) {
        if (response.status === 401 && !reauthenticated) {
          reauthenticated = true;
          if (await this.auth.recoverFromUnauthorized(error)) continue;
          throw error;
        }
        this.auth.inspectFailure(error);
      }
      if (shouldRetryStatus(method, response.status, attempt)) {
        await this.deps.sleep(retryDelayMs(response.headers.get('retry-after')));
        continue;
      }
      throw error;
    }
  }
}

async function readSuccess(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (type === 'none' || response.status === 204 || response.status === 205) return undefined;
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (type === 'json' || contentType.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

async function toHttpError(response: Response, method: string, url: string): Promise<HttpError> {
  const contentType = response.headers.get('content-type') ?? '';
  let bodyText: string;
  try {
    bodyText = await response.text();
  } catch {
    bodyText = '';
  }
  let body: unknown = bodyText;
  if (contentType.includes('json') && bodyText) {
    try {
      body = JSON.parse(bodyText) as unknown;
    } catch {
      body = bodyText;
    }
  }
  const init = { status: response.status, method, url, body, bodyText, contentType };
  return response.status === 404 ? new NotFoundError(init) : new HttpError(init);
}

/** The app's client: same origin, the tenant comes from the host. */
export const apiClient = new ApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  baseUrl: '',
});
