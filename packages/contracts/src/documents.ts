import { z } from 'zod';

/** Base path of the document manager (spec forms §7). */
export const DOCUMENT_MANAGER_BASE = '/api/document-manager/v3';
/** FilePond's server base; a stored file's link is `${UPLOAD_BASE}${upload_id}/download`. */
export const UPLOAD_BASE = `${DOCUMENT_MANAGER_BASE}/upload/`;

/** A temporary upload id or a stored file's upload_id: 24 url-safe characters (144 random bits). */
export const ZUploadId = z.string().regex(/^[A-Za-z0-9_-]{24}$/);

/**
 * The JSON a client may put in FilePond's `filepond` text part: the field's limits, which the
 * upload server enforces on top of its own. Unknown keys are ignored; `{}` asks for nothing.
 */
export const ZUploadRules = z
  .object({
    min_file_size: z.number().int().min(0).optional(),
    max_file_size: z.number().int().min(0).optional(),
    allowed_formats: z.array(z.string().max(100)).max(100).optional(),
  })
  .meta({ id: 'UploadRules' });
export type TUploadRules = z.infer<typeof ZUploadRules>;

/** Uploaded file draft (spec forms §3). */
export const ZUploadedFileDraft = z
  .object({
    temporary_upload: z.string(),
    size: z.number(),
    fileType: z.string(),
  })
  .meta({ id: 'UploadedFileDraft' });
export type TUploadedFileDraft = z.infer<typeof ZUploadedFileDraft>;

/** File metadata (spec forms §3). */
export const ZFileMetadata = z
  .object({
    name: z.string(),
    size: z.number().int(),
    content_type: z.string(),
  })
  .meta({ id: 'FileMetadata' });
export type TFileMetadata = z.infer<typeof ZFileMetadata>;

export const ZFileMetadataRequest = z.object({
  upload_ids: z.array(z.string().max(100)).max(1000),
});
export const ZFileMetadataResponse = z.record(z.string(), ZFileMetadata);

/** The body may be empty (null) or repeat the id of the path. */
export const ZStoreRequest = z.object({ temporary_upload: z.string().optional() }).loose().nullish();
export const ZStoreResponse = z.object({ upload_id: z.string() }).meta({ id: 'StoredUpload' });
export type TStoreResponse = z.infer<typeof ZStoreResponse>;

export const SIGNED_LINK_DEFAULT_TTL = 900;
/** An empty body takes the defaults: 15 minutes, inline. */
export const ZSignedLinkRequest = z
  .object({
    /** Seconds the link stays valid: 1 minute to 1 hour, 15 minutes by default. */
    ttl_seconds: z.number().int().min(60).max(3600).optional(),
    disposition: z.enum(['inline', 'attachment']).optional(),
  })
  .nullish();
export const ZSignedLinkResponse = z.object({ url: z.string(), expires_at: z.string() }).meta({ id: 'SignedFileLink' });
export type TSignedLinkResponse = z.infer<typeof ZSignedLinkResponse>;
