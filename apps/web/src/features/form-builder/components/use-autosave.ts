import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormField } from '@faena/domain/forms/schema';
import type { FormView } from '../../../shared/forms/api/get-form.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { checkDraft, type Draft, type DraftProblem } from './draft.ts';

/** Spec §4 "Editor save states": no changes, unsaved changes, saving, saved, error with retry. */
export type SaveStatus = 'clean' | 'dirty' | 'saving' | 'saved' | 'error';

export const AUTOSAVE_DELAY_MS = 1500;

const snapshot = (draft: Draft) => JSON.stringify([draft.name.trim(), draft.fields]);

interface Options {
  draft: Draft;
  /** The version the editor started from. */
  initial: Draft;
  save: (input: { name: string; description: FormField[] }) => Promise<FormView>;
  onSaved: (form: FormView) => void;
  /** Debounce before saving (longer while a new field is being set up: its name locks once saved). */
  delayMs?: number;
}

/**
 * Autosave: a debounced PUT of the draft (each save is a new version) once it passes the
 * server's own schema; edits made while a save runs are saved right after it. A failed save
 * keeps the draft and shows the error with a retry; the next edit tries again by itself.
 */
export function useAutosave({ draft, initial, save, onSaved, delayMs = AUTOSAVE_DELAY_MS }: Options) {
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(initial));
  const [saving, setSaving] = useState(false);
  const [hasSaved, setHasSaved] = useState(false);
  const [failure, setFailure] = useState<{ snapshot: string; detail: string | null } | null>(null);
  const latest = useRef(draft);
  const inFlight = useRef(false);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const check = useMemo(() => checkDraft(draft.fields), [draft.fields]);
  const nameProblem = draft.name.trim() === '';
  const current = snapshot(draft);
  const isDirty = current !== savedSnapshot;
  const isFailed = failure !== null && failure.snapshot === current;
  const status: SaveStatus = saving ? 'saving' : isFailed ? 'error' : isDirty ? 'dirty' : hasSaved ? 'saved' : 'clean';

  const run = useCallback(async () => {
    if (inFlight.current) return;
    const sending = latest.current;
    const checked = checkDraft(sending.fields);
    if (!checked.ok || sending.name.trim() === '') return;
    inFlight.current = true;
    setSaving(true);
    try {
      const form = await save({ name: sending.name.trim(), description: checked.definition });
      setSavedSnapshot(snapshot(sending));
      setHasSaved(true);
      setFailure(null);
      onSaved(form);
    } catch (error) {
      setFailure({ snapshot: snapshot(sending), detail: describe(error) });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [save, onSaved]);

  // Unsaved and valid → (debounce) → saved; a save that ends with newer edits is followed by another.
  useEffect(() => {
    if (!isDirty || saving || isFailed || !check.ok || nameProblem) return;
    const timer = window.setTimeout(() => void run(), delayMs);
    return () => window.clearTimeout(timer);
  }, [current, isDirty, saving, isFailed, check.ok, nameProblem, run, delayMs]);

  const problems: DraftProblem[] = check.ok ? [] : check.problems;
  return {
    status,
    isDirty,
    errorDetail: isFailed ? failure.detail : null,
    problems,
    nameProblem,
    canSave: check.ok && !nameProblem,
    /** Saves now (the retry of the error state, Ctrl+S). */
    saveNow: () => void run(),
    /** After discarding: the editor is back to the saved version. */
    resetTo: (form: Draft) => {
      setSavedSnapshot(snapshot(form));
      setFailure(null);
    },
  };
}

function describe(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const first = Object.values(fieldErrorsOf(error) ?? {})[0]?.texts[0];
  return first ?? error.detail ?? null;
}
