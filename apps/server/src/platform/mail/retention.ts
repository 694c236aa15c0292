import { and, eq, sql } from 'drizzle-orm';
import type { Platform } from '../platform.ts';
import { scheduleRecurring } from '../recurring.ts';
import { mailOutbox, type MailAttachmentRecord } from './outbox.table.ts';

/** Days the files sent with a message (a checklist's PDF report) are kept after it was sent. */
export const MAIL_ATTACHMENT_RETENTION_DAYS = 7;
export const MAIL_ATTACHMENT_EXPIRY_QUEUE = 'platform.mail-attachment-expiry';
const BATCH = 100;

/**
 * Deletes from storage the attachments of messages sent more than MAIL_ATTACHMENT_RETENTION_DAYS
 * ago, in every tenant (read as the owner, each change made in its tenant). The outbox keeps what
 * was sent (name, type, size, sha256) with storage_key null. The row is changed after its files
 * are deleted: a pass cut short deletes them again next time (deleting is idempotent).
 */
export async function expireMailAttachments(platform: Platform, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MAIL_ATTACHMENT_RETENTION_DAYS * 86_400_000);
  let handled = 0;
  for (;;) {
    const batch = await platform.db.ownerDrizzle((db) =>
      db
        .select({ tenantId: mailOutbox.tenantId, id: mailOutbox.id, attachments: mailOutbox.attachments })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.attachmentsStored, true), sql`${mailOutbox.createdAt} < ${before.toISOString()}::timestamptz`))
        .limit(BATCH),
    );
    for (const row of batch) {
      for (const file of row.attachments) if (file.storage_key) await platform.storage.delete(file.storage_key);
      const kept: MailAttachmentRecord[] = row.attachments.map((file) => ({ ...file, storage_key: null }));
      await platform.db.transaction(row.tenantId, (tx) =>
        tx
          .update(mailOutbox)
          .set({ attachments: kept, attachmentsStored: false })
          .where(and(eq(mailOutbox.tenantId, row.tenantId), eq(mailOutbox.id, row.id))),
      );
    }
    handled += batch.length;
    if (batch.length < BATCH) return handled;
  }
}

/** The expiry, every hour, on the job queue. */
export function scheduleMailAttachmentExpiry(platform: Platform): Promise<void> {
  return scheduleRecurring(platform, {
    queue: MAIL_ATTACHMENT_EXPIRY_QUEUE,
    everySeconds: 3600,
    firstAfterSeconds: 150,
    run: async () => {
      const expired = await expireMailAttachments(platform);
      if (expired > 0) platform.log.info({ expired }, 'mail attachments past retention: deleted');
    },
  });
}
