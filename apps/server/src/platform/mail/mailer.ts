import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, and } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { mailOutbox, type MailAttachmentRecord } from './outbox.table.ts';

/** A file sent with a message. */
export interface MailAttachment {
  /** The file's name as the recipient sees it. */
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Most bytes the attachments of one message may hold (mail servers commonly refuse above 20-25 MB). */
export const MAIL_ATTACHMENTS_MAX_BYTES = 15 * 1024 * 1024;

/** Where an attachment's bytes are kept (deleted by the retention, see mail/retention.ts). */
export const attachmentKey = (tenantId: string, messageId: string, index: number) => `tenants/${tenantId}/mail-attachments/${messageId}/${index}`;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Holds a sign-in secret: never shown in the outbox to anyone who could use it to sign in as the recipient. */
  sensitive?: boolean;
  /** Files sent with the message; recorded in the outbox (name, type, size, sha256) and kept in storage. */
  attachments?: readonly MailAttachment[];
}

/**
 * Every message is recorded in the tenant's outbox first. With SMTP_URL it is then sent through
 * SMTP and marked sent (or its error kept); without, the outbox is the delivery, readable by an
 * administrator. The SMTP client (nodemailer) is loaded with the first message sent, not at start.
 */
export class Mailer {
  private transport: Promise<Transporter> | null = null;

  private readonly db: Database;
  private readonly config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  private readonly storage: ObjectStorage | null;
  constructor(db: Database, config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, storage: ObjectStorage | null = null) {
    this.db = db;
    this.config = config;
    this.storage = storage;
  }

  get transportName(): 'smtp' | 'outbox' {
    return this.config.SMTP_URL ? 'smtp' : 'outbox';
  }

  private smtp(url: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url));
    return this.transport;
  }

  async send(tenantId: string, message: MailMessage): Promise<{ id: string; delivered: boolean }> {
    const attachments = message.attachments ?? [];
    if (attachments.reduce((sum, file) => sum + file.content.length, 0) > MAIL_ATTACHMENTS_MAX_BYTES) throw new Error('The attachments are larger than a message may carry.');
    if (attachments.length > 0 && !this.storage) throw new Error('This mailer keeps no attachments (no storage).');
    const records: MailAttachmentRecord[] = attachments.map((file) => ({
      name: file.filename,
      content_type: file.contentType,
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      storage_key: null,
    }));
    const [row] = await this.db.transaction(tenantId, (tx) =>
      tx
        .insert(mailOutbox)
        .values({ tenantId, recipient: message.to, subject: message.subject, text: message.text, transport: this.transportName, isSensitive: message.sensitive ?? false, attachments: records })
        .returning({ id: mailOutbox.id }),
    );
    const id = row!.id;
    if (attachments.length > 0) {
      // the bytes go to storage, then the row points at them (a file whose row never pointed at it is only an orphan, never a broken link)
      const kept = records.map((record, index) => ({ ...record, storage_key: attachmentKey(tenantId, id, index) }));
      for (const [index, file] of attachments.entries()) await this.storage!.put(kept[index]!.storage_key, Readable.from([file.content]), { contentType: file.contentType });
      await this.db.transaction(tenantId, (tx) =>
        tx
          .update(mailOutbox)
          .set({ attachments: kept, attachmentsStored: true })
          .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id))),
      );
    }
    if (!this.config.SMTP_URL) return { id, delivered: false };
    let error: string | null = null;
    try {
      const transport = await this.smtp(this.config.SMTP_URL);
      await transport.sendMail({
        from: this.config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(attachments.length > 0 ? { attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) } : {}),
      });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    await this.db.transaction(tenantId, (tx) =>
      tx
        .update(mailOutbox)
        .set(error ? { error } : { sentAt: new Date() })
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id))),
    );
    return { id, delivered: error === null };
  }

  close(): void {
    void this.transport?.then((transport) => transport.close()).catch(() => undefined);
  }
}
