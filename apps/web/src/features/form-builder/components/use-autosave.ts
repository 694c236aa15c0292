import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormField } from '@faena/domain/forms/schema';
import type { FormView } from '../../../shared/forms/api/get-form.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { checkDraft, type Draft, type DraftProblem } from '../../../shared/forms/builder/draft.ts';

/**
 * Spec §4 "Editor save states": no changes, unsaved changes, saving, saved, error with retry —
 * and a conflict: someone else saved a newer version since this editor's, so nothing is saved
 * over it until the editor loads theirs or chooses to save on top of it.
 */
export type SaveStatus = 'clean' | 'dirty' | 'saving' | 'saved' | 'error' | 'conflict';

export const AUTOSAVE_DELAY_MS = 1500;

const snapshot = (draft: Draft) => JSON.stringify([draft.name.trim(), draft.fields]);

interface Options {
  draft: Draft;
  /** The version the editor started from. */
  initial: Draft;
  /** The saved version the editor started from: each save names the version it replaces. */
  initialVersion: number;
  save: (input: { name: string; description: FormField[]; base_version: number }) => Promise<FormView>;
  onSaved: (form: FormView) => void;
  /** Debounce before saving (longer while a new field is being set up: its name locks once saved). */
  delayMs?: number;
}

/**
 * Autosave: a debounced PUT of the draft (each save is a new version) once it passes the
 * server's own schema; edits made while a save runs are saved right after it. A failed save
 * keeps the draft and shows the error with a retry; the next edit tries again by itself.
 */
export function useAutosave({ draft, initial, initialVersion, save, onSaved, delayMs = AUTOSAVE_DELAY_MS }: Options) {
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(initial));
  const [saving, setSaving] = useState(false);
  const [hasSaved, setHasSaved] = useState(false);
  const [failure, setFailure] = useState<{ snapshot: string; detail: string | null } | null>(null);
  /** The newer version someone else saved, while this editor's changes wait. */
  const [conflict, setConflict] = useState<{ currentVersion: number } | null>(null);
  const baseVersion = useRef(initialVersion);
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
  const status: SaveStatus = saving ? 'saving' : conflict ? 'conflict' : isFailed ? 'error' : isDirty ? 'dirty' : hasSaved ? 'saved' : 'clean';

  const run = useCallback(async () => {
    if (inFlight.current) return;
    const sending = latest.current;
    const checked = checkDraft(sending.fields);
    if (!checked.ok || sending.name.trim() === '') return;
    inFlight.current = true;
    setSaving(true);
    try {
      const form = await save({ name: sending.name.trim(), description: checked.definition, base_version: baseVersion.current });
      baseVersion.current = form.version;
      setSavedSnapshot(snapshot(sending));
      setHasSaved(true);
      setFailure(null);
      setConflict(null);
      onSaved(form);
    } catch (error) {
      const currentVersion = conflictVersion(error);
      if (currentVersion === null) setFailure({ snapshot: snapshot(sending), detail: describe(error) });
      else setConflict({ currentVersion });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [save, onSaved]);

  // Unsaved and valid → (debounce) → saved; a save that ends with newer edits is followed by another.
  useEffect(() => {
    if (!isDirty || saving || isFailed || conflict || !check.ok || nameProblem) return;
    const timer = window.setTimeout(() => void run(), delayMs);
    return () => window.clearTimeout(timer);
  }, [current, isDirty, saving, isFailed, conflict, check.ok, nameProblem, run, delayMs]);

  /** After discarding, or taking in a newer version saved elsewhere: the editor is back to a saved version. */
  const resetTo = useCallback((form: Draft, version: number) => {
    baseVersion.current = version;
    setSavedSnapshot(snapshot(form));
    setHasSaved(false);
    setFailure(null);
    setConflict(null);
  }, []);

  const problems: DraftProblem[] = check.ok ? [] : check.problems;
  return {
    status,
    isDirty,
    errorDetail: isFailed && !conflict ? failure.detail : null,
    /** The version someone else saved since this editor's, while the conflict is open. */
    conflictVersion: conflict?.currentVersion ?? null,
    problems,
    nameProblem,
    canSave: check.ok && !nameProblem,
    /** Saves now (the retry of the error state, Ctrl+S); not over someone else's newer version. */
    saveNow: () => {
      if (!conflict) void run();
    },
    /** The conflict's choice to keep this editor's changes: saved as the version after theirs (theirs stays in the history). */
    saveOverConflict: () => {
      if (!conflict) return;
      baseVersion.current = conflict.currentVersion;
      setConflict(null);
      void run();
    },
    resetTo,
  };
}

/** The `current_version` of a refused stale save (409 `form-version-conflict`), or null for any other failure. */
function conflictVersion(error: unknown): number | null {
  if (!isHttpError(error) || error.status !== 409 || error.code !== 'form-version-conflict') return null;
  const body = error.body as { current_version?: unknown };
  return typeof body.current_version === 'number' ? body.current_version : null;
}

function describe(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const first = Object.values(fieldErrorsOf(error) ?? {})[0]?.texts[0];
  return first ?? error.detail ?? null;
}
