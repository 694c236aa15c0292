import type { DisplayStatus, RawStatus } from './constants.ts';

/**
 * Display status of an occurrence, exactly as spec forms §4: COMPLETED and CANCELLED are kept.
 * Otherwise a start in the future is SCHEDULED; NEEDS-ACTION with the due date passed is EXPIRED;
 * anything else (no raw status included) is ACTIVE.
 *
 * "In the future" is strictly after now; "passed" is strictly before now (at the due instant the
 * occurrence is still ACTIVE). The server reports an open occurrence (no completion record) as
 * NEEDS-ACTION, as iCalendar does for a to-do, so an overdue one is EXPIRED; null stays ACTIVE.
 */
export function displayStatus(input: { rawStatus: RawStatus | null; startMs: number; dueMs: number; nowMs: number }): DisplayStatus {
  const { rawStatus, startMs, dueMs, nowMs } = input;
  if (rawStatus === 'COMPLETED' || rawStatus === 'CANCELLED') return rawStatus;
  if (startMs > nowMs) return 'SCHEDULED';
  if (rawStatus === 'NEEDS-ACTION' && dueMs < nowMs) return 'EXPIRED';
  return 'ACTIVE';
}

/** Order of lists (spec forms §4): by priority, then by due date. */
export function compareByPriorityThenDue(a: { priority: number; dueMs: number }, b: { priority: number; dueMs: number }): number {
  return a.priority - b.priority || a.dueMs - b.dueMs;
}
