import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A post (Comunicado). `status` is what its author chose — draft, or published (at `publish_at`);
 * scheduled and expired are read from the times (decision 023). `delivered_at` is set when the
 * publish job has notified its audience.
 */
export const posts = pgTable(
  'posts',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    coverUploadId: text('cover_upload_id'),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    videoId: text('video_id'),
    /** null = everyone in the organisation. */
    audienceId: uuid('audience_id'),
    isPinned: boolean('is_pinned').notNull().default(false),
    requiresAck: boolean('requires_ack').notNull().default(false),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    publishAt: instant('publish_at'),
    expiresAt: instant('expires_at'),
    deliveredAt: instant('delivered_at'),
    authorPersonId: uuid('author_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('posts_feed').on(t.tenantId, t.status, t.publishAt)],
);

/**
 * Who a post went to and what each did with it: a row per person notified when it was published
 * (`notified_at`; its primary key is what makes the notification once per person), or first
 * written when someone who joined the audience later opens it.
 */
export const postRecipients = pgTable(
  'post_recipients',
  {
    tenantId: tenantId(),
    postId: uuid('post_id').notNull(),
    personId: uuid('person_id').notNull(),
    notifiedAt: instant('notified_at'),
    readAt: instant('read_at'),
    acknowledgedAt: instant('acknowledged_at'),
    remindedAt: instant('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.postId, t.personId] }), index('post_recipients_person').on(t.tenantId, t.personId)],
);
