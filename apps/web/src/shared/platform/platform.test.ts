import { describe, expect, it, vi } from 'vitest';
import { createDoubleShiftDetector } from '../lib/double-shift.ts';
import { parseServerDate, weekStartFor, formatDate } from '../lib/dates.ts';
import { backButtonAction, webPlatform } from './platform.ts';

describe('Android back button (spec §2)', () => {
  it('asks to confirm exit on /, /login and /home', () => {
    for (const path of ['/', '/login', '/home', '/home/']) expect(backButtonAction(path, true)).toBe('confirm-exit');
  });
  it('goes back elsewhere, or to / without history', () => {
    expect(backButtonAction('/settings', true)).toBe('back');
    expect(backButtonAction('/settings', false)).toBe('home');
  });
  it('is a no-op on the web', () => {
    const handler = vi.fn();
    const off = webPlatform.onBackButton(handler);
    off();
    expect(handler).not.toHaveBeenCalled();
    expect(webPlatform.isNative).toBe(false);
  });
});

describe('Shift-Shift debug toggle (spec §2)', () => {
  const key = (k: string, timeStamp: number, repeat = false) => ({ key: k, timeStamp, repeat, ctrlKey: false, altKey: false, metaKey: false });
  it('fires on two Shift presses within 500 ms', () => {
    const toggle = vi.fn();
    const on = createDoubleShiftDetector(toggle);
    on(key('Shift', 1000));
    on(key('Shift', 1500));
    expect(toggle).toHaveBeenCalledTimes(1);
  });
  it('ignores slower presses, held keys and other keys in between', () => {
    const toggle = vi.fn();
    const on = createDoubleShiftDetector(toggle);
    on(key('Shift', 0));
    on(key('Shift', 501));
    on(key('Shift', 600, true));
    expect(toggle).toHaveBeenCalledTimes(0);
    on(key('Shift', 2000));
    on(key('a', 2100));
    on(key('Shift', 2200));
    expect(toggle).toHaveBeenCalledTimes(0);
  });
});

describe('dates (spec §1, §5)', () => {
  it('starts the week on Sunday (7) for en-US and Monday (1) for es-MX', () => {
    expect(weekStartFor('en-US')).toBe(7);
    expect(weekStartFor('es-MX')).toBe(1);
    expect(weekStartFor('es')).toBe(1);
  });
  it('formats in es-CL', () => {
    expect(formatDate(new Date(2026, 2, 9))).toBe('09-03-2026');
  });
  it('needs a time part and a valid date', () => {
    expect(parseServerDate('2026-03-09')).toBeNull();
    expect(parseServerDate('2026-13-40T10:00:00Z')).toBeNull();
    expect(parseServerDate('2026-03-09T10:00:00Z')?.toISOString()).toBe('2026-03-09T10:00:00.000Z');
  });
});
