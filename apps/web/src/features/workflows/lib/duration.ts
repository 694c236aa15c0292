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

/**
 * A timer cycle as the panel builds it: `R3/PT1H` (3 times, every hour) or `R/PT1H` (every hour
 * while the task is open); repetitions null = unbounded.
 */
export function toIsoCycle(repetitions: number | null, amount: number, unit: DurationUnit): string {
  const times = repetitions === null ? '' : String(Math.max(1, Math.floor(repetitions)));
  return `R${times}/${toIsoDuration(amount, unit)}`;
}

/** The repetitions and period of a cycle the panel can edit, or null (a start date, another shape: edited as text). */
export function fromIsoCycle(value: string | undefined | null): { repetitions: number | null; amount: number; unit: DurationUnit } | null {
  const match = /^R(\d*)\/([^/]+)$/.exec((value ?? '').trim());
  if (!match) return null;
  const period = fromIsoDuration(match[2]);
  if (!period || period.amount <= 0) return null;
  const repetitions = match[1] ? Number(match[1]) : null;
  if (repetitions === 0) return null;
  return { repetitions, ...period };
}
