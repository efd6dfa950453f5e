import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Sends through SMTP. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** Keeps mail in the database's outbox, readable at /dev/outbox (no SMTP configured). */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insertInto('mail_outbox').values({ to_address: mail.to, subject: mail.subject, text: mail.text }).execute();
    },
  };
}
