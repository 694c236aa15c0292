import { describe, expect, it } from 'vitest';
import { localDateStamp } from './dates.ts';

describe('localDateStamp', () => {
  it('writes the local calendar day, late in the evening too', () => {
    expect(localDateStamp(new Date(2026, 10, 27, 23, 30))).toBe('2026-11-27');
    expect(localDateStamp(new Date(2027, 0, 5, 0, 5))).toBe('2027-01-05');
  });
});
