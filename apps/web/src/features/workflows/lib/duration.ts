/** Due times and timer durations are ISO 8601 durations built from a number and a unit. */
export const DURATION_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export function toIsoDuration(amount: number, unit: DurationUnit): string {
  const n = Math.max(0, Math.floor(amount));
  switch (unit) {
    case 'minutes':
      return `PT${n}M`;
    case 'hours':
      return `PT${n}H`;
    case 'days':
      return `P${n}D`;
    case 'weeks':
      return `P${n}W`;
  }
}

/** The number + unit of a simple ISO duration, or null when it is not one of the shapes built above. */
export function fromIsoDuration(value: string | undefined | null): { amount: number; unit: DurationUnit } | null {
  if (!value) return null;
  const match = /^P(?:(\d+)([DW])|T(\d+)([HM]))$/.exec(value.trim());
  if (!match) return null;
  if (match[1] && match[2]) return { amount: Number(match[1]), unit: match[2] === 'D' ? 'days' : 'weeks' };
  if (match[3] && match[4]) return { amount: Number(match[3]), unit: match[4] === 'H' ? 'hours' : 'minutes' };
  return null;
}
