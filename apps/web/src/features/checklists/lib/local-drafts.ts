import type { TChecklistDetail, TChecklistVersionContent, TExecution, TExecutionSave, TExecutionStart, TExecutionSubmit } from '@faena/contracts';
import { idbQueueStore, type QueueStore } from '../../../shared/offline/offline-db.ts';
import { CREATED_ID } from '../../../shared/offline/sync-queue.ts';
import { offlineQueue } from '../../../shared/offline/offline-queue.ts';

/**
 * A checklist started on the device with no connection (decision 031): the draft the server would
 * make is kept in IndexedDB instead — the version answered (from the kept reads), the start's
 * body and Idempotency-Key, the answers, notes, photos (download links or `offline-file:` refs of
 * photos kept on the device) and the section reached — so the page resumes it after a reload. Its
 * submit queues ONE submission that starts the execution on the server, then submits the answers.
 * One per person and checklist, as the server keeps one open draft per person and checklist.
 */
export interface LocalDraft {
  id: string;
  owner: string;
  checklistId: string;
  name: string;
  definition: TChecklistVersionContent;
  start: TExecutionStart;
  startKey: string;
  answers: Record<string, unknown>;
  notes: Record<string, string>;
  /** Per field key: download links, or references to photos kept on the device. */
  photos: Record<string, string[]>;
  current_section: string | null;
  revision: number;
  startedAt: string;
}

const LOCAL_ID = 'local-';
export const isLocalDraftId = (id: string) => id.startsWith(LOCAL_ID);
const keyOf = (owner: string, checklistId: string) => `checklist-draft:${owner}:${checklistId}`;

export async function loadLocalDraft(owner: string, checklistId: string, store: QueueStore = idbQueueStore): Promise<LocalDraft | null> {
  const text = await store.getMeta(keyOf(owner, checklistId));
  if (!text) return null;
  const draft = JSON.parse(text) as LocalDraft;
  return draft.owner === owner ? draft : null;
}

async function keep(draft: LocalDraft, store: QueueStore): Promise<void> {
  await store.setMeta(keyOf(draft.owner, draft.checklistId), JSON.stringify(draft));
}

export async function dropLocalDraft(owner: string, checklistId: string, store: QueueStore = idbQueueStore): Promise<void> {
  await store.setMeta(keyOf(owner, checklistId), '');
}

/** A new draft of the version the device holds (the kept checklist detail). */
export async function startLocalDraft(owner: string, checklist: TChecklistDetail, start: TExecutionStart, store: QueueStore = idbQueueStore): Promise<LocalDraft> {
  const { version, sections, fields, items, pass_mark, signatures, max_score } = checklist;
  const draft: LocalDraft = {
    id: `${LOCAL_ID}${crypto.randomUUID()}`,
    owner,
    checklistId: checklist.id,
    name: checklist.name,
    definition: { version, sections, fields, items, pass_mark, signatures, max_score },
    start,
    startKey: crypto.randomUUID(),
    answers: {},
    notes: {},
    photos: {},
    current_section: null,
    revision: 0,
    startedAt: new Date().toISOString(),
  };
  await keep(draft, store);
  return draft;
}

/** The draft as the runner reads an execution (photos it takes from the draft: links, not files). */
export function localExecution(draft: LocalDraft): TExecution {
  return {
    id: draft.id,
    checklist: { id: draft.checklistId, name: draft.name, version: draft.definition.version },
    category: null,
    venue: null,
    location: null,
    executed_by: null,
    started_at: draft.startedAt,
    submitted_at: null,
    status: 'draft',
    score: null,
    result: null,
    failed_count: 0,
    critical_failed: false,
    actions_open: 0,
    version: draft.definition.version,
    definition: draft.definition,
    answers: draft.answers,
    notes: draft.notes,
    photos: {},
    current_section: draft.current_section,
    client_revision: draft.revision,
    updated_at: draft.startedAt,
    signatures: { executor: null, second: null },
    section_scores: [],
    failed_items: [],
    actions: [],
    activity: draft.start.activity ?? null,
    outdated: false,
    latest_version: draft.definition.version,
    can_act: false,
  };
}

/**
 * The autosave of a draft on the device: the same body as the server's PATCH (answers merged key by
 * key, null clears; notes, photos and section replaced), except that photos are links or refs.
 */
export async function saveLocalDraft(owner: string, checklistId: string, body: TExecutionSave, store: QueueStore = idbQueueStore): Promise<LocalDraft> {
  const draft = await loadLocalDraft(owner, checklistId, store);
  if (!draft) throw new Error('The draft kept on this device is gone.');
  const answers = { ...draft.answers };
  for (const [key, value] of Object.entries(body.answers ?? {})) {
    if (value === null) delete answers[key];
    else answers[key] = value;
  }
  const next: LocalDraft = {
    ...draft,
    answers,
    notes: body.notes ?? draft.notes,
    photos: (body.photos as Record<string, string[]> | undefined) ?? draft.photos,
    current_section: body.current_section === undefined ? draft.current_section : body.current_section,
    revision: draft.revision + 1,
  };
  await keep(next, store);
  return next;
}

/** The submission of a draft started on the device: start, then submit, one queued item; the draft is then dropped. */
export async function queueLocalDraft(draft: LocalDraft, body: TExecutionSubmit, store: QueueStore = idbQueueStore): Promise<{ queued: true; id: string }> {
  const item = await offlineQueue.enqueue(
    {
      kind: 'checklist-execution',
      title: draft.name,
      href: `/checklists/${encodeURIComponent(draft.checklistId)}/execute`,
      method: 'POST',
      path: `/api/checklists/v3/executions/${CREATED_ID}/submit/`,
      json: body,
      start: { path: `/api/checklists/v3/checklists/${encodeURIComponent(draft.checklistId)}/executions/`, json: draft.start, idempotencyKey: draft.startKey, expectVersion: draft.definition.version },
    },
    crypto.randomUUID(),
  );
  // a second submit of a draft left behind by a crash here replays the same start (its key): the server answers already-submitted
  await dropLocalDraft(draft.owner, draft.checklistId, store);
  void offlineQueue.flush();
  return { queued: true, id: item.id };
}

/** A submission of this checklist started on the device still waits in the person's queue. */
export async function waitingStart(checklistId: string): Promise<boolean> {
  const path = `/api/checklists/v3/checklists/${encodeURIComponent(checklistId)}/executions/`;
  return (await offlineQueue.list()).some((item) => item.start?.path === path && item.state === 'pending' && !item.start.createdId);
}
