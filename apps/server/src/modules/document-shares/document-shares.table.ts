import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from '../../platform/db/columns.ts';

/**
 * A document of the document manager shared with one person (issue 45 point 5): the key is the
 * "once" — sharing again with the same person changes nothing and tells nobody again. A row whose
 * document was deleted names nothing: every read goes through the documents module's face.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    tenantId: tenantId(),
    documentId: uuid('document_id').notNull(),
    personId: uuid('person_id').notNull(),
    sharedByPersonId: uuid('shared_by_person_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.documentId, t.personId] }), index('document_shares_person').on(t.tenantId, t.personId, t.createdAt.desc())],
);
