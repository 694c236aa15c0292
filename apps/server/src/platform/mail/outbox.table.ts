import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../db/columns.ts';

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
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('mail_outbox_created').on(t.tenantId, t.createdAt)],
);
