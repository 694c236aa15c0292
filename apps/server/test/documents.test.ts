import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import {
  bytesOf,
  CHUNK,
  CSV,
  DM,
  EXE,
  eventually,
  HTML,
  interruptedPatch,
  multipart,
  openTransfer,
  patchChunk,
  PDF,
  PNG_1X1,
  pngOfSize,
  PROCESS,
  store,
  storedId,
  TIFF,
  uploadChunked,
  uploadedId,
  uploadWhole,
} from './documents.helpers.ts';
import { CLEANUP_QUEUE, cleanupExpiredUploads } from '../src/modules/documents/documents.cleanup.ts';
import { FileLinkSigner } from '../src/modules/documents/signed-links.ts';
import { openTransfersOf, RECHECK_MS } from '../src/modules/documents/transfers.ts';
import { checkFileList, MAX_PENDING_UPLOADS } from '../src/modules/documents/documents.service.ts';
import type { Ctx } from '../src/platform/http/context.ts';

const MAX = 2_000_000;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(engines())('document manager uploads on %s', (engine) => {
  let server: TestServer;
  let dataDir: string;
  let acme: { id: string };
  let token: string;
  let other: string; // another member of acme
  let globexToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faena-docs-'));
    server = await startServer(engine, {
      env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) },
    });
    acme = (await makeTenant(server, 'acme')).tenant;
    await makeTenant(server, 'globex');
    token = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    globexToken = (await signIn(server, 'globex', 'admin@globex.test', 'secret-pass')).id_token;
    const member = await addMember(server, acme.id, {
      email: 'worker@acme.test',
    });
    other = (await signIn(server, 'acme', member.email, member.password)).id_token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tmpDir = (tenantId: string, id: string) => join(dataDir, 'files', 'tenants', tenantId, 'tmp', id);
  const filesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const head = (id: string, as = token) =>
    server.api('acme', `${DM}/upload/patch/${id}`, {
      method: 'HEAD',
      token: as,
    });
  const download = (uploadId: string, init: Parameters<TestServer['api']>[2] = {}, subdomain = 'acme') =>
    server.api(subdomain, `${DM}/upload/${uploadId}/download`, {
      token,
      ...init,
    });
  const metadata = (ids: string[], as = token, subdomain = 'acme') =>
    server.api(subdomain, `${DM}/files/metadata/`, {
      method: 'POST',
      token: as,
      json: { upload_ids: ids },
    });

  describe('whole-file process (multipart)', () => {
    it('takes the file part "filepond" after its metadata part, answers the temporary id as text/plain, and stores it', async () => {
      const file = pngOfSize(300_000);
      const response = await uploadWhole(server, 'acme', token, file, 'foto.png');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const id = await response.text();
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);

      const uploadId = await storedId(await store(server, 'acme', token, id));
      expect(uploadId).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(uploadId).not.toBe(id);
      const meta = await body(await metadata([uploadId]));
      expect(meta).toEqual({
        [uploadId]: {
          name: 'foto.png',
          size: 300_000,
          content_type: 'image/png',
        },
      });

      const got = await download(uploadId);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('content-length')).toBe('300000');
      expect(got.headers.get('content-disposition')).toBe(`inline; filename="foto.png"; filename*=UTF-8''foto.png`);
      expect(got.headers.get('etag')).toBe(`"${sha(file)}"`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(sha(await bytesOf(got))).toBe(sha(file));
    });

    it('takes a file part named "file" too', async () => {
      const id = await uploadedId(
        await uploadWhole(server, 'acme', token, PDF, 'informe.pdf', {
          field: 'file',
        }),
      );
      const uploadId = await storedId(await store(server, 'acme', token, id));
      expect((await body(await metadata([uploadId])))[uploadId]).toEqual({
        name: 'informe.pdf',
        size: PDF.length,
        content_type: 'application/pdf',
      });
    });

    it('needs a signed-in member', async () => {
      const { body: payload, contentType } = multipart([{ name: 'filepond', value: PNG_1X1, filename: 'a.png' }]);
      const response = await server.api('acme', PROCESS, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: payload,
      });
      expect(response.status).toBe(401);
      expect(await body(response)).toMatchObject({ code: 'not-signed-in' });
    });

    it('refuses a body without a file and without Upload-Length', async () => {
      const { body: payload, contentType } = multipart([{ name: 'filepond', value: '{}' }]);
      const response = await server.api('acme', PROCESS, {
        method: 'POST',
        token,
        headers: { 'content-type': contentType },
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ code: 'bad-request' });
    });

    it('refuses a file part under another name, and limits in the metadata that are not numbers', async () => {
      expect(
        (
          await uploadWhole(server, 'acme', token, PNG_1X1, 'a.png', {
            field: 'upload',
          })
        ).status,
      ).toBe(400);
      const bad = await uploadWhole(server, 'acme', token, PNG_1X1, 'a.png', {
        metadata: { max_file_size: 'lots' },
      });
      expect(bad.status).toBe(400);
      expect(await body(bad)).toMatchObject({ code: 'validation-error' });
    });
  });

  describe('limits', () => {
    it('refuses a whole file over UPLOAD_MAX_BYTES with 413 file-too-large and leaves no bytes behind', async () => {
      const before = filesOf(join(dataDir, 'files', 'tenants', acme.id, 'tmp')).length;
      const response = await uploadWhole(server, 'acme', token, pngOfSize(MAX + 1), 'big.png');
      expect(response.status).toBe(413);
      expect(await body(response)).toMatchObject({ code: 'file-too-large' });
      const after = await eventually(
        () => filesOf(join(dataDir, 'files', 'tenants', acme.id, 'tmp')).length,
        (n) => n === before,
      );
      expect(after).toBe(before);
    });

    it("enforces the field's max_file_size and min_file_size from the filepond metadata", async () => {
      const tooBig = await uploadWhole(server, 'acme', token, pngOfSize(2000), 'a.png', { metadata: { max_file_size: 1000 } });
      expect(tooBig.status).toBe(413);
      expect(await body(tooBig)).toMatchObject({
        code: 'file-too-large',
        max_bytes: 1000,
      });
      const tooSmall = await uploadWhole(server, 'acme', token, pngOfSize(2000), 'a.png', { metadata: { min_file_size: 5000 } });
      expect(tooSmall.status).toBe(400);
      expect(await body(tooSmall)).toMatchObject({
        code: 'file-too-small',
        min_bytes: 5000,
      });
      expect(
        (
          await uploadWhole(server, 'acme', token, pngOfSize(2000), 'a.png', {
            metadata: { min_file_size: 1000, max_file_size: 3000 },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses to open a chunked transfer longer than the limit, before any byte is sent', async () => {
      const response = await openTransfer(server, 'acme', token, MAX + 1);
      expect(response.status).toBe(413);
      expect(await body(response)).toMatchObject({ code: 'file-too-large' });
      const fieldLimit = await openTransfer(server, 'acme', token, 10_000, {
        max_file_size: 5000,
      });
      expect(fieldLimit.status).toBe(413);
    });

    it("enforces the field's allowed_formats against the sniffed type", async () => {
      const refused = await uploadWhole(server, 'acme', token, PNG_1X1, 'foto.pdf', { metadata: { allowed_formats: ['pdf'] } });
      expect(refused.status).toBe(415);
      expect(await body(refused)).toMatchObject({
        code: 'unsupported-file-type',
        content_type: 'image/png',
        allowed_formats: ['pdf'],
      });
      for (const formats of [['png'], ['.PNG'], ['image/png'], ['image/*'], ['jpeg', 'png']]) {
        expect(
          (
            await uploadWhole(server, 'acme', token, PNG_1X1, 'foto.png', {
              metadata: { allowed_formats: formats },
            })
          ).status,
        ).toBe(200);
      }
    });

    it('accepts tiff only when the tenant has tiff_images on (heic likewise)', async () => {
      const before = await uploadWhole(server, 'acme', token, TIFF, 'scan.tiff');
      expect(before.status).toBe(415);
      await setFlags(server, acme.id, { tiff_images: true });
      try {
        const after = await uploadWhole(server, 'acme', token, TIFF, 'scan.tiff');
        expect(after.status).toBe(200);
        const uploadId = await storedId(await store(server, 'acme', token, await after.text()));
        expect((await body(await metadata([uploadId])))[uploadId]).toMatchObject({ content_type: 'image/tiff' });
      } finally {
        await setFlags(server, acme.id, { tiff_images: false });
      }
    });

    it(`caps the uploads a person has pending at ${MAX_PENDING_UPLOADS}`, async () => {
      const member = await addMember(server, acme.id, {
        email: 'busy@acme.test',
      });
      const busy = (await signIn(server, 'acme', member.email, member.password)).id_token;
      for (let i = 0; i < MAX_PENDING_UPLOADS; i++) expect((await openTransfer(server, 'acme', busy, 10)).status).toBe(200);
      const refused = await openTransfer(server, 'acme', busy, 10);
      expect(refused.status).toBe(429);
      expect(await body(refused)).toMatchObject({ code: 'too-many-uploads' });
    });
  });

  describe('content type from the bytes, names sanitised', () => {
    const upload = async (file: Buffer, name: string, contentType = 'application/octet-stream') => {
      const response = await uploadWhole(server, 'acme', token, file, name, {
        contentType,
      });
      if (response.status !== 200) return { status: response.status, json: await body(response) };
      const uploadId = await storedId(await store(server, 'acme', token, await response.text()));
      return {
        status: 200,
        uploadId,
        meta: (await body<Record<string, { name: string; content_type: string }>>(await metadata([uploadId])))[uploadId]!,
      };
    };

    it('records the sniffed type, not the name or the part type, and fixes an extension that lies', async () => {
      const png = await upload(PNG_1X1, 'report.pdf', 'application/pdf');
      expect(png.meta).toMatchObject({
        name: 'report.pdf.png',
        content_type: 'image/png',
      });
      const pdf = await upload(PDF, 'foto', 'image/jpeg');
      expect(pdf.meta).toMatchObject({
        name: 'foto.pdf',
        content_type: 'application/pdf',
      });
      const csv = await upload(CSV, 'datos.csv', 'application/vnd.ms-excel');
      expect(csv.meta).toMatchObject({
        name: 'datos.csv',
        content_type: 'text/csv',
      });
      const got = await download(csv.uploadId!);
      expect(got.headers.get('content-type')).toBe('text/csv');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('refuses content it does not accept whatever the name says (HTML, executables)', async () => {
      const html = await upload(HTML, 'foto.png', 'image/png');
      expect(html).toMatchObject({
        status: 415,
        json: { code: 'unsupported-file-type', content_type: 'text/html' },
      });
      const exe = await upload(EXE, 'foto.jpg', 'image/jpeg');
      expect(exe).toMatchObject({
        status: 415,
        json: {
          code: 'unsupported-file-type',
          content_type: 'application/octet-stream',
        },
      });
    });

    it('keeps only the last segment of a path in the name, drops control characters, caps the length', async () => {
      expect((await upload(PNG_1X1, '../../../../etc/passwd.png')).meta!.name).toBe('passwd.png');
      expect((await upload(PNG_1X1, '..\\..\\windows\\system32\\evil.png')).meta!.name).toBe('evil.png');
      expect((await upload(PNG_1X1, 'ok\u0000\u202Egnp.exe.png')).meta!.name).toBe('okgnp.exe.png');
      expect((await upload(PNG_1X1, '..')).meta!.name).toBe('archivo.png');
      const long = (await upload(PNG_1X1, `${'á'.repeat(300)}.png`)).meta!.name;
      expect(Buffer.byteLength(long)).toBeLessThanOrEqual(200);
      expect(long.endsWith('.png')).toBe(true);
      expect((await upload(PNG_1X1, 'Año 2024 — niños.png')).meta!.name).toBe('Año 2024 — niños.png');
      // Nothing was written outside DATA_DIR/files.
      expect(readdirSync(dataDir).sort()).toEqual(['files']);
      expect(readdirSync(join(dataDir, 'files'))).toEqual(['tenants']);
    });

    it('sanitises Upload-Name of a chunked transfer the same way', async () => {
      const file = pngOfSize(1000);
      const id = await uploadChunked(server, 'acme', token, file, '..\\..\\secret\\informe año.png');
      const uploadId = await storedId(await store(server, 'acme', token, id));
      expect((await body(await metadata([uploadId])))[uploadId]).toMatchObject({
        name: 'informe año.png',
      });
    });
  });

  describe('chunked transfer (FilePond patch)', () => {
    it('resumes after an interrupted chunk: HEAD tells the offset reached, the half chunk counts for nothing', async () => {
      const file = pngOfSize(1_234_567);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      let response = await patchChunk(server, 'acme', token, id, 0, file.subarray(0, CHUNK), file.length, 'grande.png');
      expect(response.status).toBe(204);
      expect(response.headers.get('upload-offset')).toBe(String(CHUNK));

      await interruptedPatch(server, 'acme', token, id, CHUNK, file.subarray(CHUNK, 2 * CHUNK), file.length, 200_000);
      // The cut-off chunk leaves neither a part nor a temporary file.
      const parts = await eventually(
        () => filesOf(tmpDir(acme.id, id)),
        (names) => names.length === 1,
      );
      expect(parts).toHaveLength(1);

      const probe = await head(id);
      expect(probe.status).toBe(200);
      expect(probe.headers.get('upload-offset')).toBe(String(CHUNK));
      expect(probe.headers.get('upload-length')).toBe(String(file.length));
      const status = await server.api('acme', `${DM}/upload/patch/${id}`, {
        token,
      });
      expect(await body(status)).toEqual({
        offset: CHUNK,
        length: file.length,
        complete: false,
      });

      for (let offset = CHUNK; offset < file.length; offset += CHUNK) {
        response = await patchChunk(server, 'acme', token, id, offset, file.subarray(offset, offset + CHUNK), file.length, 'grande.png');
        expect(response.status).toBe(204);
      }
      expect(response.headers.get('upload-offset')).toBe(String(file.length));
      expect((await head(id)).headers.get('upload-offset')).toBe(String(file.length));

      const uploadId = await storedId(await store(server, 'acme', token, id));
      const got = await download(uploadId);
      expect(sha(await bytesOf(got))).toBe(sha(file));
      expect((await body(await metadata([uploadId])))[uploadId]).toEqual({
        name: 'grande.png',
        size: file.length,
        content_type: 'image/png',
      });
      // The chunks are gone once stored.
      expect(
        await eventually(
          () => filesOf(tmpDir(acme.id, id)),
          (names) => names.length === 0,
        ),
      ).toEqual([]);
    });

    it('answers 409 with the offset reached for a chunk at another offset, and writes nothing', async () => {
      const file = pngOfSize(1_100_000);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      expect((await patchChunk(server, 'acme', token, id, 0, file.subarray(0, CHUNK), file.length)).status).toBe(204);
      for (const offset of [0, 2 * CHUNK, CHUNK - 1, CHUNK + 1]) {
        const response = await patchChunk(server, 'acme', token, id, offset, file.subarray(offset, offset + CHUNK), file.length);
        expect(response.status).toBe(409);
        expect(response.headers.get('upload-offset')).toBe(String(CHUNK));
        expect(await body(response)).toMatchObject({
          code: 'conflict',
          offset: CHUNK,
        });
      }
      expect(filesOf(tmpDir(acme.id, id))).toHaveLength(1);
      expect((await head(id)).headers.get('upload-offset')).toBe(String(CHUNK));
    });

    it('refuses a chunk past the declared length (413 upload-exceeds-length), declared or streamed, and writes nothing', async () => {
      const id = await uploadedId(await openTransfer(server, 'acme', token, 600_000));
      const tooLong = pngOfSize(700_000);
      const declared = await patchChunk(server, 'acme', token, id, 0, tooLong, 600_000);
      expect(declared.status).toBe(413);
      expect(await body(declared)).toMatchObject({
        code: 'upload-exceeds-length',
      });
      // Without Content-Length (chunked transfer-encoding) the stream is cut at the limit.
      const streamed = await server.api('acme', `${DM}/upload/patch/${id}`, {
        method: 'PATCH',
        token,
        headers: {
          'content-type': 'application/offset+octet-stream',
          'transfer-encoding': 'chunked',
          'upload-offset': '0',
          'upload-length': '600000',
        },
        body: tooLong,
      });
      expect(streamed.status).toBe(413);
      // the rest of the body stays unread: the connection is not kept for another request
      expect(streamed.headers.get('connection')).toBe('close');
      expect(await body(streamed)).toMatchObject({
        code: 'upload-exceeds-length',
      });
      expect(
        await eventually(
          () => filesOf(tmpDir(acme.id, id)),
          (names) => names.length === 0,
        ),
      ).toEqual([]);
      expect((await head(id)).headers.get('upload-offset')).toBe('0');
      // The right bytes still go in afterwards.
      expect((await patchChunk(server, 'acme', token, id, 0, tooLong.subarray(0, 600_000), 600_000)).status).toBe(204);
    });

    it('refuses a changed Upload-Length, a missing or malformed Upload-Offset and another content type', async () => {
      const id = await uploadedId(await openTransfer(server, 'acme', token, 1000));
      const changed = await patchChunk(server, 'acme', token, id, 0, pngOfSize(100), 2000);
      expect(changed.status).toBe(400);
      expect(await body(changed)).toMatchObject({
        code: 'upload-length-mismatch',
      });
      const malformed = await patchChunk(server, 'acme', token, id, 0, pngOfSize(100), 1000, 'a.png', { 'upload-offset': '-1' });
      expect(malformed.status).toBe(400);
      const octet = await server.api('acme', `${DM}/upload/patch/${id}`, {
        method: 'PATCH',
        token,
        headers: {
          'content-type': 'application/octet-stream',
          'upload-offset': '0',
        },
        body: pngOfSize(100),
      });
      expect(octet.status).toBe(415);
      expect((await head(id)).headers.get('upload-offset')).toBe('0');
    });

    it("accepts FilePond's empty last chunk when the size is a multiple of the chunk size", async () => {
      const file = pngOfSize(2 * CHUNK);
      const id = await uploadChunked(server, 'acme', token, file, 'exacto.png');
      const last = await patchChunk(server, 'acme', token, id, file.length, Buffer.alloc(0), file.length);
      expect(last.status).toBe(204);
      expect(sha(await bytesOf(await download(await storedId(await store(server, 'acme', token, id)))))).toBe(sha(file));
    });

    it('lets exactly one of two racing chunks at one offset win', async () => {
      const a = pngOfSize(CHUNK);
      const b = pngOfSize(CHUNK);
      const id = await uploadedId(await openTransfer(server, 'acme', token, CHUNK));
      const results = await Promise.all([patchChunk(server, 'acme', token, id, 0, a, CHUNK), patchChunk(server, 'acme', token, id, 0, b, CHUNK)]);
      expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
      const winner = results[0]!.status === 204 ? a : b;
      expect(sha(await bytesOf(await download(await storedId(await store(server, 'acme', token, id)))))).toBe(sha(winner));
    });

    it('trusts the pieces in storage, not what this process last saw: a chunk another server process already took gets 409 and leaves nothing', async () => {
      const file = pngOfSize(3 * CHUNK);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      expect((await patchChunk(server, 'acme', token, id, 0, file.subarray(0, CHUNK), file.length)).status).toBe(204);
      // Another process takes the next chunk (its piece, named by its offset): this one still expects offset CHUNK.
      writeFileSync(join(tmpDir(acme.id, id), String(CHUNK).padStart(15, '0')), file.subarray(CHUNK, 2 * CHUNK));
      const stale = await patchChunk(server, 'acme', token, id, CHUNK, pngOfSize(CHUNK), file.length);
      expect(stale.status).toBe(409);
      expect(stale.headers.get('upload-offset')).toBe(String(2 * CHUNK));
      expect(
        await eventually(
          () => filesOf(tmpDir(acme.id, id)),
          (names) => names.length === 2,
        ),
      ).toHaveLength(2);
      expect((await head(id)).headers.get('upload-offset')).toBe(String(2 * CHUNK));
      // ...and a transfer removed by another process is gone for this one too, within RECHECK_MS.
      await server.running.platform.db.transaction(acme.id, (tx) => tx.execute(sql`DELETE FROM temp_uploads WHERE tenant_id = ${acme.id} AND id = ${id}`));
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
      expect((await patchChunk(server, 'acme', token, id, 2 * CHUNK, file.subarray(2 * CHUNK), file.length)).status).toBe(404);
    });

    it('notices a row changed behind its back within RECHECK_MS: expired, finished elsewhere or given to nobody else', async () => {
      const file = pngOfSize(3 * CHUNK);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      expect((await patchChunk(server, 'acme', token, id, 0, file.subarray(0, CHUNK), file.length)).status).toBe(204);
      await server.running.platform.db.transaction(acme.id, (tx) => tx.execute(sql`UPDATE temp_uploads SET expires_at = now() - interval '1 second' WHERE tenant_id = ${acme.id} AND id = ${id}`));
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
      expect((await patchChunk(server, 'acme', token, id, CHUNK, file.subarray(CHUNK, 2 * CHUNK), file.length)).status).toBe(404);
      expect(filesOf(tmpDir(acme.id, id))).toHaveLength(1);
      // Another member never gets the cached transfer.
      const mine = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      expect((await patchChunk(server, 'acme', token, mine, 0, file.subarray(0, CHUNK), file.length)).status).toBe(204);
      expect((await patchChunk(server, 'acme', other, mine, CHUNK, file.subarray(CHUNK, 2 * CHUNK), file.length)).status).toBe(404);
      expect(filesOf(tmpDir(acme.id, mine))).toHaveLength(1);
    });

    it('resumes at the right offset after a restart of the server, the offset recorded in the database being behind; a piece cut short by a crash of the machine ends the offset there', async () => {
      const file = pngOfSize(3 * CHUNK + 123);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      for (let offset = 0; offset < 3 * CHUNK; offset += CHUNK)
        expect((await patchChunk(server, 'acme', token, id, offset, file.subarray(offset, offset + CHUNK), file.length, 'reinicio.png')).status).toBe(204);
      // The restart: what the process remembered is gone, and the database never heard of the later chunks.
      openTransfersOf(server.running.platform.db).clear();
      await server.running.platform.db.transaction(acme.id, (tx) => tx.execute(sql`UPDATE temp_uploads SET offset_reached = ${CHUNK} WHERE tenant_id = ${acme.id} AND id = ${id}`));
      expect((await head(id)).headers.get('upload-offset')).toBe(String(3 * CHUNK));
      // The machine crashed: the third piece (not fsync'ed) lost its tail.
      openTransfersOf(server.running.platform.db).clear();
      truncateSync(join(tmpDir(acme.id, id), String(2 * CHUNK).padStart(15, '0')), 1000);
      const resumeAt = 2 * CHUNK + 1000;
      const wrong = await patchChunk(server, 'acme', token, id, 3 * CHUNK, file.subarray(3 * CHUNK, 4 * CHUNK), file.length);
      expect(wrong.status).toBe(409);
      expect(wrong.headers.get('upload-offset')).toBe(String(resumeAt));
      expect((await head(id)).headers.get('upload-offset')).toBe(String(resumeAt));
      for (let offset = resumeAt; offset < file.length; offset += CHUNK)
        expect((await patchChunk(server, 'acme', token, id, offset, file.subarray(offset, offset + CHUNK), file.length, 'reinicio.png')).status).toBe(204);
      const uploadId = await storedId(await store(server, 'acme', token, id));
      expect(sha(await bytesOf(await download(uploadId)))).toBe(sha(file));
      expect((await body(await metadata([uploadId])))[uploadId]).toMatchObject({ name: 'reinicio.png', size: file.length });
    });

    it('lets exactly one of two racing chunks at one offset win when neither process has seen the transfer', async () => {
      const a = pngOfSize(CHUNK);
      const b = pngOfSize(CHUNK);
      const id = await uploadedId(await openTransfer(server, 'acme', token, CHUNK));
      openTransfersOf(server.running.platform.db).clear();
      const results = await Promise.all([patchChunk(server, 'acme', token, id, 0, a, CHUNK), patchChunk(server, 'acme', token, id, 0, b, CHUNK)]);
      expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
      const winner = results[0]!.status === 204 ? a : b;
      expect(sha(await bytesOf(await download(await storedId(await store(server, 'acme', token, id)))))).toBe(sha(winner));
    });

    it('refuses to store an upload whose piece was lost or cut short on disk (409 upload-incomplete), and stores nothing', async () => {
      const file = pngOfSize(CHUNK + 1000);
      const chunked = await uploadChunked(server, 'acme', token, file, 'roto.png');
      const [, second] = filesOf(tmpDir(acme.id, chunked)).sort();
      truncateSync(join(tmpDir(acme.id, chunked), second!), 10);
      const whole = await uploadedId(await uploadWhole(server, 'acme', token, pngOfSize(5000), 'roto.png'));
      truncateSync(join(tmpDir(acme.id, whole), filesOf(tmpDir(acme.id, whole))[0]!), 100);
      const storedBefore = filesOf(join(dataDir, 'files', 'tenants', acme.id, 'files')).length;
      for (const id of [chunked, whole]) {
        const response = await store(server, 'acme', token, id);
        expect(response.status).toBe(409);
        expect(await body(response)).toMatchObject({ code: 'upload-incomplete' });
      }
      expect(filesOf(join(dataDir, 'files', 'tenants', acme.id, 'files'))).toHaveLength(storedBefore);
      // The claim was released: another try gets the same answer, not "being stored".
      expect(await body(await store(server, 'acme', token, chunked))).toMatchObject({ code: 'upload-incomplete' });
    });

    it('rejects the finished transfer when its bytes are not an accepted format, and keeps answering so', async () => {
      const file = Buffer.concat([EXE, randomBytes(CHUNK)]);
      const id = await uploadedId(await openTransfer(server, 'acme', token, file.length));
      expect((await patchChunk(server, 'acme', token, id, 0, file.subarray(0, CHUNK), file.length)).status).toBe(204);
      const last = await patchChunk(server, 'acme', token, id, CHUNK, file.subarray(CHUNK), file.length);
      expect(last.status).toBe(415);
      expect(await body(last)).toMatchObject({ code: 'unsupported-file-type' });
      // FilePond retries a failed chunk: the answer stays the same, and the bytes are gone.
      expect((await patchChunk(server, 'acme', token, id, CHUNK, file.subarray(CHUNK), file.length)).status).toBe(415);
      expect((await store(server, 'acme', token, id)).status).toBe(415);
      expect(
        await eventually(
          () => filesOf(tmpDir(acme.id, id)),
          (names) => names.length === 0,
        ),
      ).toEqual([]);
    });

    it('keeps a temporary upload to its owner: another member of the tenant finds nothing', async () => {
      const id = await uploadedId(await openTransfer(server, 'acme', token, 1000));
      expect((await head(id, other)).status).toBe(404);
      expect((await patchChunk(server, 'acme', other, id, 0, pngOfSize(1000), 1000)).status).toBe(404);
      expect((await store(server, 'acme', other, id)).status).toBe(404);
      expect(
        (
          await server.api('acme', `${DM}/upload/revert/`, {
            method: 'DELETE',
            token: other,
            headers: { 'content-type': 'text/plain' },
            body: id,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await server.api('acme', `${DM}/upload/restore/?id=${id}`, {
            token: other,
          })
        ).status,
      ).toBe(404);
      expect((await head(id)).status).toBe(200);
      expect(
        (
          await server.api('globex', `${DM}/upload/patch/${id}`, {
            method: 'HEAD',
            token: globexToken,
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('revert, restore, store', () => {
    it('revert removes the temporary upload and its bytes (id as a text/plain body)', async () => {
      const id = await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'a.png'));
      expect(filesOf(tmpDir(acme.id, id))).toHaveLength(1);
      const response = await server.api('acme', `${DM}/upload/revert/`, {
        method: 'DELETE',
        token,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: id,
      });
      expect(response.status).toBe(200);
      expect(existsSync(tmpDir(acme.id, id))).toBe(false);
      expect((await head(id)).status).toBe(404);
      expect((await store(server, 'acme', token, id)).status).toBe(404);
      expect(
        (
          await server.api('acme', `${DM}/upload/revert/`, {
            method: 'DELETE',
            token,
            headers: { 'content-type': 'text/plain' },
            body: id,
          })
        ).status,
      ).toBe(404);
    });

    it('restore answers the bytes of a finished temporary upload with its name', async () => {
      const file = pngOfSize(700_000);
      const id = await uploadChunked(server, 'acme', token, file, 'restaurada.png');
      const response = await server.api('acme', `${DM}/upload/restore/?id=${id}`, { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toContain('filename="restaurada.png"');
      expect(response.headers.get('x-content-transfer-id')).toBe(id);
      expect(sha(await bytesOf(response))).toBe(sha(file));
      const open = await uploadedId(await openTransfer(server, 'acme', token, 1000));
      const incomplete = await server.api('acme', `${DM}/upload/restore/?id=${open}`, { token });
      expect(incomplete.status).toBe(409);
      expect(await body(incomplete)).toMatchObject({
        code: 'upload-incomplete',
      });
    });

    it('store finishes a transfer whose last chunk arrived but was never checked (a crash in between)', async () => {
      const file = pngOfSize(CHUNK + 10);
      const id = await uploadChunked(server, 'acme', token, file, 'tarde.png');
      await server.running.platform.db.transaction(acme.id, (tx) => tx.execute(sql`UPDATE temp_uploads SET state = 'open', content_type = NULL WHERE tenant_id = ${acme.id} AND id = ${id}`));
      const uploadId = await storedId(await store(server, 'acme', token, id));
      expect((await body(await metadata([uploadId])))[uploadId]).toEqual({ name: 'tarde.png', size: file.length, content_type: 'image/png' });
      expect(sha(await bytesOf(await download(uploadId)))).toBe(sha(file));
    });

    it('store answers the same upload_id when retried, and 409 upload-incomplete for an unfinished transfer', async () => {
      const id = await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'a.png'));
      const first = await storedId(await store(server, 'acme', token, id));
      expect(await storedId(await store(server, 'acme', token, id))).toBe(first);
      const open = await uploadedId(await openTransfer(server, 'acme', token, 1000));
      const response = await store(server, 'acme', token, open);
      expect(response.status).toBe(409);
      expect(await body(response)).toMatchObject({ code: 'upload-incomplete' });
      expect((await store(server, 'acme', token, 'not-an-id')).status).toBe(404);
      const mismatch = await server.api('acme', `${DM}/filepond/${id}/store`, {
        method: 'POST',
        token,
        json: { temporary_upload: open },
      });
      expect(mismatch.status).toBe(400);
      // Without a body too.
      const bare = await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'b.png'));
      expect(
        (
          await server.api('acme', `${DM}/filepond/${bare}/store`, {
            method: 'POST',
            token,
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('metadata and downloads across tenants', () => {
    let mine: string;
    let theirs: string;
    beforeAll(async () => {
      mine = await storedId(await store(server, 'acme', token, await uploadedId(await uploadWhole(server, 'acme', token, PDF, 'acme.pdf'))));
      theirs = await storedId(await store(server, 'globex', globexToken, await uploadedId(await uploadWhole(server, 'globex', globexToken, PNG_1X1, 'globex.png'))));
    });

    it("answers metadata for the tenant's ids only: other tenants', unknown and malformed ids are absent", async () => {
      const response = await metadata([mine, theirs, 'A'.repeat(24), '../../x', mine]);
      expect(response.status).toBe(200);
      expect(await body(response)).toEqual({
        [mine]: {
          name: 'acme.pdf',
          size: PDF.length,
          content_type: 'application/pdf',
        },
      });
      expect(await body(await metadata([mine, theirs], globexToken, 'globex'))).toEqual({
        [theirs]: {
          name: 'globex.png',
          size: PNG_1X1.length,
          content_type: 'image/png',
        },
      });
      expect(await body(await metadata([]))).toEqual({});
      expect((await metadata(Array.from({ length: 1001 }, () => mine))).status).toBe(400);
    });

    it("checks a field's file list for the forms module: count, sizes, formats, other tenants' ids", async () => {
      const tenant = (await server.running.platform.tenants.bySubdomain('acme'))!;
      const platform = server.running.platform;
      const ctx: Ctx = {
        platform,
        tenant,
        caller: null,
        requestId: 'test',
        origin: 'http://acme.app.localhost',
        tx: (fn) => platform.db.transaction(tenant.id, fn),
        read: (fn) => platform.db.read(tenant.id, fn),
      };
      expect(await checkFileList(ctx, [mine], { max_files: 1, allowed_formats: ['pdf'], max_file_size: 1000 })).toEqual([]);
      expect(await checkFileList(ctx, [mine, mine], { max_files: 1 })).toEqual([{ code: 'too-many-files' }]);
      expect(await checkFileList(ctx, [], { min_files: 1 })).toEqual([{ code: 'too-few-files' }]);
      expect(await checkFileList(ctx, [mine], { allowed_formats: ['png'], min_file_size: 1000 })).toEqual([
        { code: 'file-too-small', upload_id: mine },
        { code: 'unsupported-file-type', upload_id: mine },
      ]);
      expect(await checkFileList(ctx, [theirs, 'nope'], {})).toEqual([
        { code: 'file-not-found', upload_id: theirs },
        { code: 'file-not-found', upload_id: 'nope' },
      ]);
    });

    it("refuses another tenant's file: 404 on its own host, tenant-mismatch with its token on ours", async () => {
      expect((await download(theirs)).status).toBe(404);
      const crossToken = await download(mine, { token: globexToken });
      expect(crossToken.status).toBe(403);
      expect(await body(crossToken)).toMatchObject({ code: 'tenant-mismatch' });
      expect((await download(mine, { token: globexToken }, 'globex')).status).toBe(404);
      expect((await download(mine, { token: '' })).status).toBe(401);
    });

    it('lets the session cookie download (GET and HEAD only), never write', async () => {
      const cookieResponse = await server.api('acme', '/api/auth/v3/session-cookie', { method: 'POST', token });
      expect(cookieResponse.status).toBeLessThan(300);
      const cookie = cookieResponse.headers.get('set-cookie')!.split(';')[0]!;
      const got = await download(mine, { token: '', headers: { cookie } });
      expect(got.status).toBe(200);
      expect(await bytesOf(got)).toEqual(PDF);
      const headed = await download(mine, {
        token: '',
        method: 'HEAD',
        headers: { cookie },
      });
      expect(headed.status).toBe(200);
      expect(headed.headers.get('content-length')).toBe(String(PDF.length));
      // Writes and non-download reads ignore the cookie.
      expect(
        (
          await server.api('acme', `${DM}/files/metadata/`, {
            method: 'POST',
            headers: { cookie },
            json: { upload_ids: [mine] },
          })
        ).status,
      ).toBe(401);
      const form = multipart([{ name: 'filepond', value: PNG_1X1, filename: 'a.png' }]);
      expect(
        (
          await server.api('acme', PROCESS, {
            method: 'POST',
            headers: { cookie, 'content-type': form.contentType },
            body: form.body,
          })
        ).status,
      ).toBe(401);
      const id = await uploadedId(await openTransfer(server, 'acme', token, 100));
      expect(
        (
          await server.api('acme', `${DM}/upload/patch/${id}`, {
            method: 'PATCH',
            headers: {
              cookie,
              'content-type': 'application/offset+octet-stream',
              'upload-offset': '0',
            },
            body: pngOfSize(100),
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await server.api('acme', `${DM}/filepond/${id}/store`, {
            method: 'POST',
            headers: { cookie },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await server.api('acme', `${DM}/upload/restore/?id=${id}`, {
            headers: { cookie },
          })
        ).status,
      ).toBe(401);
      // Another tenant's host does not take acme's cookie.
      expect((await download(mine, { token: '', headers: { cookie } }, 'globex')).status).toBe(403);
    });

    it('serves byte ranges, HEAD and conditional requests', async () => {
      const range = await download(mine, { headers: { range: 'bytes=5-9' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 5-9/${PDF.length}`);
      expect(await bytesOf(range)).toEqual(PDF.subarray(5, 10));
      const suffix = await download(mine, { headers: { range: 'bytes=-4' } });
      expect(await bytesOf(suffix)).toEqual(PDF.subarray(PDF.length - 4));
      const bad = await download(mine, {
        headers: { range: `bytes=${PDF.length + 10}-` },
      });
      expect(bad.status).toBe(416);
      expect(bad.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
      const etag = (await download(mine)).headers.get('etag')!;
      expect((await download(mine, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const attachment = await server.api('acme', `${DM}/upload/${mine}/download?disposition=attachment`, { token });
      expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="acme.pdf"/);
    });

    it('mints short-lived signed links that work without a session, on their tenant only, until they expire', async () => {
      const minted = await server.api('acme', `${DM}/files/${mine}/signed-link`, { method: 'POST', token, json: { ttl_seconds: 120 } });
      expect(minted.status).toBe(200);
      const { url, expires_at } = await body<{
        url: string;
        expires_at: string;
      }>(minted);
      expect(url).toMatch(new RegExp(`^${DM}/public/upload/${mine}/download\\?expires=\\d+&disposition=inline&signature=[\\w-]+$`));
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(100_000);
      const got = await server.api('acme', url);
      expect(got.status).toBe(200);
      expect(await bytesOf(got)).toEqual(PDF);

      const tampered = await server.api('acme', url.replace(/signature=[\w-]+/, 'signature=AAAA'));
      expect(tampered.status).toBe(403);
      expect(await body(tampered)).toMatchObject({ code: 'invalid-link' });
      expect((await server.api('acme', url.replace('disposition=inline', 'disposition=attachment'))).status).toBe(403);
      expect(
        (
          await server.api(
            'acme',
            url.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 1000}`),
          )
        ).status,
      ).toBe(403);
      expect((await server.api('globex', url)).status).toBe(403);

      const signer = await FileLinkSigner.open(server.running.platform.db);
      const past = Math.floor(Date.now() / 1000) - 1;
      const expired = await server.api('acme', `${DM}/public/upload/${mine}/download?expires=${past}&disposition=inline&signature=${signer.sign(acme.id, mine, past, 'inline')}`);
      expect(expired.status).toBe(403);
      expect(await body(expired)).toMatchObject({ code: 'link-expired' });

      expect(
        (
          await server.api('acme', `${DM}/files/${theirs}/signed-link`, {
            method: 'POST',
            token,
            json: {},
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await server.api('acme', `${DM}/files/${mine}/signed-link`, {
            method: 'POST',
            json: {},
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await server.api('acme', `${DM}/files/${mine}/signed-link`, {
            method: 'POST',
            token,
            json: { ttl_seconds: 86_400 * 7 },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('expiry', () => {
    it('schedules the cleanup on the job queue at start-up', async () => {
      const stats = await server.running.platform.jobs.stats(CLEANUP_QUEUE);
      expect(stats.total).toBeGreaterThanOrEqual(1);
    });

    it('the cleanup removes expired temporary uploads, rows and bytes, and leaves stored files alone', async () => {
      const pending = await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'pending.png'));
      const storedTemp = await uploadedId(await uploadWhole(server, 'acme', token, PDF, 'kept.pdf'));
      const kept = await storedId(await store(server, 'acme', token, storedTemp));
      const fresh = await uploadedId(await uploadWhole(server, 'acme', token, PNG_1X1, 'fresh.png'));
      await server.running.platform.db.transaction(acme.id, (tx) =>
        tx.execute(sql`UPDATE temp_uploads SET expires_at = now() - interval '1 minute' WHERE tenant_id = ${acme.id} AND id IN (${pending}, ${storedTemp})`),
      );
      // Expired uploads are gone for the API at once.
      expect((await head(pending)).status).toBe(404);
      const removed = await cleanupExpiredUploads(server.running.platform);
      expect(removed).toBeGreaterThanOrEqual(2);
      expect(existsSync(tmpDir(acme.id, pending))).toBe(false);
      const left = await server.running.platform.db.transaction(acme.id, (tx) =>
        tx.execute(sql`SELECT id FROM temp_uploads WHERE tenant_id = ${acme.id} AND id IN (${pending}, ${storedTemp}, ${fresh})`),
      );
      expect((left as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([fresh]);
      expect(await bytesOf(await download(kept))).toEqual(PDF);
    });
  });
});
