import { describe, expect, it } from 'vitest';
import { RECURRENCE_MAX_TRIES_MESSAGE } from '../../src/activities/constants.ts';
import { expand, instantToIso, isOccurrence, nextOccurrences, parseRule, type Recurrence, RecurrenceError, validateRecurrence } from '../../src/activities/recurrence.ts';

const iso = (ms: number, tz: string) => instantToIso(ms, tz);
const utc = (text: string) => Date.parse(text);
function list(r: Recurrence, from: string, to: string): string[] {
  return expand(r, utc(from), utc(to)).map((o) => iso(o.startMs, r.timezone));
}
function series(start: string, timezone: string, rrule: string | null, extra: Partial<Recurrence> = {}): Recurrence {
  return { start, timezone, rrule, rdates: [], exdates: [], ...extra };
}
function error(fn: () => unknown): RecurrenceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RecurrenceError) return e;
    throw e;
  }
  throw new Error('expected a RecurrenceError');
}

describe('expansion across clock changes', () => {
  it('keeps a 09:00 weekly activity at 09:00 in Santiago when Chile moves back (5 Apr 2026) and forward (6 Sep 2026)', () => {
    const r = series('2026-03-23T09:00', 'America/Santiago', 'FREQ=WEEKLY');
    expect(list(r, '2026-03-23T00:00Z', '2026-04-14T00:00Z')).toEqual(['2026-03-23T09:00:00-03:00', '2026-03-30T09:00:00-03:00', '2026-04-06T09:00:00-04:00', '2026-04-13T09:00:00-04:00']);
    expect(list(r, '2026-08-30T00:00Z', '2026-09-15T00:00Z')).toEqual(['2026-08-31T09:00:00-04:00', '2026-09-07T09:00:00-03:00', '2026-09-14T09:00:00-03:00']);
  });
  it('reads 00:30 on the night Chile skips midnight as 01:30 (offset before the change), not as nothing', () => {
    const r = series('2026-09-04T00:30', 'America/Santiago', 'FREQ=DAILY');
    expect(list(r, '2026-09-04T00:00Z', '2026-09-08T00:00Z')).toEqual(['2026-09-04T00:30:00-04:00', '2026-09-05T00:30:00-04:00', '2026-09-06T01:30:00-03:00', '2026-09-07T00:30:00-03:00']);
  });
  it('keeps 09:00 in Mexico City, which stopped changing in 2022 (-06:00 all year since)', () => {
    const r = series('2022-03-28T09:00', 'America/Mexico_City', 'FREQ=WEEKLY;BYDAY=MO');
    expect(list(r, '2022-03-28T00:00Z', '2022-04-12T00:00Z')).toEqual(['2022-03-28T09:00:00-06:00', '2022-04-04T09:00:00-05:00', '2022-04-11T09:00:00-05:00']);
    expect(list(r, '2022-10-24T00:00Z', '2022-11-01T00:00Z')).toEqual(['2022-10-24T09:00:00-05:00', '2022-10-31T09:00:00-06:00']);
    expect(list(r, '2026-04-06T00:00Z', '2026-04-07T00:00Z')).toEqual(['2026-04-06T09:00:00-06:00']);
  });
  it('lists the repeated hour of a change once', () => {
    // Santiago 5 Apr 2026: 00:00 back to 23:00 the day before; 23:30 exists twice on 4 Apr.
    const r = series('2026-04-03T23:30', 'America/Santiago', 'FREQ=DAILY;COUNT=3');
    expect(list(r, '2026-04-01T00:00Z', '2026-04-10T00:00Z')).toEqual(['2026-04-03T23:30:00-03:00', '2026-04-04T23:30:00-03:00', '2026-04-05T23:30:00-04:00']);
  });
});

describe('expansion of calendar rules', () => {
  it('monthly on the 31st skips the months without one', () => {
    const r = series('2026-01-31T08:00', 'UTC', 'FREQ=MONTHLY');
    expect(list(r, '2026-01-01T00:00Z', '2026-09-01T00:00Z')).toEqual([
      '2026-01-31T08:00:00+00:00',
      '2026-03-31T08:00:00+00:00',
      '2026-05-31T08:00:00+00:00',
      '2026-07-31T08:00:00+00:00',
      '2026-08-31T08:00:00+00:00',
    ]);
  });
  it('the last day of the month (BYMONTHDAY=-1) and the last Friday (BYDAY=-1FR)', () => {
    expect(list(series('2028-01-31T10:00', 'UTC', 'FREQ=MONTHLY;BYMONTHDAY=-1'), '2028-01-01T00:00Z', '2028-05-01T00:00Z')).toEqual([
      '2028-01-31T10:00:00+00:00',
      '2028-02-29T10:00:00+00:00',
      '2028-03-31T10:00:00+00:00',
      '2028-04-30T10:00:00+00:00',
    ]);
    expect(list(series('2026-01-30T17:00', 'America/Santiago', 'FREQ=MONTHLY;BYDAY=-1FR'), '2026-01-01T00:00Z', '2026-05-01T00:00Z')).toEqual([
      '2026-01-30T17:00:00-03:00',
      '2026-02-27T17:00:00-03:00',
      '2026-03-27T17:00:00-03:00',
      '2026-04-24T17:00:00-04:00',
    ]);
  });
  it('a leap day recurs every four years', () => {
    const r = series('2024-02-29T09:00', 'UTC', 'FREQ=YEARLY');
    expect(list(r, '2024-01-01T00:00Z', '2033-01-01T00:00Z')).toEqual(['2024-02-29T09:00:00+00:00', '2028-02-29T09:00:00+00:00', '2032-02-29T09:00:00+00:00']);
  });
  it('weekly on two days every two weeks, until a date', () => {
    const r = series('2026-06-01T09:00', 'America/Santiago', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20260630T235959Z');
    expect(list(r, '2026-05-01T00:00Z', '2026-08-01T00:00Z')).toEqual([
      '2026-06-01T09:00:00-04:00',
      '2026-06-03T09:00:00-04:00',
      '2026-06-15T09:00:00-04:00',
      '2026-06-17T09:00:00-04:00',
      '2026-06-29T09:00:00-04:00',
    ]);
  });
  it('adds RDATEs and removes EXDATEs', () => {
    const r = series('2026-12-07T09:00', 'America/Santiago', 'FREQ=DAILY;COUNT=4', { rdates: ['2026-12-20T15:00'], exdates: ['2026-12-08T09:00'] });
    expect(list(r, '2026-12-01T00:00Z', '2027-01-01T00:00Z')).toEqual(['2026-12-07T09:00:00-03:00', '2026-12-09T09:00:00-03:00', '2026-12-10T09:00:00-03:00', '2026-12-20T15:00:00-03:00']);
  });
  it('a single activity (no rule) has one occurrence, its start', () => {
    const r = series('2026-12-07T09:00', 'America/Santiago', null);
    expect(list(r, '2026-12-01T00:00Z', '2027-01-01T00:00Z')).toEqual(['2026-12-07T09:00:00-03:00']);
    expect(isOccurrence(r, utc('2026-12-07T12:00:00Z'))).toBe(true);
    expect(isOccurrence(r, utc('2026-12-08T12:00:00Z'))).toBe(false);
  });
  it('a split: the old part ends with UNTIL just before, the new one starts there; together the same calendar', () => {
    const whole = series('2026-12-01T09:00', 'UTC', 'FREQ=DAILY');
    const old = series('2026-12-01T09:00', 'UTC', 'FREQ=DAILY;UNTIL=20261204T085959Z');
    const next = series('2026-12-04T09:00', 'UTC', 'FREQ=DAILY');
    const window = ['2026-11-01T00:00Z', '2026-12-08T00:00Z'] as const;
    expect([...list(old, ...window), ...list(next, ...window)]).toEqual(list(whole, ...window));
    expect(list(old, ...window)).toHaveLength(3);
  });
  it('a listing far from the start gives what a walk from the start gives (re-anchoring by whole periods)', () => {
    const cases = [
      series('2016-12-05T09:00', 'America/Santiago', 'FREQ=DAILY;INTERVAL=3'),
      series('2016-01-31T09:00', 'America/Santiago', 'FREQ=MONTHLY'),
      series('2016-02-29T09:00', 'UTC', 'FREQ=YEARLY'),
      series('2016-12-06T09:00', 'America/Mexico_City', 'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA'),
      series('2016-12-30T09:00', 'America/Santiago', 'FREQ=MONTHLY;INTERVAL=5;BYDAY=-1FR'),
    ];
    for (const r of cases) {
      const walked = list(r, '2016-01-01T00:00Z', '2029-01-01T00:00Z').filter((t) => t >= '2026-12' && t < '2028-03');
      expect(list(r, '2026-12-01T00:00Z', '2028-03-01T00:00Z')).toEqual(walked);
    }
  });
});

describe('checks and the 500-try cap', () => {
  it('an impossible rule (30 February, BYSETPOS out of range) fails with the exact text', () => {
    for (const rrule of ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=7']) {
      const e = error(() => validateRecurrence(series('2026-01-15T09:00', 'UTC', rrule)));
      expect(e.code).toBe('recurrence-impossible');
      expect(e.message).toBe(RECURRENCE_MAX_TRIES_MESSAGE);
      expect(e.message).toBe('max tries have occurred, rule may be impossible to fulfill.');
    }
  });
  it('a rule whose only occurrences are excluded is impossible too', () => {
    const e = error(() => validateRecurrence(series('2026-01-15T09:00', 'UTC', 'FREQ=DAILY;COUNT=1', { exdates: ['2026-01-15T09:00'] })));
    expect(e.code).toBe('recurrence-impossible');
  });
  it('an EXDATE that is not an occurrence is refused', () => {
    const e = error(() => validateRecurrence(series('2026-01-15T09:00', 'UTC', 'FREQ=WEEKLY', { exdates: ['2026-01-16T09:00'] })));
    expect(e.code).toBe('exdate-not-in-rule');
    expect(() => validateRecurrence(series('2026-01-15T09:00', 'UTC', 'FREQ=WEEKLY', { exdates: ['2026-01-22T09:00'] }))).not.toThrow();
  });
  it('refuses rules it cannot read or does not support', () => {
    for (const rrule of ['FREQ=SOMETIMES', 'FREQ=HOURLY', 'BYDAY=MO', 'FREQ=DAILY;COUNT=2;UNTIL=20270101', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=MONTHLY;BYMONTHDAY=32', 'FREQ=DAILY;INTERVAL=0']) {
      expect(() => parseRule(rrule), rrule).toThrow(RecurrenceError);
      expect(error(() => validateRecurrence(series('2026-01-15T09:00', 'UTC', rrule))).code).toBe('invalid-rrule');
    }
    expect(error(() => validateRecurrence(series('2026-01-15T09:00', 'Mars/Olympus', null))).code).toBe('invalid-timezone');
  });
  it('finds the next occurrences after an instant, also far ahead and when the rule ends', () => {
    const r = series('2024-02-29T09:00', 'UTC', 'FREQ=YEARLY');
    expect(nextOccurrences(r, utc('2024-03-01T00:00Z'), 2).map((o) => o.recurrenceId)).toEqual(['20280229T090000Z', '20320229T090000Z']);
    const counted = series('2026-01-01T09:00', 'UTC', 'FREQ=DAILY;COUNT=3');
    expect(nextOccurrences(counted, null, 10)).toHaveLength(3);
    expect(nextOccurrences(counted, utc('2026-02-01T00:00Z'), 10)).toHaveLength(0);
  });
});
