import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../db/columns.ts';

/** A file sent with a message: kept in object storage until the retention deletes it (storage_key null then). */
export interface MailAttachmentRecord {
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string | null;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every e-mail the tenant sent; without SMTP_URL this is where an administrator reads them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: tenantId(),
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    /** Carries a sign-in secret (magic-link code): shown only to internal staff, and only when the outbox is the delivery. */
    isSensitive: boolean('is_sensitive').notNull().default(false),
    /** The files sent with it (a checklist's PDF report); their bytes are in storage while attachments_stored. */
    attachments: jsonb('attachments').$type<MailAttachmentRecord[]>().notNull().default([]),
    attachmentsStored: boolean('attachments_stored').notNull().default(false),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('mail_outbox_created').on(t.tenantId, t.createdAt),
    index('mail_outbox_attachments_stored')
      .on(t.tenantId, t.createdAt)
      .where(sql`attachments_stored`),
  ],
);
