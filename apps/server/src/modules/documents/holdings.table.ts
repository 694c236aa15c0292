import { foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from '../../platform/db/columns.ts';
import { storedFiles } from './documents.table.ts';

/**
 * What holds a stored file (decision 032): a document of a folder, a form response, a person's
 * photo, an import, a post, an execution… A file is readable only through one of its holders
 * (each kind's reader says who may read through it), or by its uploader while nothing holds it.
 */
export const fileHoldings = pgTable(
  'file_holdings',
  {
    tenantId: tenantId(),
    uploadId: text('upload_id').notNull(),
    holderKind: text('holder_kind').notNull(),
    holderId: text('holder_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.uploadId, t.holderKind, t.holderId] }),
    index('file_holdings_holder').on(t.tenantId, t.holderKind, t.holderId),
    foreignKey({ columns: [t.tenantId, t.uploadId], foreignColumns: [storedFiles.tenantId, storedFiles.id], name: 'file_holdings_file' }).onDelete('cascade'),
  ],
);
