import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';

/** A file carried by a mail; with a cid it is shown inline (the HTML refers to it as `cid:<cid>`). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The HTML version; the text version carries the same content. */
  html?: string;
  attachments?: MailAttachment[];
  /** Extra header fields (e.g. List-Unsubscribe), kept through the mail queue. */
  headers?: Record<string, string>;
  /** The message delivery this mail stands for: the mail queue records its outcome there (sent or failed). */
  deliveryId?: string;
}

/** What the app sends mail through (app.mailer): in the product the queue of mail/queue.ts. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /**
   * Stores a mail for the queue to deliver, inside the caller's transaction (it exists only if that
   * commits), with no attempt of the caller's own; absent for a mailer without a queue.
   */
  store?(mail: Mail, within: Db): Promise<void>;
  /**
   * Stores a mail inside the caller's transaction, held for the caller's own attempt, and answers that
   * attempt, to run once the transaction has committed. If it never runs (the process ended first),
   * the queue delivers the mail when the hold ends. Absent for a mailer without a queue.
   */
  hold?(mail: Mail, within: Db): Promise<() => Promise<void>>;
  /** Defines its delivery job on the app's job queue (called once, when the app registers); absent for a mailer without a queue. */
  /** Hands the mailer its job queue and log; `onSettled` hears each organiser-message delivery's outcome. */
  attach?(jobs: JobQueue, log: MailLog, onSettled?: DeliverySettled): void;
}

/** Records the outcome of the organiser-message delivery a mail stood for (`Mail.deliveryId`). */
export type DeliverySettled = (deliveryId: string, outcome: 'sent' | 'failed') => Promise<void>;

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Delivers one mail now, or throws. The queue puts one of these behind app.mailer. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: Mail): Promise<void>;
}

/** How long one SMTP conversation may take before it counts as failed (and is retried later). */
const SMTP_TIMEOUT_MS = 30_000;

/** Delivers through the SMTP server at `smtpUrl` (smtp(s)://user:pass@host:port). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, cid: a.cid })),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}

/**
 * DEV ONLY: keeps mail in the database's outbox, readable at /dev/outbox, when no SMTP server is
 * configured (a newcomer's `pnpm start`). Only the subject and the text version are kept.
 */
export function outboxTransport(db: Db): MailTransport {
  return {
    kind: 'outbox',
    async deliver(mail) {
      await db.insertInto('mail_outbox').values({ to_address: mail.to, subject: mail.subject, text: mail.text }).execute();
    },
  };
}

/** A mailer that delivers at once without a queue (a failure is the caller's). */
export function directMailer(transport: MailTransport): Mailer {
  return { kind: transport.kind, send: (mail) => transport.deliver(mail) };
}

/** SMTP without a queue. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  return directMailer(smtpTransport(smtpUrl, from));
}

/** DEV ONLY: the outbox without a queue. */
export function outboxMailer(db: Db): Mailer {
  return directMailer(outboxTransport(db));
}
