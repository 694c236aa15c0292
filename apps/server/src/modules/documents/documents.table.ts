import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** What the client declared for one upload (the field's limits), enforced by the server. */
export interface UploadRules {
  min_file_size?: number;
  max_file_size?: number;
  allowed_formats?: string[];
}

/**
 * A temporary upload (FilePond's "transfer"): a whole file posted at once, or a chunked
 * transfer filled by PATCHes. Its id is unguessable and only its owner may touch it.
 *
 * state: open (receiving chunks) → ready (every byte in, type sniffed and accepted)
 *        → storing → stored (a permanent file exists: stored_upload_id); or rejected (kept, with
 *        its error code, so retried chunks get the same answer until it expires).
 */
export const tempUploads = pgTable(
  'temp_uploads',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    ownerPersonId: uuid('owner_person_id').notNull(),
    state: text('state', {
      enum: ['open', 'ready', 'storing', 'stored', 'rejected'],
    }).notNull(),
    declaredLength: bigint('declared_length', { mode: 'number' }).notNull(),
    offsetReached: bigint('offset_reached', { mode: 'number' }).notNull().default(0),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<UploadRules>().notNull().default({}),
    /** Sniffed once every byte is in. */
    contentType: text('content_type'),
    /** Known at once for a whole-file upload; computed when a chunked one is stored. */
    sha256: text('sha256'),
    rejectedCode: text('rejected_code'),
    storedUploadId: text('stored_upload_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('temp_uploads_owner').on(t.tenantId, t.ownerPersonId, t.state), index('temp_uploads_expiry').on(t.tenantId, t.expiresAt)],
);

/** The pieces of a temporary upload in storage, one per chunk (or one for a whole file). */
export const tempUploadParts = pgTable(
  'temp_upload_parts',
  {
    tenantId: tenantId(),
    uploadId: text('upload_id').notNull(),
    partOffset: bigint('part_offset', { mode: 'number' }).notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.uploadId, t.partOffset] }),
    foreignKey({
      columns: [t.tenantId, t.uploadId],
      foreignColumns: [tempUploads.tenantId, tempUploads.id],
      name: 'temp_upload_parts_upload',
    }).onDelete('cascade'),
  ],
);

/** A permanent file of the tenant: its id is the spec's upload_id (unguessable). */
export const storedFiles = pgTable(
  'stored_files',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('stored_files_created').on(t.tenantId, t.createdAt)],
);
