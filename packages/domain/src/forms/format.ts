/** Number and size formatting shared by messages and the answer display (spec forms §9). */

export const BYTES_PER_MEGABYTE = 1024 * 1024;

export type Rounding = 'up' | 'down' | 'nearest';

/**
 * Bytes as megabytes with up to 2 decimals, computed by 1024×1024 (spec §9): "1.43 MB", "20 MB".
 * Minimums are rounded up and maximums down (spec §5), so the text never promises more than the
 * rule allows.
 */
export function formatMegabytes(bytes: number, rounding: Rounding = 'nearest'): string {
  if (!Number.isFinite(bytes)) return '0 MB';
  // bytes*100 is an exact integer and 2^20 a power of two: the division is exact, no 1.43*100 drift.
  const hundredths = (Math.abs(bytes) * 100) / BYTES_PER_MEGABYTE;
  const rounded = rounding === 'up' ? Math.ceil(hundredths) : rounding === 'down' ? Math.floor(hundredths) : Math.round(hundredths);
  return `${bytes < 0 && rounded !== 0 ? '-' : ''}${rounded / 100} MB`;
}

function oneDecimal(value: number): string {
  const text = (Math.floor(value * 10) / 10).toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/**
 * Compact numbers (spec §9): under 1000 as is, thousands with K, millions with M.
 * One decimal, cut (not rounded) so 999 999 never shows as "1000K": 1500 → "1.5K".
 */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${abs}`;
  if (abs < 1_000_000) return `${sign}${oneDecimal(abs / 1000)}K`;
  return `${sign}${oneDecimal(abs / 1_000_000)}M`;
}

/** A number inside a message ("Debe ser al menos 2.5"): plain JS text, no grouping. */
export function formatMessageNumber(value: number | string): string {
  return typeof value === 'number' ? String(value) : value;
}
