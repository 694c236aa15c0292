import { describe, expect, it } from 'vitest';
import { bookValueAt, straightLineSchedule } from '../src/assets/depreciation.ts';

const base = { purchaseCost: 1000, purchaseDate: '2024-01-01', usefulLifeYears: 4, salvageValue: 200 };

describe('straight-line depreciation', () => {
  it('spreads cost less salvage evenly and ends on the salvage value', () => {
    expect(straightLineSchedule(base)).toEqual([
      { year: 1, depreciation: 200, accumulated: 200, book_value: 800 },
      { year: 2, depreciation: 200, accumulated: 400, book_value: 600 },
      { year: 3, depreciation: 200, accumulated: 600, book_value: 400 },
      { year: 4, depreciation: 200, accumulated: 800, book_value: 200 },
    ]);
  });

  it('puts the rounding remainder in the last year', () => {
    const schedule = straightLineSchedule({ ...base, purchaseCost: 100, salvageValue: 0, usefulLifeYears: 3 });
    expect(schedule.map((y) => y.depreciation)).toEqual([33.33, 33.33, 33.34]);
    expect(schedule.at(-1)!.book_value).toBe(0);
  });

  it('takes no salvage value as zero', () => {
    expect(straightLineSchedule({ ...base, salvageValue: null }).at(-1)).toMatchObject({ book_value: 0, accumulated: 1000 });
  });

  it('gives nothing when cost or life is missing or the salvage exceeds the cost', () => {
    expect(straightLineSchedule({ ...base, purchaseCost: null })).toEqual([]);
    expect(straightLineSchedule({ ...base, usefulLifeYears: null })).toEqual([]);
    expect(straightLineSchedule({ ...base, usefulLifeYears: 0 })).toEqual([]);
    expect(straightLineSchedule({ ...base, salvageValue: 1500 })).toEqual([]);
  });

  it('values the asset on a day pro rata, between cost and salvage', () => {
    expect(bookValueAt(base, Date.parse('2023-06-01T00:00:00Z'))).toBe(1000);
    expect(bookValueAt(base, Date.parse('2026-01-01T00:00:00Z'))).toBe(600);
    expect(bookValueAt(base, Date.parse('2030-01-01T00:00:00Z'))).toBe(200);
    const mid = bookValueAt(base, Date.parse('2024-07-01T00:00:00Z'))!;
    expect(mid).toBeLessThan(1000);
    expect(mid).toBeGreaterThan(800);
    expect(bookValueAt({ ...base, purchaseDate: null }, Date.now())).toBeNull();
  });
});
