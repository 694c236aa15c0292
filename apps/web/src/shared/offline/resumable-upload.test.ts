import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { testTokenPair } from '../../test/session.ts';
import { CHUNK_BYTES, uploadResumable, type TransferState } from './resumable-upload.ts';

/** The upload server's chunked side, as documents.routes.ts answers it. */
function chunkServer(total: number) {
  let offset = 0;
  let cutAfter = Infinity;
  const seen: string[] = [];
  const fetcher = vi.fn(async (url: string, init?: RequestInit) => {
    seen.push(`${init?.method} ${url.replace(/^.*\/upload/, '')}`);
    const headers = new Headers(init?.headers);
    if (init?.method === 'POST') return new Response('transfer-1', { status: 200 });
    if (init?.method === 'HEAD') return new Response(null, { status: 200, headers: { 'upload-offset': String(offset), 'upload-length': String(total) } });
    const at = Number(headers.get('upload-offset'));
    if (at !== offset) return new Response(JSON.stringify({ code: 'conflict' }), { status: 409, headers: { 'upload-offset': String(offset) } });
    offset += (init?.body as Blob).size;
    // the chunk lands, the answer is lost
    if (seen.filter((line) => line.startsWith('PATCH')).length >= cutAfter) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 204, headers: { 'upload-offset': String(offset) } });
  });
  return {
    fetcher: fetcher as unknown as typeof fetch,
    seen,
    cutAfterPatches(n: number) {
      cutAfter = n;
    },
  };
}

describe('resumable upload of kept files (decision 031)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.endSession();
  });

  it('a cut transfer resumes from the offset the server reached; the file is stored once', async () => {
    sessionStore.signIn(testTokenPair());
    stubApi((url) => (url.includes('/store') ? { upload_id: 'u-big' } : { id: 'u1' }));
    const blob = new Blob([new Uint8Array(CHUNK_BYTES * 2 + 1000)]);
    const server = chunkServer(blob.size);
    const saved: TransferState[] = [];
    const save = async (state: TransferState) => void saved.push(state);
    server.cutAfterPatches(2);
    await expect(uploadResumable(blob, 'video.mp4', null, save, server.fetcher)).rejects.toBeInstanceOf(TypeError);
    expect(saved.at(-1)).toEqual({ id: 'transfer-1', offset: CHUNK_BYTES });
    server.cutAfterPatches(Infinity);
    const link = await uploadResumable(blob, 'video.mp4', saved.at(-1)!, save, server.fetcher);
    expect(link).toContain('u-big');
    // one start; after the cut, HEAD says the second chunk landed: only the third is sent
    expect(server.seen).toEqual(['POST /process/', 'PATCH /patch/transfer-1', 'PATCH /patch/transfer-1', 'HEAD /patch/transfer-1', 'PATCH /patch/transfer-1']);
    expect(saved.at(-1)).toEqual({ id: 'transfer-1', offset: blob.size });
  });
});
