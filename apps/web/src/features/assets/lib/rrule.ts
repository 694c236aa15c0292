/** The frequencies the plan form offers, each an RRULE value (RFC 5545, without "RRULE:"). */
export const PLAN_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export function planRule(frequency: PlanFrequency, interval: number): string {
  const every = Math.max(1, Math.min(99, Math.floor(interval)));
  return every === 1 ? `FREQ=${frequency}` : `FREQ=${frequency};INTERVAL=${every}`;
}

/** "FREQ=MONTHLY;INTERVAL=3" → { frequency: 'MONTHLY', interval: 3 }; anything else → null. */
export function readRule(rule: string | null): { frequency: PlanFrequency; interval: number } | null {
  if (!rule) return null;
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  const frequency = parts.get('FREQ');
  if (!frequency || !(PLAN_FREQUENCIES as readonly string[]).includes(frequency)) return null;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  return { frequency: frequency as PlanFrequency, interval: Number.isInteger(interval) && interval > 0 ? interval : 1 };
}
