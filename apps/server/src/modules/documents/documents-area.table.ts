import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A kind of document the tenant keeps (spec forms §2 /document-types): its allowed formats. */
export const documentTypes = pgTable(
  'document_types',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    /** Extensions without the dot; empty = any format. */
    allowedFormats: jsonb('allowed_formats').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('document_types_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A folder of the documents area; parent_id null = at the root. */
export const folders = pgTable(
  'folders',
  {
    tenantId: tenantId(),
    id: id(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('folders_parent').on(t.tenantId, t.parentId),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id], name: 'folders_parent_fk' }),
  ],
);

/** A document: a stored upload (stored_files.id) with a title, in a folder (null = root). */
export const documents = pgTable(
  'documents',
  {
    tenantId: tenantId(),
    id: id(),
    folderId: uuid('folder_id'),
    uploadId: text('upload_id').notNull(),
    title: text('title').notNull(),
    documentTypeId: uuid('document_type_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('documents_folder').on(t.tenantId, t.folderId),
    foreignKey({ columns: [t.tenantId, t.folderId], foreignColumns: [folders.tenantId, folders.id], name: 'documents_folder_fk' }),
    foreignKey({ columns: [t.tenantId, t.documentTypeId], foreignColumns: [documentTypes.tenantId, documentTypes.id], name: 'documents_type_fk' }),
  ],
);
