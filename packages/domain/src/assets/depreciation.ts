/**
 * Straight-line depreciation of an asset (decision 028): the cost less the salvage value spread
 * evenly over the useful life. Year 1 is the year that ends one year after the purchase date; the
 * book value at the end of the last year is the salvage value. Money is rounded to cents, and the
 * last year takes the rounding remainder so the schedule lands exactly on the salvage value.
 */
export interface DepreciationInput {
  purchaseCost: number | null;
  /** "YYYY-MM-DD" */
  purchaseDate: string | null;
  usefulLifeYears: number | null;
  salvageValue: number | null;
}

export interface DepreciationYear {
  /** 1 … useful life */
  year: number;
  depreciation: number;
  accumulated: number;
  book_value: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The yearly schedule; empty when cost or useful life is missing, or the salvage value exceeds the cost. */
export function straightLineSchedule(input: DepreciationInput): DepreciationYear[] {
  const { purchaseCost: cost, usefulLifeYears: life } = input;
  const salvage = input.salvageValue ?? 0;
  if (cost === null || life === null || !Number.isInteger(life) || life < 1 || cost < 0 || salvage < 0 || salvage > cost) return [];
  const depreciable = cost - salvage;
  const yearly = cents(depreciable / life);
  const out: DepreciationYear[] = [];
  let accumulated = 0;
  for (let year = 1; year <= life; year++) {
    const depreciation = year === life ? cents(depreciable - accumulated) : yearly;
    accumulated = cents(accumulated + depreciation);
    out.push({ year, depreciation, accumulated, book_value: cents(cost - accumulated) });
  }
  return out;
}

const DAY_MS = 86_400_000;

/**
 * The book value on a day: cost less the depreciation of the time elapsed since purchase (pro rata
 * by day over the useful life), never below the salvage value; the cost itself before the purchase.
 * null when the schedule cannot be computed or there is no purchase date.
 */
export function bookValueAt(input: DepreciationInput, atMs: number): number | null {
  const { purchaseCost: cost, usefulLifeYears: life, purchaseDate } = input;
  if (straightLineSchedule(input).length === 0 || cost === null || life === null || purchaseDate === null) return null;
  const start = Date.parse(`${purchaseDate}T00:00:00Z`);
  if (Number.isNaN(start)) return null;
  const salvage = input.salvageValue ?? 0;
  const anniversary = (years: number) => {
    const d = new Date(start);
    d.setUTCFullYear(d.getUTCFullYear() + years);
    return d.getTime();
  };
  if (atMs <= start) return cost;
  if (atMs >= anniversary(life)) return salvage;
  // whole years on their anniversaries, then the current year pro rata by day
  let years = 0;
  while (anniversary(years + 1) <= atMs) years++;
  const from = anniversary(years);
  const fraction = Math.floor((atMs - from) / DAY_MS) / Math.round((anniversary(years + 1) - from) / DAY_MS);
  return Math.max(salvage, cents(cost - ((cost - salvage) / life) * (years + fraction)));
}
