/**
 * Session rules of spec shell §4 and §9, as pure functions so they can be tested without a clock.
 */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
export const EXPIRY_SKEW_MS = 30_000;
export const REFRESH_BACKOFF_START_MS = 30_000;
export const REFRESH_BACKOFF_MAX_MS = 16 * 60_000;
export const REVOKED_WINDOW_MS = 60_000;
export const REVOKED_MESSAGE_THROTTLE_MS = 30_000;
/** A restart that does not cure the problem within this window ends the session instead of looping. */
export const RESTART_COOLDOWN_MS = 60_000;

/** When to refresh: 5 minutes before the id token expires (never in the past). */
export function refreshDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_BEFORE_EXPIRY_MS - now);
}

/** A token counts as expired 30 s early. */
export function isTokenExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - EXPIRY_SKEW_MS;
}

/** Whether a token is inside its refresh window (5 minutes before expiry, or later). */
export function isRefreshDue(expiresAt: number, now: number): boolean {
  return refreshDelayMs(expiresAt, now) === 0;
}

/** Error back-off: 30 s, doubling, at most 16 minutes. */
export function nextRefreshBackoffMs(previous: number | null): number {
  if (previous === null) return REFRESH_BACKOFF_START_MS;
  return Math.min(previous * 2, REFRESH_BACKOFF_MAX_MS);
}

export type SessionNoticeKind = 'revoked' | 'expired';

/**
 * The message of a system-caused sign-out: within 1 minute of the last sign-in the session was
 * revoked (most likely not a member) — said at most once per 30 s; otherwise it expired.
 * `null`: say nothing (the revoked message was shown moments ago).
 */
export function systemSignOutNotice(now: number, lastSignInAt: number | null, lastRevokedNoticeAt: number | null): SessionNoticeKind | null {
  if (lastSignInAt !== null && now - lastSignInAt >= 0 && now - lastSignInAt < REVOKED_WINDOW_MS) {
    if (lastRevokedNoticeAt !== null && now - lastRevokedNoticeAt < REVOKED_MESSAGE_THROTTLE_MS) return null;
    return 'revoked';
  }
  return 'expired';
}

export interface FailureLike {
  status: number;
  body: unknown;
  bodyText: string;
}

function fieldOf(body: unknown, key: string): string {
  if (typeof body === 'object' && body !== null && key in body) {
    const value = (body as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : '';
  }
  return '';
}

/**
 * Spec §4 "session restart path": a 500 whose body names a missing 'passport' key, a 403 with
 * detail 'Tenant in token is not valid', a 400 whose message mentions a missing passport, tenant
 * id, auth or token.
 */
export function needsSessionRestart(failure: FailureLike): boolean {
  const text = failure.bodyText || (typeof failure.body === 'string' ? failure.body : '');
  if (failure.status === 500) return /passport/i.test(text);
  if (failure.status === 403) return fieldOf(failure.body, 'detail') === 'Tenant in token is not valid' || /Tenant in token is not valid/.test(text);
  if (failure.status === 400) {
    const message = [fieldOf(failure.body, 'detail'), fieldOf(failure.body, 'message'), text].join(' ');
    return /missing/i.test(message) && /passport|tenant[\s_-]?id|auth|token/i.test(message);
  }
  return false;
}

/** Spec §4: a disabled user causes sign-out. */
export function isDisabledUserFailure(failure: FailureLike): boolean {
  return failure.status === 403 && fieldOf(failure.body, 'code') === 'user-disabled';
}
