import { eq, and } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { mailOutbox } from './outbox.table.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Holds a sign-in secret: never shown in the outbox to anyone who could use it to sign in as the recipient. */
  sensitive?: boolean;
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
  constructor(db: Database, config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>) {
    this.db = db;
    this.config = config;
  }

  get transportName(): 'smtp' | 'outbox' {
    return this.config.SMTP_URL ? 'smtp' : 'outbox';
  }

  private smtp(url: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url));
    return this.transport;
  }

  async send(tenantId: string, message: MailMessage): Promise<{ id: string; delivered: boolean }> {
    const [row] = await this.db.transaction(tenantId, (tx) =>
      tx
        .insert(mailOutbox)
        .values({ tenantId, recipient: message.to, subject: message.subject, text: message.text, transport: this.transportName, isSensitive: message.sensitive ?? false })
        .returning({ id: mailOutbox.id }),
    );
    const id = row!.id;
    if (!this.config.SMTP_URL) return { id, delivered: false };
    let error: string | null = null;
    try {
      const transport = await this.smtp(this.config.SMTP_URL);
      await transport.sendMail({ from: this.config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
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
