import { HttpError, NetworkError } from '../api/http-error.ts';
import { conflictOf, isTransientStatus } from './conflicts.ts';
import type { QueuedSubmission, QueueStore, StartStep, StoredBlob, SubmissionKind } from './offline-db.ts';

/** A file kept on the device until its submission is sent: its place in the body is `ref`. */
export interface OfflineFile {
  blob: Blob;
  name: string;
}

export interface SubmissionInput {
  kind: SubmissionKind;
  title: string;
  href?: string | null;
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  json: unknown;
  /** Files the body names by `fileRef(id)` / `fileIdRef(id)`, keyed by that id. */
  files?: Record<string, OfflineFile>;
  /** A request that makes the record first (a checklist started offline); `path` then holds `{id}`. */
  start?: { path: string; json: unknown; idempotencyKey?: string; expectVersion?: number | null };
}

/** Where a two-step submission's `path` takes the id its start answered. */
export const CREATED_ID = '{id}';

export interface SyncDeps {
  store: QueueStore;
  /** One request with the submission's Idempotency-Key; throws HttpError / NetworkError as the API client does. */
  send(item: QueuedSubmission, json: unknown): Promise<unknown>;
  /** Uploads one file through the document manager, resuming `progress.transfer` and saving each step; its download link. */
  upload(blob: Blob, name: string, progress: { transfer: { id: string; offset: number } | null; save(transfer: { id: string; offset: number }): Promise<void> }): Promise<string>;
  isOnline(): boolean;
  now(): number;
  /** The signed-in person (`tenant:user:passport`), or null when nobody is. */
  owner(): string | null;
  newId(): string;
  /** Runs a pass alone across the tabs of this device (Web Locks); the tabs share one queue. */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
}

/** The device has no room left for the submission (IndexedDB's quota). */
export class OfflineStorageFull extends Error {
  override name = 'OfflineStorageFull';
}

const FILE = 'offline-file:';
const FILE_ID = 'offline-file-id:';
/** A body value standing for a kept file's download link. */
export const fileRef = (id: string) => `${FILE}${id}`;
/** A body value standing for a kept file's upload id (signatures are sent by id). */
export const fileIdRef = (id: string) => `${FILE_ID}${id}`;
export const isFileRef = (value: unknown): value is string => typeof value === 'string' && (value.startsWith(FILE) || value.startsWith(FILE_ID));
const uploadIdOfLink = (link: string) => /\/upload\/([^/]+)\/download/.exec(link)?.[1] ?? link;

/** Attempts of a transient failure before the submission shows as failed (the person can retry it). */
export const MAX_ATTEMPTS = 6;
export const backoffMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
const LAST_SYNC = 'last-sync:';

/** The ids of the kept files a body names. */
export function fileRefsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.startsWith(FILE_ID)) found.push(value.slice(FILE_ID.length));
    else if (value.startsWith(FILE)) found.push(value.slice(FILE.length));
  } else if (Array.isArray(value)) for (const entry of value) fileRefsIn(entry, found);
  else if (value !== null && typeof value === 'object') for (const entry of Object.values(value)) fileRefsIn(entry, found);
  return found;
}

/** A kept file's link reference as the id reference (bodies that send upload ids). */
export const idRefOf = (ref: string) => (ref.startsWith(FILE_ID) ? ref : fileIdRef(ref.slice(FILE.length)));

function replaceRefs(value: unknown, links: Map<string, string>): unknown {
  if (typeof value === 'string') {
    if (value.startsWith(FILE_ID)) return uploadIdOfLink(links.get(value.slice(FILE_ID.length)) ?? value);
    if (value.startsWith(FILE)) return links.get(value.slice(FILE.length)) ?? value;
    return value;
  }
  if (Array.isArray(value)) return value.map((entry) => replaceRefs(entry, links));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaceRefs(entry, links)]));
  return value;
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

type Outcome = 'sent' | 'stop' | 'next';

/**
 * The device's queue of submissions (decision 031): kept per person in IndexedDB, sent in order
 * when online, each with the Idempotency-Key made when the person submitted, so a send that is cut
 * off and tried again is written once. Failures by network wait for the connection; transient
 * server failures back off and, after MAX_ATTEMPTS, show as failed; conflicts are kept with their
 * reason. Only the owner's session sends an owner's submissions.
 */
export class SyncQueue {
  private readonly deps: SyncDeps;
  private running: Promise<void> | null = null;
  private again = false;
  private seq = 0;
  private readonly listeners = new Set<(local: boolean) => void>();

  constructor(deps: SyncDeps) {
    this.deps = deps;
  }

  /** Called on every change; `local` false when another tab made it (see `announce`). */
  subscribe(listener: (local: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  private changed(local = true): void {
    for (const listener of this.listeners) listener(local);
  }
  /** Another tab changed the queue: what shows it reads it again. */
  announce(): void {
    this.changed(false);
  }

  async list(): Promise<QueuedSubmission[]> {
    const owner = this.deps.owner();
    return owner ? this.deps.store.list(owner) : [];
  }

  async lastSyncAt(): Promise<string | null> {
    const owner = this.deps.owner();
    return owner ? this.deps.store.getMeta(`${LAST_SYNC}${owner}`) : null;
  }

  /** A new submission at the end of the signed-in person's queue; the key is made here, once. */
  async enqueue(input: SubmissionInput, idempotencyKey = this.deps.newId()): Promise<QueuedSubmission> {
    const owner = this.deps.owner();
    if (!owner) throw new Error('Nobody is signed in: there is no queue to keep this in.');
    const blobs: StoredBlob[] = Object.entries(input.files ?? {}).map(([id, file]) => ({ id, owner, name: file.name, blob: file.blob, link: null }));
    // files kept on the device before the submission (photos taken offline) are named in the body
    const blobIds = [...new Set([...blobs.map((blob) => blob.id), ...fileRefsIn(input.json)])];
    const item: QueuedSubmission = {
      id: this.deps.newId(),
      owner,
      seq: this.deps.now() * 1000 + (this.seq++ % 1000),
      kind: input.kind,
      title: input.title,
      href: input.href ?? null,
      method: input.method,
      path: input.path,
      json: input.json,
      idempotencyKey,
      blobIds,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      conflict: null,
      createdAt: new Date(this.deps.now()).toISOString(),
      ...(input.start
        ? {
            start: {
              path: input.start.path,
              json: input.start.json,
              idempotencyKey: input.start.idempotencyKey ?? this.deps.newId(),
              expectVersion: input.start.expectVersion ?? null,
              createdId: null,
            },
          }
        : {}),
    };
    try {
      await this.deps.store.add(item, blobs);
    } catch (error) {
      if (isQuotaError(error)) throw new OfflineStorageFull('The device has no room left to keep this submission.');
      throw error;
    }
    this.changed();
    return item;
  }

  /** Keeps one file on the device for a submission still being filled (a photo taken offline); its body reference. */
  async keepFile(blob: Blob, name: string): Promise<string> {
    const owner = this.deps.owner();
    if (!owner) throw new Error('Nobody is signed in: there is no queue to keep this in.');
    const id = this.deps.newId();
    try {
      await this.deps.store.putBlob({ id, owner, name, blob, link: null });
    } catch (error) {
      if (isQuotaError(error)) throw new OfflineStorageFull('The device has no room left to keep this file.');
      throw error;
    }
    return fileRef(id);
  }

  /** The bytes of a kept file (its preview), or null. */
  async keptFile(ref: string): Promise<Blob | null> {
    const id = fileRefsIn(ref)[0];
    return id ? ((await this.deps.store.getBlob(id))?.blob ?? null) : null;
  }

  /** A kept file with its name (a file field lists it), or null. */
  async keptNamedFile(ref: string): Promise<File | null> {
    const id = fileRefsIn(ref)[0];
    const stored = id ? await this.deps.store.getBlob(id) : undefined;
    if (!stored) return null;
    return stored.blob instanceof File && stored.blob.name === stored.name ? stored.blob : new File([stored.blob], stored.name, { type: stored.blob.type });
  }

  /** Sends what is due, in order. One pass at a time; a call during a pass runs one more after it. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await (this.deps.exclusive ? this.deps.exclusive(() => this.pass()) : this.pass());
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Epoch ms of the next attempt a pending submission waits for, or null. */
  async nextDueAt(): Promise<number | null> {
    const pending = (await this.list()).filter((item) => item.state === 'pending');
    return pending.length ? Math.min(...pending.map((item) => item.nextAttemptAt)) : null;
  }

  private async pass(): Promise<void> {
    const owner = this.deps.owner();
    if (!owner || !this.deps.isOnline()) return;
    for (const item of await this.deps.store.list(owner)) {
      if (item.state !== 'pending') continue;
      if (item.nextAttemptAt > this.deps.now()) return; // in order: a later one waits for this one
      // the person may have signed out (or another signed in) during the pass
      if (this.deps.owner() !== item.owner) return;
      const outcome = await this.sendOne(item);
      this.changed();
      if (outcome === 'stop') return;
    }
  }

  /**
   * The first step of a two-step submission: the record is made (its own key; sent again after a
   * cut, the server answers the same record) and its id stored on the item before the second step.
   * Null when the start answered another version than the one answered: the item is then a conflict.
   */
  private async started(item: QueuedSubmission, start: StartStep): Promise<QueuedSubmission | null> {
    if (start.createdId) return item;
    const answer = (await this.deps.send({ ...item, method: 'POST', path: start.path, idempotencyKey: start.idempotencyKey }, start.json)) as {
      id?: unknown;
      version?: unknown;
      status?: unknown;
    } | null;
    if (typeof answer?.id !== 'string') throw new Error('The start answered no id.');
    const next: QueuedSubmission = { ...item, start: { ...start, createdId: answer.id } };
    if (answer.status === 'submitted') {
      await this.deps.store.put({ ...next, state: 'conflict', conflict: { reason: 'already-submitted', code: 'already-submitted', detail: null }, lastError: null });
      return null;
    }
    if (start.expectVersion !== null && typeof answer.version === 'number' && answer.version !== start.expectVersion) {
      await this.deps.store.put({
        ...next,
        state: 'conflict',
        conflict: { reason: 'checklist-version', code: 'outdated-draft', detail: `Answered version ${start.expectVersion}; the checklist is at version ${answer.version}.` },
        lastError: null,
      });
      return null;
    }
    await this.deps.store.put(next);
    return next;
  }

  private async sendOne(queued: QueuedSubmission): Promise<Outcome> {
    let item = queued;
    try {
      if (item.start) {
        const next = await this.started(item, item.start);
        if (!next) return 'next';
        item = next;
      }
      const links = new Map<string, string>();
      for (const blobId of item.blobIds) {
        const stored = await this.deps.store.getBlob(blobId);
        if (!stored) continue;
        let link = stored.link;
        if (!link) {
          link = await this.deps.upload(stored.blob, stored.name, { transfer: stored.transfer ?? null, save: (transfer) => this.deps.store.putBlob({ ...stored, transfer }) });
          await this.deps.store.putBlob({ ...stored, link });
        }
        links.set(blobId, link);
      }
      const createdId = item.start?.createdId;
      await this.deps.send(createdId ? { ...item, path: item.path.replace(CREATED_ID, encodeURIComponent(createdId)) } : item, replaceRefs(item.json, links));
      await this.deps.store.remove(item.id);
      await this.deps.store.setMeta(`${LAST_SYNC}${item.owner}`, new Date(this.deps.now()).toISOString());
      return 'sent';
    } catch (error) {
      return this.failed(item, error);
    }
  }

  private async failed(item: QueuedSubmission, error: unknown): Promise<Outcome> {
    if (error instanceof NetworkError || !(error instanceof HttpError)) {
      const attempts = item.attempts + 1;
      const network = error instanceof NetworkError || error instanceof TypeError;
      if (network) {
        // the connection is gone (or lies): wait for it, the order kept
        await this.deps.store.put({ ...item, attempts, nextAttemptAt: this.deps.now() + backoffMs(attempts), lastError: 'network' });
        return 'stop';
      }
      await this.deps.store.put({
        ...item,
        attempts,
        state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        nextAttemptAt: this.deps.now() + backoffMs(attempts),
        lastError: String((error as Error)?.message ?? error),
      });
      return attempts >= MAX_ATTEMPTS ? 'next' : 'stop';
    }
    const reason = conflictOf(item.kind, error.status, error.code);
    if (reason) {
      await this.deps.store.put({ ...item, state: 'conflict', conflict: { reason, code: error.code ?? null, detail: error.detail ?? null }, lastError: null });
      return 'next';
    }
    const attempts = item.attempts + 1;
    if (isTransientStatus(error.status, error.code) && attempts < MAX_ATTEMPTS) {
      await this.deps.store.put({ ...item, attempts, nextAttemptAt: this.deps.now() + backoffMs(attempts), lastError: `${error.status} ${error.code ?? ''}`.trim() });
      return 'stop';
    }
    await this.deps.store.put({ ...item, attempts, state: 'failed', lastError: error.detail ?? `${error.status} ${error.code ?? ''}`.trim() });
    return 'next';
  }

  /** The connection is back: what waited for it (not for a busy server) is due now. */
  async wakeUp(): Promise<void> {
    for (const item of await this.list()) {
      if (item.state === 'pending' && item.lastError === 'network' && item.nextAttemptAt > 0) await this.deps.store.put({ ...item, nextAttemptAt: 0 });
    }
  }

  /** Tries a failed (or waiting) submission again now, with its same key. */
  async retry(id: string): Promise<void> {
    const item = await this.deps.store.get(id);
    if (!item || item.owner !== this.deps.owner()) return;
    await this.deps.store.put({ ...item, state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, conflict: null });
    this.changed();
    await this.flush();
  }

  /** Drops a submission and its files (after the person confirmed). */
  async discard(id: string): Promise<void> {
    const item = await this.deps.store.get(id);
    if (!item || item.owner !== this.deps.owner()) return;
    await this.deps.store.remove(id);
    this.changed();
  }
}
