import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Mail, MailLog, Mailer } from '../lib/mailer.js';

interface LegacyStoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; cid?: string; content: string }[];
}

/**
 * Mail an earlier version left undelivered in its own table (mail_queue) moves onto the job queue, each
 * row in one transaction with its job, so an upgrade loses none and sends none twice. Run at start by
 * every upstream; rows another one is moving are skipped. Mail given up on there stays as it is.
 */
export async function carryOverQueuedMail(db: Db, mailer: Mailer, log: MailLog): Promise<number> {
  const store = mailer.store?.bind(mailer);
  if (!store) return 0;
  const exists = await sql<{ t: string | null }>`select to_regclass('mail_queue')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return 0;
  let moved = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('mail_queue').select(['id', 'payload']).where('failed_at', 'is', null).orderBy('next_attempt_at').limit(1).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return false;
      let mail: Mail;
      try {
        const stored = JSON.parse(row.payload) as LegacyStoredMail;
        mail = {
          to: stored.to,
          subject: stored.subject,
          text: stored.text,
          ...(stored.html !== undefined ? { html: stored.html } : {}),
          ...(stored.attachments ? { attachments: stored.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, ...(a.cid ? { cid: a.cid } : {}), content: Buffer.from(a.content, 'base64') })) } : {}),
        };
      } catch (err) {
        log.error({ err, mailId: row.id }, 'gave up a queued mail that cannot be read');
        await trx.updateTable('mail_queue').set({ failed_at: new Date(), last_error: 'unreadable payload' }).where('id', '=', row.id).execute();
        return true;
      }
      await store(mail, trx);
      await trx.deleteFrom('mail_queue').where('id', '=', row.id).execute();
      return true;
    });
    if (!done) return moved;
    moved += 1;
  }
}
