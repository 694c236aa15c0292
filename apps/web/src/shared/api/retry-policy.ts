/** Spec shell §9: the fetch client retries these statuses once for safe methods, never for writes. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const MAX_RETRIES = 1;

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** `attempt` counts the attempts already made (1 after the first). */
export function shouldRetryStatus(method: string, status: number, attempt: number): boolean {
  return attempt <= MAX_RETRIES && isSafeMethod(method) && RETRY_STATUSES.has(status);
}

/**
 * Spec §7: a request failing with a network error on its first attempt is retried if the device
 * is online. Only safe methods: a write whose answer was lost may have been applied (a refresh
 * token, for one, works once), so repeating it is not ours to decide.
 */
export function shouldRetryNetworkError(method: string, attempt: number, online: boolean): boolean {
  return attempt === 1 && online && isSafeMethod(method);
}

/** Wait before the retry: Retry-After when the server gives a short one, else a short pause. */
export function retryDelayMs(retryAfter: string | null): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 5000);
  }
  return 300;
}
