import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MANAGER_BASE, SIGNED_LINK_DEFAULT_TTL, ZFileMetadataRequest, ZFileMetadataResponse, ZSignedLinkRequest, ZSignedLinkResponse, ZStoreRequest, ZStoreResponse } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, SIGNED_IN } from '../../platform/http/access.ts';
import { ctxOf, signedIn } from '../../platform/http/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { UploadRules } from './documents.table.ts';
import type { TempUploadRow } from './documents.repository.ts';
import {
  filesMetadata,
  findFile,
  findReadableFile,
  OffsetConflict,
  openTempUpload,
  openTransfer,
  parseRules,
  receiveChunk,
  receiveWholeFile,
  revertUpload,
  storedFileStream,
  storeUpload,
  transferStatus,
  type FileStream,
} from './documents.service.ts';
import { scheduleCleanup } from './documents.cleanup.ts';
import { documentsAreaRoutes } from './documents-area.routes.ts';
import { contentDisposition, decodeHeaderName } from './names.ts';
import { fetchErrorToApp, fetchRemote, remoteFileName } from './remote-fetch.ts';
import { FileLinkSigner, type Disposition } from './signed-links.ts';

const base = DOCUMENT_MANAGER_BASE;
const tags = ['documents'];
/** Multipart framing and the FilePond metadata part around a whole file (fields are at most 64 kB each). */
const MULTIPART_OVERHEAD = 1024 * 1024;
const OFFSET_STREAM = 'application/offset+octet-stream';
const ZId = z.string().max(100);

/**
 * The document manager's upload server (FilePond's protocol, paths of API.md) and stored files.
 * Every upload route needs a signed-in member of the host's tenant: form file fields are filled
 * by everyone who fills forms. Downloads also take the session cookie (GET/HEAD only), or a
 * short-lived signed link on the public route.
 */
export async function documentsRoutes(app: App, platform: Platform): Promise<void> {
  const signer = await FileLinkSigner.open(platform.db);
  await scheduleCleanup(platform);
  documentsAreaRoutes(app, platform);

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      // Our own meter enforces the real limit (the field's, else UPLOAD_MAX_BYTES); busboy's is a backstop.
      limits: {
        fileSize: platform.config.UPLOAD_MAX_BYTES + 1,
        files: 1,
        fields: 10,
        parts: 12,
        fieldSize: 64 * 1024,
        headerPairs: 100,
      },
    });
    // A chunk's body reaches the handler as the raw request stream: never buffered.
    scope.addContentTypeParser(OFFSET_STREAM, (_request, payload, done) => done(null, payload));
    // A body declared over the limit is refused from its Content-Length before a byte of it is
    // read (the meter would refuse it anyway, but only after reading up to the limit). A whole
    // file travels with its multipart framing and metadata part, at most MULTIPART_OVERHEAD more.
    scope.addHook('preValidation', async (request, reply) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      const limit = platform.config.UPLOAD_MAX_BYTES + (request.method === 'POST' ? MULTIPART_OVERHEAD : 0);
      if (Number.isFinite(declared) && declared > limit) {
        void reply.header('connection', 'close');
        throw new AppError('payload-too-large', `The body declares ${declared} bytes; this server accepts files of at most ${platform.config.UPLOAD_MAX_BYTES} bytes.`);
      }
    });

    scope.post(
      `${base}/upload/process/`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'FilePond process: a whole file (multipart part "file" or "filepond"), or with Upload-Length and no file the start of a chunked transfer → the temporary id as text/plain',
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const ctx = signedIn(ctxOf(request, platform));
        const declared = intHeader(request, 'upload-length');
        let rules: UploadRules = {};
        let upload: TempUploadRow | null = null;
        if (request.isMultipart()) {
          try {
            for await (const part of request.parts()) {
              if (part.type === 'field') {
                if (part.fieldname !== 'filepond') continue;
                if (upload) throw new AppError('bad-request', 'The filepond metadata part must come before the file.');
                rules = parseRules(typeof part.value === 'string' ? part.value : null);
                continue;
              }
              if (part.fieldname !== 'file' && part.fieldname !== 'filepond') {
                part.file.resume();
                throw new AppError('bad-request', `The file part must be named "file" or "filepond", not "${part.fieldname}".`);
              }
              upload = await receiveWholeFile(ctx, {
                stream: part.file,
                filename: part.filename,
                rules,
                declaredLength: declared,
              });
            }
          } catch (error) {
            throw multipartError(error);
          }
        }
        if (!upload) {
          if (declared === null) throw new AppError('bad-request', 'Send a file part named "file" or "filepond", or an Upload-Length header to start a chunked upload.');
          upload = await openTransfer(ctx, {
            length: declared,
            rules,
            name: decodeHeaderName(request.headers['upload-name']),
          });
        }
        return reply.status(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(upload.id);
      },
    );

    scope.patch(
      `${base}/upload/patch/:id`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: `FilePond patch: one chunk (${OFFSET_STREAM}) at Upload-Offset; 409 with the offset reached when it is not that offset`,
          params: z.object({ id: ZId }),
          consumes: [OFFSET_STREAM],
        },
      },
      async (request, reply) => {
        // One audit row per transfer (its opening and its store), not one per chunk.
        request.audited = true;
        const ctx = signedIn(ctxOf(request, platform));
        const offset = intHeader(request, 'upload-offset');
        if (offset === null) throw new AppError('bad-request', 'Upload-Offset is required.');
        const contentLength = intHeader(request, 'content-length');
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (contentLength !== 0 && type !== OFFSET_STREAM) throw new AppError('unsupported-media-type', `Chunks are sent as ${OFFSET_STREAM}.`);
        try {
          const result = await receiveChunk(ctx, request.params.id, {
            offset,
            length: intHeader(request, 'upload-length'),
            name: decodeHeaderName(request.headers['upload-name']),
            contentLength,
            body: (request.body as Readable | undefined) ?? request.raw,
          });
          return reply.status(204).header('upload-offset', String(result.offset)).header('upload-length', String(result.length)).send();
        } catch (error) {
          if (error instanceof OffsetConflict) void reply.header('upload-offset', String(error.offset));
          throw error;
        }
      },
    );

    // GET (and the HEAD FilePond sends to resume): the offset reached.
    scope.get(
      `${base}/upload/patch/:id`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'The offset a chunked transfer has reached (Upload-Offset header; HEAD for FilePond resume)',
          params: z.object({ id: ZId }),
          response: {
            200: z.object({
              offset: z.number(),
              length: z.number(),
              complete: z.boolean(),
            }),
          },
        },
      },
      async (request, reply) => {
        const status = await transferStatus(signedIn(ctxOf(request, platform)), request.params.id);
        void reply.header('upload-offset', String(status.offset)).header('upload-length', String(status.length)).header('cache-control', 'no-store');
        return {
          offset: status.offset,
          length: status.length,
          complete: status.state !== 'open',
        };
      },
    );

    scope.delete(
      `${base}/upload/revert/`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'FilePond revert: the temporary id as the body (text/plain) removes that upload',
        },
      },
      async (request, reply) => {
        await revertUpload(signedIn(ctxOf(request, platform)), revertIdOf(request.body));
        return reply.status(200).type('text/plain; charset=utf-8').send('');
      },
    );

    scope.route({
      method: ['GET', 'HEAD'],
      url: `${base}/upload/fetch/`,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'FilePond fetch: the server downloads a public http(s) URL into a temporary upload and answers its bytes (X-Content-Transfer-Id: the temporary id)',
        querystring: z.object({ target: z.string().min(1).max(4096) }),
      },
      handler: async (request, reply) => {
        const ctx = signedIn(ctxOf(request, platform));
        const remote = await fetchRemote(request.query.target, platform.config.UPLOAD_MAX_BYTES);
        let upload: TempUploadRow;
        try {
          upload = await receiveWholeFile(ctx, {
            stream: remote.body,
            filename: remoteFileName(remote),
            rules: {},
          });
        } catch (error) {
          throw fetchErrorToApp(error);
        } finally {
          remote.body.destroy();
        }
        return sendFile(request, reply, await openTempUpload(ctx, upload.id), {
          disposition: 'inline',
          transferId: upload.id,
          cache: 'no-store',
        });
      },
    });

    scope.route({
      method: ['GET', 'HEAD'],
      url: `${base}/upload/restore/`,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "FilePond restore: a temporary upload's bytes, with its name in Content-Disposition",
        querystring: z.object({ id: ZId }),
      },
      handler: async (request, reply) =>
        sendFile(request, reply, await openTempUpload(signedIn(ctxOf(request, platform)), request.query.id), {
          disposition: 'inline',
          transferId: request.query.id,
          cache: 'no-store',
        }),
    });

    scope.route({
      method: ['GET', 'HEAD'],
      url: `${base}/upload/:upload_id/download`,
      config: { access: { ...SIGNED_IN, cookie: true } },
      schema: {
        tags,
        summary: "A stored file's bytes (bearer, or the session cookie on GET/HEAD); Range supported",
        params: z.object({ upload_id: ZId }),
        querystring: z.object({
          disposition: z.enum(['inline', 'attachment']).optional(),
        }),
      },
      handler: async (request, reply) => {
        const row = await findReadableFile(ctxOf(request, platform), request.params.upload_id);
        const file = storedFileStream(platform.storage, row);
        return sendFile(request, reply, file, {
          disposition: request.query.disposition ?? defaultDisposition(file.contentType),
          cache: 'private, max-age=3600',
        });
      },
    });

    scope.route({
      method: ['GET', 'HEAD'],
      url: `${base}/public/upload/:upload_id/download`,
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A stored file through a signed link (minted by POST /files/{upload_id}/signed-link); works on its tenant only, until it expires',
        params: z.object({ upload_id: ZId }),
        querystring: z.object({
          expires: z.coerce.number().int().min(0),
          disposition: z.enum(['inline', 'attachment']).default('inline'),
          signature: z.string().max(100),
        }),
      },
      handler: async (request, reply) => {
        const ctx = ctxOf(request, platform);
        const { expires, disposition, signature } = request.query;
        const verdict = signer.verify(ctx.tenant.id, request.params.upload_id, expires, disposition, signature);
        if (verdict === 'invalid') throw new AppError('invalid-link', 'This link is not valid.');
        if (verdict === 'expired') throw new AppError('link-expired', 'This link has expired.');
        const row = await findFile(ctx, request.params.upload_id);
        const seconds = Math.max(0, Math.floor(expires - Date.now() / 1000));
        return sendFile(request, reply, storedFileStream(platform.storage, row), { disposition, cache: `private, max-age=${seconds}` });
      },
    });

    scope.post(
      `${base}/filepond/:temporary_upload/store`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'Turns a temporary upload into a permanent file of the tenant → {upload_id}; retrying answers the same upload_id',
          params: z.object({ temporary_upload: ZId }),
          body: ZStoreRequest,
          response: { 200: ZStoreResponse },
        },
      },
      async (request) => {
        const id = request.params.temporary_upload;
        const bodyId = request.body?.temporary_upload;
        if (bodyId !== undefined && bodyId !== id) throw new AppError('bad-request', 'temporary_upload in the body differs from the one in the path.');
        return storeUpload(signedIn(ctxOf(request, platform)), id);
      },
    );

    scope.post(
      `${base}/files/metadata/`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: "name, size and content_type of stored files by upload_id (unknown ids and other tenants' ids are absent)",
          body: ZFileMetadataRequest,
          response: { 200: ZFileMetadataResponse },
        },
      },
      async (request) => {
        request.audited = true; // a read that takes its ids in a body
        return filesMetadata(ctxOf(request, platform), request.body.upload_ids);
      },
    );

    scope.post(
      `${base}/files/:upload_id/signed-link`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'A short-lived link to a stored file for screens without a signed-in user (1 minute to 1 hour, 15 minutes by default)',
          params: z.object({ upload_id: ZId }),
          body: ZSignedLinkRequest,
          response: { 200: ZSignedLinkResponse },
        },
      },
      async (request) => {
        const ctx = signedIn(ctxOf(request, platform));
        const row = await findReadableFile(ctx, request.params.upload_id);
        const ttl = request.body?.ttl_seconds ?? SIGNED_LINK_DEFAULT_TTL;
        const disposition = request.body?.disposition ?? 'inline';
        const expires = Math.floor(Date.now() / 1000) + ttl;
        const signature = signer.sign(ctx.tenant.id, row.id, expires, disposition);
        const expiresAt = new Date(expires * 1000).toISOString();
        await ctx.tx(async () => undefined, {
          audit: 'documents.link',
          details: { upload_id: row.id, expires_at: expiresAt },
        });
        return {
          url: `${base}/public/upload/${row.id}/download?expires=${expires}&disposition=${disposition}&signature=${signature}`,
          expires_at: expiresAt,
        };
      },
    );
  });
}

/** A non-negative integer header, null when absent; anything else is a 400. */
function intHeader(request: FastifyRequest, name: string): number | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d{1,16}$/.test(text.trim())) throw new AppError('bad-request', `${name} must be a non-negative integer.`);
  const n = Number(text.trim());
  if (!Number.isSafeInteger(n)) throw new AppError('bad-request', `${name} is too large.`);
  return n;
}

/** FilePond sends the id as text/plain; a JSON string or {"id": ...} is accepted too. */
function revertIdOf(body: unknown): string {
  let value = body;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('"') || text.startsWith('{')) {
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        value = text;
      }
    } else value = text;
  }
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') value = (value as { id: string }).id;
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) throw new AppError('bad-request', 'Send the temporary id as the body.');
  return value;
}

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('file-too-large', 'The file is too large.'),
  FST_FILES_LIMIT: () => new AppError('bad-request', 'Send one file per request.'),
  FST_PARTS_LIMIT: () => new AppError('bad-request', 'Too many parts in the multipart body.'),
  FST_FIELDS_LIMIT: () => new AppError('bad-request', 'Too many fields in the multipart body.'),
  FST_PROTO_VIOLATION: () => new AppError('bad-request', 'Forbidden multipart field name.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('unsupported-media-type', 'The body is not multipart/form-data.'),
  FST_INVALID_JSON_FIELD_ERROR: () => new AppError('bad-request', 'A JSON field of the multipart body is not valid JSON.'),
};

function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  const known = code ? MULTIPART_ERRORS[code] : undefined;
  if (known) return known();
  if (error instanceof Error && /multipart|Unexpected end of form|Part terminated|Malformed/i.test(error.message))
    return new AppError('bad-request', `The multipart body is malformed: ${error.message}`);
  return error;
}

/** Shown in the browser (images, PDF, audio, video, plain text) or saved (everything else). */
function defaultDisposition(contentType: string): Disposition {
  return /^(image|audio|video)\//.test(contentType) || contentType === 'application/pdf' || contentType === 'text/plain' ? 'inline' : 'attachment';
}

/** Active content (SVG may hold scripts) is served sandboxed: it can never run as the app's origin. */
const SANDBOX_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

type ByteRange = { start: number; end: number };

function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // several ranges or garbage: the whole file
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileStream, options: { disposition: Disposition; transferId?: string; cache: string }): Promise<FastifyReply> {
  const etag = file.sha256 ? `"${file.sha256}"` : null;
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    void reply.header('content-range', `bytes */${file.size}`);
    throw new AppError('range-not-satisfiable', `The file has ${file.size} bytes.`);
  }
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(options.disposition, file.name))
    .header('cache-control', options.cache)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-expose-headers', 'Content-Disposition, Content-Length, X-Content-Transfer-Id, Upload-Offset');
  if (/svg|xml|html/.test(file.contentType)) void reply.header('content-security-policy', SANDBOX_CSP);
  if (etag) void reply.header('etag', etag);
  if (options.transferId) void reply.header('x-content-transfer-id', options.transferId);
  if (etag && request.headers['if-none-match'] === etag) return reply.status(304).send();
  const length = range ? range.end - range.start + 1 : file.size;
  void reply.header('content-length', String(length));
  if (range) void reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await file.open(range ?? undefined));
}
