import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/**
 * Posts (Comunicados) — /api/posts/v3 (decision 023). A post is written by a holder of
 * MANAGE_POSTS, goes to an audience (or everyone) when it is published (now or at publish_at),
 * and each recipient gets one inbox notification of kind new_post and the NEW_POST push.
 */
export const POSTS_BASE = '/api/posts/v3';

/** Spec forms §5: a video embed id is exactly 11 letters, digits, underscores or hyphens. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
export const VIDEO_ID_MESSAGE = 'ID de video inválido';
export const POST_TITLE_MAX = 200;
export const POST_BODY_MAX = 100_000;
export const POST_IMAGES_MAX = 10;
export const POST_FILES_MAX = 10;
/** Each image of a post (cover included) at most this many bytes. */
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const POST_STATES = ['draft', 'scheduled', 'published', 'expired'] as const;
export type TPostState = (typeof POST_STATES)[number];

const uploadId = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });

const postFields = {
  title: z.string().trim().min(1).max(POST_TITLE_MAX),
  /** Rich text (HTML from the editor); the server keeps a sanitised copy. */
  body: z.string().max(POST_BODY_MAX),
  cover_upload_id: uploadId.nullable(),
  image_ids: z.array(uploadId).max(POST_IMAGES_MAX, `At most ${POST_IMAGES_MAX} images.`),
  file_ids: z.array(uploadId).max(POST_FILES_MAX, `At most ${POST_FILES_MAX} files.`),
  video_id: z.string().trim().regex(VIDEO_ID_PATTERN, VIDEO_ID_MESSAGE).nullable(),
  /** An audience of the audiences module; null = everyone in the organisation. */
  audience_id: z.string().max(100).nullable(),
  is_pinned: z.boolean(),
  /** null = when it is published. */
  publish_at: instant.nullable(),
  expires_at: instant.nullable(),
  /** "Leído y entendido": recipients confirm they read and understood it. */
  requires_ack: z.boolean(),
  /** true: publish (or schedule) it; false: keep it as a draft (an update without it keeps the state). */
  publish: z.boolean(),
};

export const ZPostWrite = z
  .object({
    ...postFields,
    body: postFields.body.default(''),
    cover_upload_id: postFields.cover_upload_id.default(null),
    image_ids: postFields.image_ids.default([]),
    file_ids: postFields.file_ids.default([]),
    video_id: postFields.video_id.default(null),
    audience_id: postFields.audience_id.default(null),
    is_pinned: postFields.is_pinned.default(false),
    publish_at: postFields.publish_at.default(null),
    expires_at: postFields.expires_at.default(null),
    requires_ack: postFields.requires_ack.default(false),
    publish: postFields.publish.default(false),
  })
  .meta({ id: 'PostWrite' });
export type TPostWrite = z.input<typeof ZPostWrite>;

/** An edit: only the fields given change. */
export const ZPostUpdate = z.object(postFields).partial().meta({ id: 'PostUpdate' });
export type TPostUpdate = z.input<typeof ZPostUpdate>;

export const ZPostFile = z.object({ id: z.string(), name: z.string(), size: z.number().int(), content_type: z.string(), url: z.string() });
export type TPostFile = z.infer<typeof ZPostFile>;

const ZRef = z.object({ id: z.string(), name: z.string() });

export const ZPostSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    excerpt: z.string(),
    state: z.enum(POST_STATES),
    cover: ZPostFile.nullable(),
    is_pinned: z.boolean(),
    requires_ack: z.boolean(),
    audience: ZRef.nullable(),
    author: ZRef.nullable(),
    publish_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** The caller's own receipt. */
    read_at: z.string().nullable(),
    acknowledged_at: z.string().nullable(),
  })
  .meta({ id: 'PostSummary' });
export type TPostSummary = z.infer<typeof ZPostSummary>;

export const ZPost = ZPostSummary.extend({
  body: z.string(),
  images: z.array(ZPostFile),
  files: z.array(ZPostFile),
  video_id: z.string().nullable(),
  /** The caller may edit it and see its receipts. */
  can_manage: z.boolean(),
  /** It is for the caller (everyone, or an audience of theirs): they read and acknowledge it. */
  is_for_me: z.boolean(),
}).meta({ id: 'Post' });
export type TPost = z.infer<typeof ZPost>;

export const ZPostFeedQuery = ZPageQuery.extend({ search: z.string().trim().max(200).optional() });
export const ZPostManageQuery = ZPageQuery.extend({ state: z.enum(POST_STATES).optional(), search: z.string().trim().max(200).optional() });

export const ZPostAudiencePreview = z.object({ audience_id: z.string().max(100).nullable() });
export const ZPostAudienceCount = z.object({ count: z.number().int() });

export const RECEIPT_FILTERS = ['all', 'read', 'unread', 'acknowledged', 'unacknowledged'] as const;
export const ZReceiptsQuery = ZPageQuery.extend({ filter: z.enum(RECEIPT_FILTERS).default('all') });

export const ZPostReceipt = z.object({ person: ZRef, read_at: z.string().nullable(), acknowledged_at: z.string().nullable(), notified_at: z.string().nullable() });
export type TPostReceipt = z.infer<typeof ZPostReceipt>;

export const ZPostReceipts = z
  .object({
    totals: z.object({ recipients: z.number().int(), read: z.number().int(), acknowledged: z.number().int() }),
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(ZPostReceipt),
  })
  .meta({ id: 'PostReceipts' });
export type TPostReceipts = z.infer<typeof ZPostReceipts>;

export const ZPostReceiptMine = z.object({ read_at: z.string().nullable(), acknowledged_at: z.string().nullable() });
export const ZPostRemindResult = z.object({ reminded: z.number().int() });
