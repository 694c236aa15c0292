/** The nearest-rank percentile `p` (0–100) of `values`, already sorted ascending; NaN when empty. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The nearest-rank percentile `p` (0–100) of `values` in any order; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** The median of `values` (the mean of the two middle ones when their number is even); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
