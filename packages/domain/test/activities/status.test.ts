import { describe, expect, it } from 'vitest';
import { compareByPriorityThenDue, displayStatus, normalizePriority } from '../../src/activities/index.ts';
import { formatRecurrenceId, isWallTime, parseRecurrenceId } from '../../src/activities/recurrence-id.ts';

describe('priority (spec forms §4 §9)', () => {
  it('rounds a value not in the list down to the nearest allowed one', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(normalizePriority)).toEqual([0, 0, 2, 3, 4, 5, 6, 7, 8, 8]);
  });
  it('refuses values outside 0–9 and fractions', () => {
    expect(normalizePriority(-1)).toBeNull();
    expect(normalizePriority(10)).toBeNull();
    expect(normalizePriority(2.5)).toBeNull();
  });
  it('orders by priority, then due date', () => {
    const list = [
      { priority: 5, dueMs: 1 },
      { priority: 2, dueMs: 9 },
      { priority: 5, dueMs: 0 },
      { priority: 0, dueMs: 100 },
    ];
    expect([...list].sort(compareByPriorityThenDue)).toEqual([
      { priority: 0, dueMs: 100 },
      { priority: 2, dueMs: 9 },
      { priority: 5, dueMs: 0 },
      { priority: 5, dueMs: 1 },
    ]);
  });
});

describe('display status (spec forms §4)', () => {
  const start = 1_000;
  const due = 2_000;
  const at = (nowMs: number, rawStatus: 'NEEDS-ACTION' | 'COMPLETED' | 'CANCELLED' | null) => displayStatus({ rawStatus, startMs: start, dueMs: due, nowMs });
  it('keeps COMPLETED and CANCELLED whatever the time', () => {
    expect(at(0, 'COMPLETED')).toBe('COMPLETED');
    expect(at(5_000, 'CANCELLED')).toBe('CANCELLED');
  });
  it('is SCHEDULED while the start is in the future, ACTIVE from the start instant', () => {
    expect(at(999, 'NEEDS-ACTION')).toBe('SCHEDULED');
    expect(at(1_000, 'NEEDS-ACTION')).toBe('ACTIVE');
  });
  it('is ACTIVE up to the due instant and EXPIRED once it has passed', () => {
    expect(at(2_000, 'NEEDS-ACTION')).toBe('ACTIVE');
    expect(at(2_001, 'NEEDS-ACTION')).toBe('EXPIRED');
  });
  it('is ACTIVE without a raw status, even past the due date', () => {
    expect(at(5_000, null)).toBe('ACTIVE');
    expect(at(999, null)).toBe('SCHEDULED');
  });
});

describe('recurrence ids', () => {
  it('formats the original start as UTC basic form and reads it back', () => {
    const ms = Date.UTC(2026, 11, 7, 12, 0, 0);
    expect(formatRecurrenceId(ms)).toBe('20261207T120000Z');
    expect(parseRecurrenceId('20261207T120000Z')).toBe(ms);
    expect(parseRecurrenceId('2026-12-07T09:00:00-03:00')).toBe(ms);
  });
  it('refuses what is not one', () => {
    expect(parseRecurrenceId('20261307T120000Z')).toBeNull();
    expect(parseRecurrenceId('20260231T120000Z')).toBeNull();
    expect(parseRecurrenceId('current')).toBeNull();
    expect(parseRecurrenceId('2026-12-07T09:00:00')).toBeNull();
  });
  it('checks wall times, month lengths included', () => {
    expect(isWallTime('2028-02-29T09:00')).toBe(true);
    expect(isWallTime('2027-02-29T09:00')).toBe(false);
    expect(isWallTime('2026-04-31T09:00')).toBe(false);
    expect(isWallTime('2026-04-30T24:00')).toBe(false);
  });
});
