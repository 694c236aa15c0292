/**
 * Activities (spec forms §3 §4 §5 §9): priorities, raw and display statuses, the iteration cap and its text.
 * Labels live in the web's locale bundles; these are the values and rules both sides share.
 */

/** Allowed priorities (spec forms §4): 0 Reminder, 2 Critical … 8 Lowest. */
export const ACTIVITY_PRIORITIES = [0, 2, 3, 4, 5, 6, 7, 8] as const;
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];
/** Names of the priorities, for keys of the label bundles (not shown as is). */
export const PRIORITY_NAMES: Record<ActivityPriority, string> = {
  0: 'reminder',
  2: 'critical',
  3: 'very_high',
  4: 'high',
  5: 'medium',
  6: 'low',
  7: 'very_low',
  8: 'lowest',
};
/** Medium: the default of new activities and occurrences. */
export const DEFAULT_PRIORITY: ActivityPriority = 5;
/** Incoming priorities accepted (spec forms §9). */
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 9;

/**
 * An incoming priority 0–9 rounded down to the nearest allowed value (1 → 0, 9 → 8);
 * null for a value outside 0–9 or not an integer.
 */
export function normalizePriority(value: number): ActivityPriority | null {
  if (!Number.isInteger(value) || value < PRIORITY_MIN || value > PRIORITY_MAX) return null;
  let best: ActivityPriority = 0;
  for (const allowed of ACTIVITY_PRIORITIES) if (allowed <= value) best = allowed;
  return best;
}

/** Priority 0 is a reminder (spec forms §3 isReminder). */
export function isReminderPriority(priority: number): boolean {
  return priority === 0;
}

/** Raw statuses of a completion record (spec forms §3). */
export const RAW_STATUSES = ['NEEDS-ACTION', 'COMPLETED', 'CANCELLED'] as const;
export type RawStatus = (typeof RAW_STATUSES)[number];
/** What a person may record on an occurrence. */
export const COMPLETION_STATUSES = ['COMPLETED', 'CANCELLED'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/** Display statuses (spec forms §4), derived. */
export const DISPLAY_STATUSES = ['SCHEDULED', 'ACTIVE', 'EXPIRED', 'COMPLETED', 'CANCELLED'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** Recurrence iteration cap and its exact text (spec forms §5 §9). */
export const RECURRENCE_MAX_TRIES = 500;
export const RECURRENCE_MAX_TRIES_MESSAGE = 'max tries have occurred, rule may be impossible to fulfill.';

/** Limits of the write body. */
export const ACTIVITY_TITLE_MAX = 200;
export const DURATION_MAX_MINUTES = 525_600;
export const REMINDER_MAX_MINUTES = 43_200;
export const REMINDERS_MAX = 5;
/** Longest range of an occurrence listing, in days. */
export const OCCURRENCE_RANGE_MAX_DAYS = 400;
/** Calendar line folding (spec forms §9), in octets. */
export const ICAL_FOLD_OCTETS = 75;
/** Reminder offsets the screens offer (minutes before the start). */
export const REMINDER_PRESETS = [0, 15, 60, 1440] as const;
