import { apiClient } from '../api/api-client.ts';
import { NetworkError } from '../api/http-error.ts';
import type { Session } from '../session/session-store.ts';
import { sessionStore } from '../session/session.ts';
import { uploadResumable } from './resumable-upload.ts';
import { idbQueueStore } from './offline-db.ts';
import { fileRefsIn, SyncQueue, type SubmissionInput } from './sync-queue.ts';

export { OfflineStorageFull, fileIdRef, fileRef, idRefOf, isFileRef } from './sync-queue.ts';

/** Whose queue a session sends: the person, in their organisation, under their account. */
export const ownerOf = (session: Session | null): string | null => (session ? `${session.user.tenant_id}:${session.user.id}:${session.user.passport}` : null);

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** The app's queue: IndexedDB, the API client with the submission's Idempotency-Key, the chunked upload. */
export const offlineQueue = new SyncQueue({
  store: idbQueueStore,
  send: (item, json) => apiClient.request(item.path, { method: item.method, json, headers: { 'idempotency-key': item.idempotencyKey } }),
  upload: (blob, name, progress) => uploadResumable(blob, name, progress.transfer, progress.save),
  isOnline,
  now: () => Date.now(),
  owner: () => ownerOf(sessionStore.getSnapshot()),
  newId: () => crypto.randomUUID(),
  // tabs of one device share the queue: one pass at a time (the Idempotency-Key covers the rest)
  exclusive: (pass) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('faena.offline-sync', pass) : pass()),
});

// what one tab queues or sends, the others' /sync and badges show
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('faena.offline-queue');
if (channel) {
  channel.onmessage = () => offlineQueue.announce();
  offlineQueue.subscribe((local) => local && channel.postMessage('changed'));
}

/** What `submitOrQueue` answers when the submission stayed on the device. */
export interface Queued {
  queued: true;
  id: string;
}
export const isQueued = (value: unknown): value is Queued => typeof value === 'object' && value !== null && (value as Queued).queued === true;

/**
 * The submit path of the checklist runner, the occurrence page and the workflow task form
 * (decision 031): sent now when there is a connection and nothing older waits, else kept on the
 * device and sent by the queue. The Idempotency-Key is made here, once: a send cut off by the
 * network is queued with the same key, so the server writes it once whichever copy arrives.
 * Refusals (validation, conflicts) still reach the caller as HttpError when sent now.
 */
export async function submitOrQueue<T>(input: SubmissionInput): Promise<T | Queued> {
  const key = crypto.randomUUID();
  const waiting = (await offlineQueue.list().catch(() => [])).some((item) => item.state === 'pending');
  const keepsFiles = Object.keys(input.files ?? {}).length > 0 || fileRefsIn(input.json).length > 0;
  if (isOnline() && !waiting && !keepsFiles) {
    try {
      return await apiClient.request<T>(input.path, { method: input.method, json: input.json, headers: { 'idempotency-key': key } });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const item = await offlineQueue.enqueue(input, key);
  void offlineQueue.flush();
  return { queued: true, id: item.id };
}

/**
 * Uploads a file now, or keeps it on the device when there is no connection (or the upload is cut
 * off by the network): the download link, or a reference the queue uploads before it sends the
 * submission that names it. For photo and signature fields of forms filled offline.
 */
export async function uploadOrKeep(blob: Blob, name: string, upload: () => Promise<string>): Promise<string> {
  if (isOnline()) {
    try {
      return await upload();
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  return offlineQueue.keepFile(blob, name);
}
