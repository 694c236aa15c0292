import type { ConflictReason, SubmissionKind } from './offline-db.ts';

/**
 * The conflict rules of decision 031: an answer the server refuses because the world moved while
 * the device was offline. The submission is kept, marked with its reason, and shown on /sync with
 * the person's answer (copyable) — never dropped, never sent again on its own.
 *
 * | kind                 | server answer                         | reason               |
 * |----------------------|---------------------------------------|----------------------|
 * | checklist execution  | 409 outdated-draft (version changed)  | checklist-version    |
 * | checklist execution  | 409 already-submitted                 | already-submitted    |
 * | checklist execution  | 409 already-completed (its start: the | answered-elsewhere   |
 * |   started offline    |   occurrence was completed meanwhile) |                      |
 * | activity completion  | 409 already-completed                 | answered-elsewhere   |
 * | activity completion  | 409 occurrence-cancelled              | occurrence-cancelled |
 * | activity completion  | 404 (occurrence removed)              | occurrence-cancelled |
 * | workflow task        | 409 task-closed                       | task-closed          |
 * | workflow task        | 403 permission-denied (reassigned)    | task-closed          |
 */
export function conflictOf(kind: SubmissionKind, status: number, code: string | undefined): ConflictReason | null {
  if (kind === 'checklist-execution') {
    if (status === 409 && code === 'outdated-draft') return 'checklist-version';
    if (status === 409 && code === 'already-submitted') return 'already-submitted';
    // started offline from an occurrence that someone else completed meanwhile (the start refuses it)
    if (status === 409 && code === 'already-completed') return 'answered-elsewhere';
  }
  if (kind === 'activity-completion') {
    if (status === 409 && code === 'already-completed') return 'answered-elsewhere';
    if (status === 409 && code === 'occurrence-cancelled') return 'occurrence-cancelled';
    if (status === 404) return 'occurrence-cancelled';
  }
  if (kind === 'workflow-task') {
    if (status === 409 && code === 'task-closed') return 'task-closed';
    if (status === 403 && code === 'permission-denied') return 'task-closed';
  }
  return null;
}

/** An answer worth trying again later on its own: the server was busy or down, or the same key still runs. */
export function isTransientStatus(status: number, code: string | undefined): boolean {
  return status >= 500 || status === 408 || status === 425 || status === 429 || (status === 409 && code === 'idempotency-in-progress');
}
