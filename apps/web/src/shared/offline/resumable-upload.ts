import { apiClient } from '../api/api-client.ts';
import { HttpError } from '../api/http-error.ts';
import { authHeaders, storeTemporaryUpload, UPLOAD_SERVER, uploadBlob } from '../uploads/upload-api.ts';

/** FilePond's chunk size (shared/uploads): larger files go in chunks, smaller ones whole. */
export const CHUNK_BYTES = 500_000;

/** Where a chunked transfer of a kept file stands, saved after every chunk. */
export interface TransferState {
  id: string;
  offset: number;
}

async function refused(response: Response, method: string, url: string): Promise<HttpError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return new HttpError({ status: response.status, method, url, body, bodyText: text, contentType: response.headers.get('content-type') ?? '' });
}

/**
 * Uploads a file kept on the device through the document manager's chunked upload (the FilePond
 * protocol of shared/uploads: process with Upload-Length, PATCH chunks at Upload-Offset, HEAD for
 * the offset reached), resuming a transfer cut off earlier from where the server says it stands;
 * `save` keeps the transfer's state with the file after each chunk, so a resume survives closing
 * the app. Files up to one chunk go whole. Answers the stored file's download link.
 */
export async function uploadResumable(
  blob: Blob,
  name: string,
  transfer: TransferState | null,
  save: (state: TransferState) => Promise<void>,
  fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<string> {
  if (blob.size <= CHUNK_BYTES) return uploadBlob(blob, name);
  // the token may have expired while the device was offline: a call through the API client renews it
  await apiClient.get('/api/auth/v3/me');
  let state: TransferState | null = transfer;
  if (state) {
    const url = `${UPLOAD_SERVER}/patch/${encodeURIComponent(state.id)}`;
    const head = await fetcher(url, { method: 'HEAD', headers: authHeaders() });
    if (head.ok) state = { id: state.id, offset: Number(head.headers.get('upload-offset') ?? state.offset) };
    else if (head.status === 404 || head.status === 410)
      state = null; // the server dropped it: start again
    else throw await refused(head, 'HEAD', url);
  }
  if (!state) {
    const url = `${UPLOAD_SERVER}/process/`;
    const form = new FormData();
    form.append('filepond', '{}');
    const started = await fetcher(url, { method: 'POST', headers: { ...authHeaders(), 'upload-length': String(blob.size) }, body: form });
    if (!started.ok) throw await refused(started, 'POST', url);
    state = { id: (await started.text()).trim(), offset: 0 };
    await save(state);
  }
  let at: TransferState = state;
  while (at.offset < blob.size) {
    const url: string = `${UPLOAD_SERVER}/patch/${encodeURIComponent(at.id)}`;
    const chunk = blob.slice(at.offset, at.offset + CHUNK_BYTES);
    const answer: Response = await fetcher(url, {
      method: 'PATCH',
      headers: { ...authHeaders(), 'content-type': 'application/offset+octet-stream', 'upload-offset': String(at.offset), 'upload-length': String(blob.size), 'upload-name': encodeURIComponent(name) },
      body: chunk,
    });
    // 409: the server is elsewhere (a chunk that landed before the cut): go on from its offset
    if (!answer.ok && answer.status !== 409) throw await refused(answer, 'PATCH', url);
    const reached: number = Number(answer.headers.get('upload-offset'));
    at = { id: at.id, offset: Number.isFinite(reached) && answer.headers.has('upload-offset') ? reached : at.offset + chunk.size };
    await save(at);
  }
  return storeTemporaryUpload(at.id);
}
