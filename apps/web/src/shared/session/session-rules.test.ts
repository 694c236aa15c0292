import { describe, expect, it } from 'vitest';
import { isDisabledUserFailure, isRefreshDue, isTokenExpired, needsSessionRestart, nextRefreshBackoffMs, refreshDelayMs, systemSignOutNotice } from './session-rules.ts';

const MIN = 60_000;

describe('token refresh timing (spec §9)', () => {
  it('refreshes 5 minutes before expiry, never in the past', () => {
    expect(refreshDelayMs(60 * MIN, 0)).toBe(55 * MIN);
    expect(refreshDelayMs(10 * MIN, 6 * MIN)).toBe(0);
    expect(isRefreshDue(10 * MIN, 5 * MIN)).toBe(true);
    expect(isRefreshDue(10 * MIN, 5 * MIN - 1)).toBe(false);
  });

  it('counts a token as expired 30 s early', () => {
    expect(isTokenExpired(100_000, 69_999)).toBe(false);
    expect(isTokenExpired(100_000, 70_000)).toBe(true);
  });

  it('backs off from 30 s, doubling up to 16 minutes', () => {
    const steps: number[] = [];
    let delay: number | null = null;
    for (let i = 0; i < 8; i++) steps.push((delay = nextRefreshBackoffMs(delay)));
    expect(steps).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000]);
  });
});

describe('system sign-out message (spec §4)', () => {
  it('says revoked within 1 minute of the last sign-in', () => {
    expect(systemSignOutNotice(1_000_000 + 59_999, 1_000_000, null)).toBe('revoked');
  });

  it('says expired from 1 minute on', () => {
    expect(systemSignOutNotice(1_000_000 + 60_000, 1_000_000, null)).toBe('expired');
    expect(systemSignOutNotice(5_000, null, null)).toBe('expired');
  });

  it('shows the revoked message at most once per 30 s', () => {
    const signIn = 1_000_000;
    expect(systemSignOutNotice(signIn + 40_000, signIn + 30_000, signIn + 20_000)).toBeNull();
    expect(systemSignOutNotice(signIn + 50_000, signIn + 30_000, signIn + 20_000)).toBe('revoked');
  });
});

describe('session restart path (spec §4)', () => {
  it('restarts on a 500 naming a missing passport key', () => {
    expect(needsSessionRestart({ status: 500, body: "KeyError: 'passport'", bodyText: "KeyError: 'passport'" })).toBe(true);
    expect(needsSessionRestart({ status: 500, body: 'boom', bodyText: 'boom' })).toBe(false);
  });

  it("restarts on a 403 'Tenant in token is not valid'", () => {
    const body = { code: 'tenant-mismatch', detail: 'Tenant in token is not valid' };
    expect(needsSessionRestart({ status: 403, body, bodyText: JSON.stringify(body) })).toBe(true);
    expect(needsSessionRestart({ status: 403, body: { code: 'permission-denied' }, bodyText: '' })).toBe(false);
  });

  it('restarts on a 400 about a missing passport, tenant id, auth or token', () => {
    for (const detail of ['Missing passport', 'missing tenant_id', 'Auth header missing', 'missing token']) {
      expect(needsSessionRestart({ status: 400, body: { detail }, bodyText: '' })).toBe(true);
    }
    expect(needsSessionRestart({ status: 400, body: { detail: 'Invalid email' }, bodyText: '' })).toBe(false);
  });

  it('treats user-disabled as a sign-out cause', () => {
    expect(isDisabledUserFailure({ status: 403, body: { code: 'user-disabled' }, bodyText: '' })).toBe(true);
    expect(isDisabledUserFailure({ status: 401, body: { code: 'user-disabled' }, bodyText: '' })).toBe(false);
  });
});
