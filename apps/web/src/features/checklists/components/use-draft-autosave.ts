import { useCallback, useEffect, useRef, useState } from 'react';
import type { TExecution, TExecutionSave } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import type { FormStore } from '../../../shared/forms/form-store.ts';
import { answersPatch } from '../lib/execution.ts';

export const DRAFT_SAVE_DELAY_MS = 800;
const RETRY_MS = 5_000;

export type DraftSaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'offline';

/** What is saved besides the answers. */
export interface DraftExtras {
  notes: Record<string, string>;
  /** Upload ids per field key. */
  photos: Record<string, string[]>;
  section: string | null;
}

interface Snapshot extends DraftExtras {
  answers: Record<string, unknown>;
}

export interface DraftAutosaveOptions {
  execution: Pick<TExecution, 'id' | 'client_revision' | 'answers' | 'notes' | 'current_section'> & { photoIds: Record<string, string[]> };
  store: FormStore;
  extras: DraftExtras;
  save: (id: string, body: TExecutionSave) => Promise<TExecution>;
  /** The server holds a newer copy (another device saved): the caller takes it in. */
  onStale: (server: TExecution) => void;
  /** The draft was submitted elsewhere. */
  onSubmitted: () => void;
  delayMs?: number;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The execution's autosave (decision 026): every change is sent, debounced, as a PATCH of what
 * changed since the last save with the revision last seen; one request at a time; a failure is
 * retried; `flush` saves at once (before moving on and before submitting).
 */
export function useDraftAutosave({ execution, store, extras, save, onStale, onSubmitted, delayMs = DRAFT_SAVE_DELAY_MS }: DraftAutosaveOptions) {
  const [status, setStatus] = useState<DraftSaveStatus>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const saved = useRef<Snapshot>({ answers: execution.answers, notes: execution.notes, photos: execution.photoIds, section: execution.current_section });
  const revision = useRef(execution.client_revision);
  const extrasRef = useRef(extras);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);
  const callbacks = useRef({ save, onStale, onSubmitted });

  useEffect(() => {
    callbacks.current = { save, onStale, onSubmitted };
  }, [save, onStale, onSubmitted]);

  const current = useCallback((): Snapshot => ({ answers: store.getState().values, ...extrasRef.current }), [store]);

  const isDirty = useCallback(() => {
    const now = current();
    return (
      answersPatch(saved.current.answers, now.answers) !== null || !sameJson(now.notes, saved.current.notes) || !sameJson(now.photos, saved.current.photos) || now.section !== saved.current.section
    );
  }, [current]);

  /** One save of whatever is unsaved; true when everything is on the server. */
  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (stopped.current) return false;
    const now = current();
    const answers = answersPatch(saved.current.answers, now.answers);
    const notesChanged = !sameJson(now.notes, saved.current.notes);
    const photosChanged = !sameJson(now.photos, saved.current.photos);
    const sectionChanged = now.section !== saved.current.section;
    if (!answers && !notesChanged && !photosChanged && !sectionChanged) {
      setStatus('saved');
      return true;
    }
    setStatus('saving');
    const body: TExecutionSave = { client_revision: revision.current };
    if (answers) body.answers = answers;
    if (notesChanged) body.notes = now.notes;
    if (photosChanged) body.photos = now.photos;
    if (sectionChanged) body.current_section = now.section;
    try {
      const answer = await callbacks.current.save(execution.id, body);
      revision.current = answer.client_revision;
      saved.current = now;
      setSavedAt(new Date());
      const clean = !isDirty();
      setStatus(clean ? 'saved' : 'pending');
      return clean;
    } catch (error) {
      if (isHttpError(error) && error.status === 409 && error.code === 'stale-draft') {
        const body = error.body as { execution?: TExecution };
        if (body.execution) {
          revision.current = body.execution.client_revision;
          callbacks.current.onStale(body.execution);
        }
        setStatus('saved');
        return false;
      }
      if (isHttpError(error) && error.status === 409 && error.code === 'already-submitted') {
        stopped.current = true;
        callbacks.current.onSubmitted();
        return false;
      }
      setStatus(isHttpError(error) ? 'error' : 'offline');
      return false;
    }
  }, [current, execution.id, isDirty]);

  const runRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));
  const run = useCallback((): Promise<boolean> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    // One request at a time: a save asked for meanwhile runs after the one in flight.
    const previous = running.current ?? Promise.resolve(true);
    const next = previous.then(() => saveOnce());
    running.current = next;
    void next.then((ok) => {
      if (running.current === next) running.current = null;
      if (!ok && !stopped.current && isDirty()) timer.current = setTimeout(() => void runRef.current(), RETRY_MS);
      else if (ok && isDirty()) timer.current = setTimeout(() => void runRef.current(), delayMs);
    });
    return next;
  }, [saveOnce, isDirty, delayMs]);
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  const schedule = useCallback(() => {
    if (stopped.current) return;
    if (timer.current) clearTimeout(timer.current);
    if (!isDirty()) return;
    setStatus((state) => (state === 'saving' ? state : 'pending'));
    timer.current = setTimeout(() => void run(), delayMs);
  }, [run, isDirty, delayMs]);

  useEffect(() => store.subscribe(schedule), [store, schedule]);
  useEffect(() => {
    extrasRef.current = extras;
    // A note, photo or section change is saved like an answer (scheduled outside the render).
    const handle = setTimeout(schedule, 0);
    return () => clearTimeout(handle);
  }, [extras, schedule]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Takes in the server's copy as the saved state (after a stale answer or an upgrade). */
  const adopt = useCallback((server: Pick<TExecution, 'client_revision' | 'answers' | 'notes' | 'current_section'>, photoIds: Record<string, string[]>) => {
    revision.current = server.client_revision;
    saved.current = { answers: server.answers, notes: server.notes, photos: photoIds, section: server.current_section };
  }, []);

  /** Stops saving (submitted). */
  const stop = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  return { status, savedAt, flush: run, isDirty, adopt, stop };
}
