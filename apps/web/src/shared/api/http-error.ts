/**
 * An HTTP failure (spec shell §8): it carries the status, method, URL and body. A 404 is its own
 * subclass so callers can tell "not there" from "broken" without reading the status.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** Parsed JSON when the answer was JSON, the text otherwise. */
  readonly body: unknown;
  /** The raw text of the answer (kept for the error page's technical details). */
  readonly bodyText: string;
  readonly contentType: string;

  constructor(init: { status: number; method: string; url: string; body: unknown; bodyText: string; contentType: string }) {
    super(`${init.method} ${init.url} failed with ${init.status}${describeBody(init.body)}`);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.bodyText = init.bodyText;
    this.contentType = init.contentType;
  }

  /** The `{code}` of the project's error shape, when there is one. */
  get code(): string | undefined {
    return isRecord(this.body) && typeof this.body.code === 'string' ? this.body.code : undefined;
  }

  /** The `{detail}` of the project's error shape, when there is one. */
  get detail(): string | undefined {
    return isRecord(this.body) && typeof this.body.detail === 'string' ? this.body.detail : undefined;
  }

  /** The `{reason}` a refusal names beside its code (e.g. `has-account`), when there is one. */
  get reason(): string | undefined {
    return isRecord(this.body) && typeof this.body.reason === 'string' ? this.body.reason : undefined;
  }

  get isHtml(): boolean {
    return this.contentType.includes('text/html') || /^\s*<(!doctype|html)/i.test(this.bodyText);
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly method: string;
  readonly url: string;
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: network error`, { cause });
    this.method = method;
    this.url = url;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeBody(body: unknown): string {
  if (isRecord(body)) {
    const code = typeof body.code === 'string' ? body.code : '';
    const detail = typeof body.detail === 'string' ? body.detail : '';
    const text = [code, detail].filter(Boolean).join(': ');
    return text ? ` (${text})` : '';
  }
  return '';
}
