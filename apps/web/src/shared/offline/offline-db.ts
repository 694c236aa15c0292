import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What a queued submission does when it is sent (decision 031). */
export type SubmissionKind = 'checklist-execution' | 'activity-completion' | 'workflow-task';
export type SubmissionState = 'pending' | 'failed' | 'conflict';
/** Why the server will not take a queued submission as it is (the rules of decision 031). */
export type ConflictReason = 'checklist-version' | 'already-submitted' | 'answered-elsewhere' | 'task-closed' | 'occurrence-cancelled';

export interface QueuedSubmission {
  id: string;
  /** `tenant:user:passport` of the person who made it: only their session ever sends it. */
  owner: string;
  /** Order of sending within the owner's queue. */
  seq: number;
  kind: SubmissionKind;
  title: string;
  /** The screen the person made it on, to open it again from /sync. */
  href: string | null;
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** The body; strings `offline-file:{blobId}` / `offline-file-id:{blobId}` stand for files kept on the device. */
  json: unknown;
  /** Made when the person submitted; the same on every attempt, so the server writes it once. */
  idempotencyKey: string;
  blobIds: string[];
  state: SubmissionState;
  attempts: number;
  /** Epoch ms before which it is not tried again (back-off after a transient failure). */
  nextAttemptAt: number;
  lastError: string | null;
  conflict: { reason: ConflictReason; code: string | null; detail: string | null } | null;
  createdAt: string;
  /**
   * A submission whose record the server has not made yet (a checklist started offline): this
   * request goes first, with its own Idempotency-Key; `path` holds `{id}` for the id it answers,
   * which is stored here (`createdId`) as soon as it succeeds, so a sync cut between the two
   * steps never starts it twice. `expectVersion`: the version the person answered; a start
   * answering another is the 'checklist-version' conflict.
   */
  start?: StartStep;
}

/** The first step of a two-step submission (see `QueuedSubmission.start`). */
export interface StartStep {
  path: string;
  json: unknown;
  idempotencyKey: string;
  expectVersion: number | null;
  createdId: string | null;
}

export interface StoredBlob {
  id: string;
  owner: string;
  name: string;
  blob: Blob;
  /** The download link once uploaded: a retry of its submission does not upload it again. */
  link: string | null;
  /** A chunked transfer under way (id and offset reached): a retry resumes it. */
  transfer?: { id: string; offset: number } | null;
}

interface OfflineSchema extends DBSchema {
  submissions: { key: string; value: QueuedSubmission; indexes: { byOwner: [string, number] } };
  blobs: { key: string; value: StoredBlob };
  meta: { key: string; value: { key: string; value: string } };
}

export const OFFLINE_DB = 'faena-offline';
let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DB, 1, {
    upgrade(db) {
      const submissions = db.createObjectStore('submissions', { keyPath: 'id' });
      submissions.createIndex('byOwner', ['owner', 'seq']);
      db.createObjectStore('blobs', { keyPath: 'id' });
      db.createObjectStore('meta', { keyPath: 'key' });
    },
  });
  return opened;
}

/** For tests: forget the open handle (fake-indexeddb is reset between them). */
export function resetOfflineDbHandle(): void {
  opened = null;
}

/** The storage of a queue: IndexedDB in the browser; the tests use the same code over fake-indexeddb. */
export interface QueueStore {
  list(owner: string): Promise<QueuedSubmission[]>;
  get(id: string): Promise<QueuedSubmission | undefined>;
  put(item: QueuedSubmission): Promise<void>;
  /** The submission and its files in one transaction (a full disk refuses both). */
  add(item: QueuedSubmission, blobs: StoredBlob[]): Promise<void>;
  remove(id: string): Promise<void>;
  getBlob(id: string): Promise<StoredBlob | undefined>;
  putBlob(blob: StoredBlob): Promise<void>;
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
}

export const idbQueueStore: QueueStore = {
  async list(owner) {
    const db = await offlineDb();
    return db.getAllFromIndex('submissions', 'byOwner', IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]));
  },
  async get(id) {
    return (await offlineDb()).get('submissions', id);
  },
  async put(item) {
    await (await offlineDb()).put('submissions', item);
  },
  async add(item, blobs) {
    const db = await offlineDb();
    const tx = db.transaction(['submissions', 'blobs'], 'readwrite');
    await Promise.all([...blobs.map((blob) => tx.objectStore('blobs').put(blob)), tx.objectStore('submissions').put(item), tx.done]);
  },
  async remove(id) {
    const db = await offlineDb();
    const item = await db.get('submissions', id);
    const tx = db.transaction(['submissions', 'blobs'], 'readwrite');
    await Promise.all([...(item?.blobIds ?? []).map((blobId) => tx.objectStore('blobs').delete(blobId)), tx.objectStore('submissions').delete(id), tx.done]);
  },
  async getBlob(id) {
    return (await offlineDb()).get('blobs', id);
  },
  async putBlob(blob) {
    await (await offlineDb()).put('blobs', blob);
  },
  async getMeta(key) {
    return (await (await offlineDb()).get('meta', key))?.value ?? null;
  },
  async setMeta(key, value) {
    await (await offlineDb()).put('meta', { key, value });
  },
};
