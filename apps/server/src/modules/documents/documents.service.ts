import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { resolveFlags } from '@faena/domain';
import type { TFileMetadata, TUploadRules } from '@faena/contracts';
import { UPLOAD_BASE, ZUploadId, ZUploadRules } from '@faena/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx, SignedInCtx } from '../../platform/http/context.ts';
import { StorageExists, StorageNotFound, type ObjectStorage, type PutOptions } from '../../platform/storage/storage.ts';
import type { UploadRules } from './documents.table.ts';
import {
  claimForStore,
  countPendingUploads,
  deleteTempUpload,
  findStoredFile,
  findStoredFiles,
  findTempUpload,
  insertPart,
  insertStoredFile,
  insertTempUpload,
  listParts,
  markReady,
  markRejected,
  markStored,
  releaseClaim,
  setName,
  touchTransfer,
  type StoredFileRow,
  type TempUploadPartRow,
  type TempUploadRow,
} from './documents.repository.ts';
import { formatsNamedByAll, platformFormats, FORMATS, type FormatKey } from './formats.ts';
import { UploadMeter } from './meter.ts';
import { nameForFormat, sanitizeFileName } from './names.ts';
import { SNIFF_BYTES, sniff, type Sniffed } from './sniff.ts';
import { openTransfersOf, RECHECK_MS } from './transfers.ts';
import { readableFileIds } from './holdings.ts';

/** Uploads one person may have open or ready (not yet stored) at a time. */
export const MAX_PENDING_UPLOADS = 100;
/** A store that has not finished after this long may be taken over by a retry. */
const STALE_STORE_MS = 15 * 60_000;

export function newUploadId(): string {
  return randomBytes(18).toString('base64url');
}

export const isUploadId = (value: unknown): value is string => ZUploadId.safeParse(value).success;

export const tmpPrefix = (tenantId: string, id: string) => `tenants/${tenantId}/tmp/${id}/`;
/** A piece of a temporary upload is named by its offset: one piece per offset, created exclusively. */
const partKey = (tenantId: string, id: string, offset: number) => `${tmpPrefix(tenantId, id)}${String(offset).padStart(PIECE_DIGITS, '0')}`;
const PIECE_DIGITS = 15;
const PIECE_NAME = /^\d{15}$/;
export const fileKey = (tenantId: string, uploadId: string) => `tenants/${tenantId}/files/${uploadId}`;

/** A stored file as other modules show it: its name, size and type, and its download link. */
export const storedFileLink = (row: { id: string; name: string; size: number; contentType: string }) => ({
  id: row.id,
  name: row.name,
  size: row.size,
  content_type: row.contentType,
  url: `${UPLOAD_BASE}${encodeURIComponent(row.id)}/download`,
});

// ---------------------------------------------------------------------------------------------
// Limits: the platform's (size cap, formats with their flags) and the field's (client rules).

export interface Limits {
  minBytes: number;
  maxBytes: number;
  formats: Set<FormatKey>;
}

export function limitsFor(ctx: Ctx, rules: UploadRules): Limits {
  const platformMax = ctx.platform.config.UPLOAD_MAX_BYTES;
  const allowed = platformFormats(resolveFlags(ctx.tenant.featureFlags));
  const wanted = rules.allowed_formats && rules.allowed_formats.length > 0 ? formatsNamedByAll(rules.allowed_formats) : null;
  return {
    minBytes: rules.min_file_size ?? 0,
    maxBytes: Math.min(platformMax, rules.max_file_size ?? platformMax),
    formats: wanted ? new Set([...allowed].filter((format) => wanted.has(format))) : allowed,
  };
}

/** The client's `filepond` text part: JSON with the field's limits, or anything else (ignored). */
export function parseRules(text: string | undefined | null): UploadRules {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = ZUploadRules.safeParse(value);
  if (!parsed.success)
    throw new AppError('validation-error', 'The upload metadata (filepond part) has invalid limits.', {
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
  const rules: TUploadRules = parsed.data;
  return rules;
}

function sizeProblem(size: number, limits: Limits): AppError | null {
  if (size > limits.maxBytes) return new AppError('file-too-large', `The file is larger than ${limits.maxBytes} bytes.`, { max_bytes: limits.maxBytes });
  if (size < limits.minBytes) return new AppError('file-too-small', `The file is smaller than ${limits.minBytes} bytes.`, { min_bytes: limits.minBytes });
  return null;
}

function formatProblem(sniffed: Sniffed, limits: Limits): AppError | null {
  if (sniffed.format && limits.formats.has(sniffed.format)) return null;
  const allowed = [...limits.formats].flatMap((format) => FORMATS[format].extensions.slice(0, 1));
  return new AppError('unsupported-file-type', `Files of type ${sniffed.mime} are not accepted here.`, { content_type: sniffed.mime, allowed_formats: allowed });
}

async function ensureQuota(ctx: SignedInCtx): Promise<void> {
  const pending = await ctx.tx((tx) => countPendingUploads(tx, ctx.tenant.id, ctx.caller.personId, new Date()));
  if (pending >= MAX_PENDING_UPLOADS) {
    throw new AppError('too-many-uploads', `You have ${pending} uploads that are not stored yet; store or remove some first.`, { limit: MAX_PENDING_UPLOADS });
  }
}

function expiry(ctx: Ctx): Date {
  return new Date(Date.now() + ctx.platform.config.UPLOAD_TTL_HOURS * 3_600_000);
}

/** A temporary upload of the caller (another person's, another tenant's or an expired one: not found). */
async function ownUpload(ctx: SignedInCtx, id: string): Promise<TempUploadRow> {
  const row = isUploadId(id) ? await ctx.tx((tx) => findTempUpload(tx, ctx.tenant.id, id)) : null;
  const transfers = openTransfersOf(ctx.platform.db);
  if (!row || row.ownerPersonId !== ctx.caller.personId || row.expiresAt.getTime() <= Date.now()) {
    transfers.forget(ctx.tenant.id, id);
    throw new AppError('not-found', 'Upload not found.');
  }
  return row;
}

function rejectedError(row: TempUploadRow): AppError {
  const code = (row.rejectedCode ?? 'unsupported-file-type') as ConstructorParameters<typeof AppError>[0];
  return new AppError(code, 'This upload was refused; upload the file again.');
}

/**
 * Writes a stream to storage; an upload cut off by the client (or a body that breaks off)
 * becomes a 400 instead of a server error. Limit errors (`PutOptions.limit`) pass through.
 */
async function putStream(storage: ObjectStorage, key: string, body: Readable, options: PutOptions = {}): Promise<number> {
  try {
    return (await storage.put(key, body, options)).size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error).message === 'aborted' || (error as Error).name === 'AbortError') {
      throw new AppError('bad-request', 'The upload was interrupted before all of its bytes arrived.');
    }
    if ((error as { part?: unknown }).part !== undefined || /multipart|Unexpected end of form|Part terminated/i.test((error as Error).message)) {
      throw new AppError('bad-request', `The multipart body is malformed: ${(error as Error).message}`);
    }
    throw error;
  }
}

/** Best effort: what is left behind is removed with the expired upload. */
async function quietly(work: Promise<unknown>): Promise<void> {
  await work.catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// FilePond's process: a whole file at once, or the opening of a chunked transfer.

/**
 * Streams a whole file into storage while counting, hashing and keeping its head; then checks
 * size and sniffed format against the limits. Either a ready upload exists afterwards, or
 * nothing does (no row, no bytes).
 */
export async function receiveWholeFile(
  ctx: SignedInCtx,
  input: {
    stream: Readable;
    filename: string | null;
    rules: UploadRules;
    declaredLength?: number | null;
  },
): Promise<TempUploadRow> {
  const limits = limitsFor(ctx, input.rules);
  await ensureQuota(ctx);
  const storage = ctx.platform.storage;
  const id = newUploadId();
  const key = partKey(ctx.tenant.id, id, 0);
  const meter = new UploadMeter({ hash: true });
  input.stream.on('error', (error) => meter.destroy(error));
  input.stream.pipe(meter);
  try {
    // Temporary pieces skip fsync: storing checks every piece's size, and the stored file is durable.
    await putStream(storage, key, meter, { durable: false, limit: { bytes: limits.maxBytes, error: () => sizeProblem(limits.maxBytes + 1, limits)! } });
    if (input.declaredLength !== undefined && input.declaredLength !== null && input.declaredLength !== meter.bytes) {
      throw new AppError('upload-length-mismatch', `Upload-Length says ${input.declaredLength} bytes but the file has ${meter.bytes}.`);
    }
    const sizeError = sizeProblem(meter.bytes, limits);
    if (sizeError) throw sizeError;
    const name = sanitizeFileName(input.filename);
    const sniffed = sniff(meter.head(), name);
    const formatError = formatProblem(sniffed, limits);
    if (formatError) throw formatError;
    const sha256 = meter.sha256()!;
    return await ctx.tx(
      async (tx) => {
        const row = await insertTempUpload(tx, {
          tenantId: ctx.tenant.id,
          id,
          ownerPersonId: ctx.caller.personId,
          state: 'ready',
          declaredLength: meter.bytes,
          offsetReached: meter.bytes,
          name: nameForFormat(name, sniffed.format!),
          rules: input.rules,
          contentType: sniffed.mime,
          sha256,
          expiresAt: expiry(ctx),
        });
        await insertPart(tx, {
          tenantId: ctx.tenant.id,
          uploadId: id,
          partOffset: 0,
          length: meter.bytes,
          storageKey: key,
        });
        return row;
      },
      {
        audit: 'documents.upload',
        details: {
          temporary_upload: id,
          size: meter.bytes,
          content_type: sniffed.mime,
        },
      },
    );
  } catch (error) {
    await quietly(storage.deletePrefix(tmpPrefix(ctx.tenant.id, id)));
    throw error;
  }
}

/** Opens a chunked transfer of `length` bytes (FilePond: process with Upload-Length, no file). */
export async function openTransfer(ctx: SignedInCtx, input: { length: number; rules: UploadRules; name: string | null }): Promise<TempUploadRow> {
  const limits = limitsFor(ctx, input.rules);
  const sizeError = sizeProblem(input.length, limits);
  if (sizeError) throw sizeError;
  await ensureQuota(ctx);
  const id = newUploadId();
  const row = await ctx.tx(
    (tx) =>
      insertTempUpload(tx, {
        tenantId: ctx.tenant.id,
        id,
        ownerPersonId: ctx.caller.personId,
        state: 'open',
        declaredLength: input.length,
        offsetReached: 0,
        name: sanitizeFileName(input.name),
        rules: input.rules,
        expiresAt: expiry(ctx),
      }),
    {
      audit: 'documents.upload.open',
      details: { temporary_upload: id, length: input.length },
    },
  );
  openTransfersOf(ctx.platform.db).remember(row);
  return row;
}

// ---------------------------------------------------------------------------------------------
// FilePond's patch: one chunk at the offset reached.

export interface ChunkInput {
  offset: number;
  /** Upload-Length, when sent: must repeat the declared length. */
  length: number | null;
  name: string | null;
  /** Content-Length of the body, when sent. */
  contentLength: number | null;
  body: Readable;
}

export class OffsetConflict extends AppError {
  readonly offset: number;
  constructor(offset: number) {
    super('conflict', `Upload-Offset does not match the offset reached (${offset}).`, { offset });
    this.offset = offset;
  }
}

/**
 * The pieces of an open transfer in storage, in order, as far as they follow on from offset 0,
 * and the offset they reach: the truth about a transfer's offset, whatever a process remembers
 * or the database last recorded. A piece after a gap (one cut short by a crash of the machine —
 * pieces skip fsync) can never be reached again and is removed, so its offset can be sent again.
 */
async function piecesOf(storage: ObjectStorage, tenantId: string, id: string): Promise<{ parts: { partOffset: number; length: number; storageKey: string }[]; offset: number }> {
  const prefix = tmpPrefix(tenantId, id);
  const parts: { partOffset: number; length: number; storageKey: string }[] = [];
  const stray: string[] = [];
  let offset = 0;
  for (const object of await storage.list(prefix)) {
    const name = object.key.slice(prefix.length);
    if (!PIECE_NAME.test(name)) continue;
    const partOffset = Number(name);
    if (partOffset === offset && object.size > 0) {
      parts.push({ partOffset, length: object.size, storageKey: object.key });
      offset += object.size;
    } else {
      stray.push(object.key);
    }
  }
  for (const key of stray) await quietly(storage.delete(key));
  return { parts, offset };
}

/**
 * A transfer of the caller read from the database, an open one with the offset its pieces in
 * storage reach (recorded, with the expiry pushed back), and remembered by this process.
 */
async function currentTransfer(ctx: SignedInCtx, id: string): Promise<TempUploadRow> {
  const row = await ownUpload(ctx, id);
  if (row.state !== 'open') return row;
  const { offset } = await piecesOf(ctx.platform.storage, ctx.tenant.id, id);
  const now = new Date();
  const touched = await ctx.tx((tx) => touchTransfer(tx, { tenantId: ctx.tenant.id, id, ownerPersonId: ctx.caller.personId, offset, name: row.name, now, expiresAt: expiry(ctx) }));
  // Finished, reverted or expired in between: say how it is now.
  if (!touched) return ownUpload(ctx, id);
  openTransfersOf(ctx.platform.db).remember(touched, now.getTime());
  return touched;
}

/**
 * Appends one chunk. Refused before a byte is stored when the offset is not the one reached
 * (409, with the offset reached) or the chunk would pass the declared length. A chunk is one
 * piece in storage named by its offset and created exclusively once all of its bytes are in:
 * of two requests racing for an offset (in one process or several) exactly one creates it, the
 * other gets 409 and its bytes are discarded. The last chunk sniffs the file and accepts or
 * rejects it.
 *
 * No database statement on the way of a chunk: the transfer's row (owner, length, state,
 * expiry) comes from what this process read at most RECHECK_MS ago — once that has passed, one
 * statement checks it again, pushes the expiry back and records the offset — and the offset
 * from the pieces this process wrote (see OpenTransfers). A chunk at another offset, or a
 * transfer this process has not seen, reads the row and the pieces in storage first.
 */
export async function receiveChunk(ctx: SignedInCtx, id: string, input: ChunkInput): Promise<{ offset: number; length: number; complete: boolean }> {
  const transfers = openTransfersOf(ctx.platform.db);
  const entry = transfers.get(ctx.tenant.id, id);
  const nowMs = Date.now();
  let row: TempUploadRow;
  if (!entry || entry.row.ownerPersonId !== ctx.caller.personId || entry.row.offsetReached !== input.offset || entry.row.expiresAt.getTime() <= nowMs) {
    row = await currentTransfer(ctx, id);
  } else if (nowMs - entry.checkedAt >= RECHECK_MS) {
    const now = new Date(nowMs);
    const touched = await ctx.tx((tx) =>
      touchTransfer(tx, { tenantId: ctx.tenant.id, id, ownerPersonId: ctx.caller.personId, offset: entry.row.offsetReached, name: entry.row.name, now, expiresAt: expiry(ctx) }),
    );
    if (touched) transfers.remember(touched, nowMs);
    row = touched ?? (await currentTransfer(ctx, id));
  } else {
    row = entry.row;
  }
  if (row.state === 'rejected') throw rejectedError(row);
  if (input.length !== null && input.length !== row.declaredLength) {
    throw new AppError('upload-length-mismatch', `Upload-Length must stay ${row.declaredLength} for this transfer.`, { length: row.declaredLength });
  }
  const bodyBytes = input.contentLength;
  if (row.state !== 'open') {
    // FilePond sends an empty last chunk when the size is a multiple of the chunk size; a
    // repeated final chunk after completion is answered the same way.
    if (input.offset === row.declaredLength && !bodyBytes)
      return {
        offset: row.declaredLength,
        length: row.declaredLength,
        complete: true,
      };
    throw new OffsetConflict(row.offsetReached);
  }
  if (input.offset !== row.offsetReached) throw new OffsetConflict(row.offsetReached);
  const remaining = row.declaredLength - input.offset;
  const exceeds = () => new AppError('upload-exceeds-length', `The chunk goes past the declared length of ${row.declaredLength} bytes.`, { offset: input.offset, length: row.declaredLength });
  if (bodyBytes !== null && bodyBytes > remaining) throw exceeds();
  // a stored name is already sanitised (and sanitising is idempotent): the usual repeat is free
  const name = input.name === null || input.name === row.name ? null : sanitizeFileName(input.name);
  if (name && name !== row.name) {
    // A new name is recorded at once (another process may finish the transfer).
    await ctx.tx((tx) => setName(tx, ctx.tenant.id, id, name));
    row = { ...row, name };
    transfers.remember(row, transfers.get(ctx.tenant.id, id)?.checkedAt);
  }

  let reached = row.offsetReached;
  if (bodyBytes !== 0) {
    const storage = ctx.platform.storage;
    const key = partKey(ctx.tenant.id, id, input.offset);
    let written: number;
    try {
      // Pieces skip fsync: a piece cut short by a crash of the machine ends the offset there (piecesOf).
      // The body goes straight to storage, which counts it against what the transfer has left.
      written = await putStream(storage, key, input.body, {
        ...(bodyBytes !== null ? { length: bodyBytes } : {}),
        durable: false,
        exclusive: true,
        limit: { bytes: remaining, error: exceeds },
        borrowed: true,
      });
    } catch (error) {
      if (!(error instanceof StorageExists)) throw error;
      // Another request wrote this offset first: say how the transfer is now.
      transfers.forget(ctx.tenant.id, id);
      const now = await currentTransfer(ctx, id);
      if (now.state === 'rejected') throw rejectedError(now);
      throw new OffsetConflict(now.state === 'open' ? now.offsetReached : now.declaredLength);
    }
    if (written > 0) {
      reached = input.offset + written;
      transfers.advance(ctx.tenant.id, id, input.offset, reached, row.name);
    } else {
      await storage.delete(key);
    }
  }
  if (reached === row.declaredLength) await finishTransfer(ctx, { ...row, offsetReached: reached });
  return {
    offset: reached,
    length: row.declaredLength,
    complete: reached === row.declaredLength,
  };
}

/** Every byte is in: sniff the head, accept (ready, its pieces recorded) or reject (bytes dropped, code kept). */
async function finishTransfer(ctx: SignedInCtx, row: TempUploadRow): Promise<void> {
  openTransfersOf(ctx.platform.db).forget(ctx.tenant.id, row.id);
  const storage = ctx.platform.storage;
  const { parts, offset } = await piecesOf(storage, ctx.tenant.id, row.id);
  if (offset !== row.declaredLength) throw new OffsetConflict(offset);
  const head = await readHead(storage, parts);
  const sniffed = sniff(head, row.name);
  const problem = formatProblem(sniffed, limitsFor(ctx, row.rules)) ?? sizeProblem(row.declaredLength, limitsFor(ctx, row.rules));
  if (problem) {
    await ctx.tx((tx) => markRejected(tx, ctx.tenant.id, row.id, problem.code));
    await quietly(storage.deletePrefix(tmpPrefix(ctx.tenant.id, row.id)));
    throw problem;
  }
  const ready = await ctx.tx((tx) =>
    markReady(tx, ctx.tenant.id, row.id, {
      contentType: sniffed.mime,
      name: nameForFormat(row.name, sniffed.format!),
      length: row.declaredLength,
      parts,
    }),
  );
  if (!ready) {
    // Not open any more: finished by another request (fine), or reverted or expired behind this
    // process's back — then its pieces go (not found).
    const now = await ctx.tx((tx) => findTempUpload(tx, ctx.tenant.id, row.id));
    if (!now) await quietly(storage.deletePrefix(tmpPrefix(ctx.tenant.id, row.id)));
    await ownUpload(ctx, row.id);
  }
}

async function readHead(storage: ObjectStorage, parts: { length: number; storageKey: string }[]): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let have = 0;
  for (const part of parts) {
    if (have >= SNIFF_BYTES) break;
    const want = Math.min(part.length, SNIFF_BYTES - have);
    if (want <= 0) continue;
    const stream = await storage.get(part.storageKey, {
      start: 0,
      end: want - 1,
    });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pieces.push(chunk);
      have += chunk.length;
    }
  }
  return Buffer.concat(pieces).subarray(0, SNIFF_BYTES);
}

/** HEAD/GET on a transfer: the offset reached, so a client can resume. */
export async function transferStatus(ctx: SignedInCtx, id: string): Promise<{ offset: number; length: number; state: TempUploadRow['state'] }> {
  // An open transfer's offset is the one its pieces in storage reach (also after a restart).
  const row = await currentTransfer(ctx, id);
  if (row.state === 'rejected') throw rejectedError(row);
  return {
    offset: row.offsetReached,
    length: row.declaredLength,
    state: row.state,
  };
}

// ---------------------------------------------------------------------------------------------
// revert, restore, store.

/** Removes a temporary upload and its bytes. A file already stored from it stays. */
export async function revertUpload(ctx: SignedInCtx, id: string): Promise<void> {
  const row = await ownUpload(ctx, id);
  if (row.state === 'storing') throw new AppError('conflict', 'This upload is being stored; try again in a moment.');
  openTransfersOf(ctx.platform.db).forget(ctx.tenant.id, id);
  await ctx.tx((tx) => deleteTempUpload(tx, ctx.tenant.id, id), {
    audit: 'documents.revert',
    details: { temporary_upload: id },
  });
  await quietly(ctx.platform.storage.deletePrefix(tmpPrefix(ctx.tenant.id, id)));
}

export interface FileStream {
  name: string;
  size: number;
  contentType: string;
  sha256: string | null;
  open(range?: { start: number; end: number }): Promise<Readable>;
}

/** A temporary upload's bytes, for FilePond's restore (and the fetch answer). */
export async function openTempUpload(ctx: SignedInCtx, id: string): Promise<FileStream> {
  const row = await currentTransfer(ctx, id);
  if (row.state === 'rejected') throw rejectedError(row);
  if (row.state === 'stored' && row.storedUploadId) {
    const file = await ctx.tx((tx) => findStoredFile(tx, ctx.tenant.id, row.storedUploadId!));
    if (file) return storedFileStream(ctx.platform.storage, file);
  }
  if (row.state !== 'ready') throw new AppError('upload-incomplete', 'This upload has not received all of its bytes yet.', { offset: row.offsetReached, length: row.declaredLength });
  const parts = await ctx.tx((tx) => listParts(tx, ctx.tenant.id, id));
  const storage = ctx.platform.storage;
  return {
    name: row.name,
    size: row.declaredLength,
    contentType: row.contentType!,
    sha256: row.sha256,
    open: async () => concatParts(storage, parts),
  };
}

const damaged = () => new AppError('upload-incomplete', 'A piece of this upload is missing or damaged; upload the file again.');

function concatParts(storage: ObjectStorage, parts: TempUploadPartRow[]): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) {
        const stream = await storage.get(part.storageKey).catch((error: unknown) => {
          throw error instanceof StorageNotFound ? damaged() : error;
        });
        let seen = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          seen += chunk.length;
          yield chunk;
        }
        // Pieces are written without fsync: one lost to a crash must not pass for the file.
        if (seen !== part.length) throw damaged();
      }
    })(),
    { objectMode: false, highWaterMark: 1024 * 1024 },
  );
}

/**
 * Turns a ready temporary upload into a permanent file of the tenant: its bytes move (one
 * piece) or are joined (chunks, hashed on the way) under a new unguessable upload_id. Retrying
 * after success answers the same upload_id; two stores racing: one stores, the other gets 409.
 */
export async function storeUpload(ctx: SignedInCtx, id: string): Promise<{ upload_id: string }> {
  let row = await currentTransfer(ctx, id);
  // Every byte arrived but the last chunk's request died before the file was checked: check it now.
  if (row.state === 'open' && row.offsetReached === row.declaredLength) {
    await finishTransfer(ctx, row);
    row = await ownUpload(ctx, id);
  }
  if (row.state === 'stored' && row.storedUploadId) return { upload_id: row.storedUploadId };
  if (row.state === 'rejected') throw rejectedError(row);
  if (row.state === 'open') throw new AppError('upload-incomplete', 'This upload has not received all of its bytes yet.', { offset: row.offsetReached, length: row.declaredLength });
  const storage = ctx.platform.storage;
  const uploadId = newUploadId();
  const claimed = await ctx.tx((tx) => claimForStore(tx, ctx.tenant.id, id, uploadId, new Date(Date.now() - STALE_STORE_MS)));
  if (!claimed) {
    const now = await ctx.tx((tx) => findTempUpload(tx, ctx.tenant.id, id));
    if (now?.state === 'stored' && now.storedUploadId) return { upload_id: now.storedUploadId };
    throw new AppError('conflict', 'This upload is being stored; try again in a moment.');
  }
  // A store that stalled earlier may have left its half-done file: drop it.
  if (row.state === 'storing' && row.storedUploadId) await quietly(storage.delete(fileKey(ctx.tenant.id, row.storedUploadId)));

  const parts = await ctx.tx((tx) => listParts(tx, ctx.tenant.id, id));
  const key = fileKey(ctx.tenant.id, uploadId);
  let moved = false;
  try {
    let sha256: string;
    if (parts.length === 1 && claimed.sha256 && parts[0]!.length === claimed.declaredLength) {
      if ((await storage.stat(parts[0]!.storageKey))?.size !== claimed.declaredLength) throw damaged();
      await storage.move(parts[0]!.storageKey, key);
      moved = true;
      sha256 = claimed.sha256;
    } else {
      const meter = new UploadMeter({ hash: true, keepHead: false });
      const source = concatParts(storage, parts);
      source.on('error', (error) => meter.destroy(error));
      source.pipe(meter);
      await storage.put(key, meter, {
        length: claimed.declaredLength,
        contentType: claimed.contentType ?? undefined,
        limit: { bytes: claimed.declaredLength, error: () => new AppError('conflict', 'The upload has more bytes than declared.') },
      });
      if (meter.bytes !== claimed.declaredLength) throw new Error(`upload ${id}: ${meter.bytes} bytes joined, ${claimed.declaredLength} declared`);
      sha256 = meter.sha256()!;
    }
    await ctx.tx(
      async (tx) => {
        await insertStoredFile(tx, {
          tenantId: ctx.tenant.id,
          id: uploadId,
          name: claimed.name,
          size: claimed.declaredLength,
          contentType: claimed.contentType!,
          sha256,
          storageKey: key,
          createdBy: ctx.caller.personId,
        });
        await markStored(tx, ctx.tenant.id, id, sha256);
      },
      {
        audit: 'documents.store',
        details: {
          temporary_upload: id,
          upload_id: uploadId,
          size: claimed.declaredLength,
          content_type: claimed.contentType,
        },
      },
    );
  } catch (error) {
    if (moved) await quietly(storage.move(key, parts[0]!.storageKey));
    else await quietly(storage.delete(key));
    await quietly(ctx.tx((tx) => releaseClaim(tx, ctx.tenant.id, id)));
    throw error;
  }
  await quietly(storage.deletePrefix(tmpPrefix(ctx.tenant.id, id)));
  return { upload_id: uploadId };
}

// ---------------------------------------------------------------------------------------------
// Stored files: metadata, download.

export function toMetadata(row: StoredFileRow): TFileMetadata {
  return { name: row.name, size: row.size, content_type: row.contentType };
}

/**
 * Metadata of the tenant's files among `ids` that the caller may read (decision 032); unknown,
 * malformed, other tenants' and unreadable ids are absent alike.
 */
export async function filesMetadata(ctx: Ctx, ids: readonly string[]): Promise<Record<string, TFileMetadata>> {
  const wanted = [...new Set(ids.filter(isUploadId))];
  const rows = wanted.length > 0 ? await ctx.read((db) => findStoredFiles(db, ctx.tenant.id, wanted)) : [];
  const readable = await readableFileIds(ctx, rows);
  return Object.fromEntries(rows.filter((row) => readable.has(row.id)).map((row) => [row.id, toMetadata(row)]));
}

/** A stored file of the tenant by id, whoever asks (the signed link's route: the link was minted for a reader). */
export async function findFile(ctx: Ctx, uploadId: string): Promise<StoredFileRow> {
  const row = isUploadId(uploadId) ? await ctx.read((db) => findStoredFile(db, ctx.tenant.id, uploadId)) : null;
  if (!row) throw new AppError('not-found', 'File not found.');
  return row;
}

/** A stored file the caller may read through what holds it (decision 032); 404 otherwise, as for an unknown id. */
export async function findReadableFile(ctx: Ctx, uploadId: string): Promise<StoredFileRow> {
  const row = await findFile(ctx, uploadId);
  if (!(await readableFileIds(ctx, [row])).has(row.id)) throw new AppError('not-found', 'File not found.');
  return row;
}

export function storedFileStream(storage: ObjectStorage, row: StoredFileRow): FileStream {
  return {
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    sha256: row.sha256,
    open: (range) => storage.get(row.storageKey, range),
  };
}

// ---------------------------------------------------------------------------------------------
// For other modules (forms): a field's file list checked against the field's limits.

export interface FileListRules {
  min_files?: number;
  max_files?: number;
  min_file_size?: number;
  max_file_size?: number;
  allowed_formats?: string[];
}

export interface FileListProblem {
  code: 'too-few-files' | 'too-many-files' | 'file-not-found' | 'file-too-small' | 'file-too-large' | 'unsupported-file-type';
  upload_id?: string;
}

/**
 * Checks stored files (by upload_id) against a field's rules: count, each size, each sniffed
 * format. The forms module calls this when a response is submitted, so a client that skipped
 * the upload checks still cannot store a response that breaks them.
 */
export async function checkFileList(ctx: Ctx, uploadIds: readonly string[], rules: FileListRules): Promise<FileListProblem[]> {
  const problems: FileListProblem[] = [];
  if (rules.min_files !== undefined && uploadIds.length < rules.min_files) problems.push({ code: 'too-few-files' });
  if (rules.max_files !== undefined && uploadIds.length > rules.max_files) problems.push({ code: 'too-many-files' });
  const found = new Map((await ctx.tx((tx) => findStoredFiles(tx, ctx.tenant.id, [...new Set(uploadIds.filter(isUploadId))]))).map((row) => [row.id, row]));
  const limits = limitsFor(ctx, rules);
  for (const id of uploadIds) {
    const row = found.get(id);
    if (!row) {
      problems.push({ code: 'file-not-found', upload_id: id });
      continue;
    }
    const size = sizeProblem(row.size, limits);
    if (size)
      problems.push({
        code: size.code as FileListProblem['code'],
        upload_id: id,
      });
    const format = Object.entries(FORMATS).find(([, info]) => info.mime === row.contentType || ('alsoMimes' in info && (info.alsoMimes as readonly string[]).includes(row.contentType)))?.[0] as
      FormatKey | undefined;
    if (!format || !limits.formats.has(format)) problems.push({ code: 'unsupported-file-type', upload_id: id });
  }
  return problems;
}
