import type { TImportStatus } from '@faena/contracts';

/**
 * The bulk-import job's state machine (spec forms §4; transitions are ours, decision 008).
 * A step that restarts after a crash or a shutdown stays in its running status.
 */
export const TRANSITIONS: Readonly<Record<TImportStatus, readonly TImportStatus[]>> = {
  PENDING: ['VALIDATING'],
  VALIDATING: ['VALIDATING', 'VALIDATION_OK', 'VALIDATION_FAILED'],
  VALIDATION_OK: ['APPLYING'],
  VALIDATION_FAILED: [],
  APPLYING: ['APPLYING', 'APPLY_OK', 'APPLY_FAILED'],
  APPLY_OK: [],
  APPLY_FAILED: [],
};

export function canTransition(from: TImportStatus, to: TImportStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The background step a status waits for, or null when nothing runs. */
export function stepOf(status: TImportStatus): 'validate' | 'apply' | null {
  if (status === 'PENDING' || status === 'VALIDATING') return 'validate';
  if (status === 'APPLYING') return 'apply';
  return null;
}

/** The statuses a step's run may take the job from (claiming its lease). */
export function claimableBy(step: 'validate' | 'apply'): TImportStatus[] {
  return step === 'validate' ? ['PENDING', 'VALIDATING'] : ['APPLYING'];
}

export const isFinal = (status: TImportStatus) => TRANSITIONS[status].length === 0;
/** The user confirms a validated job only. */
export const canApply = (status: TImportStatus) => status === 'VALIDATION_OK';
/** A job may be discarded when nothing runs and nothing was applied. */
export const canDiscard = (status: TImportStatus) => status === 'VALIDATION_OK' || status === 'VALIDATION_FAILED' || status === 'APPLY_FAILED';
/** The preview's rows exist once validation has ended. */
export const hasPreview = (status: TImportStatus) => !['PENDING', 'VALIDATING'].includes(status);
