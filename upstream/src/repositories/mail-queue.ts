import type { Kysely } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

type Db = Kysely<Database>;

/** Stores a mail to deliver; the caller may claim it at once (locked_until) to make the first attempt itself. */
export async function insertQueuedMail(db: Db, row: NewRow<'mail_queue'>): Promise<void> {
  await db.insertInto('mail_queue').values(row).execute();
}

/**
 * Claims the mail due longest ago (not given up on, not claimed by a live claim) until `until`, in one
 * statement: the row is locked by the inner select and others skip it (SKIP LOCKED), so two processes
 * never claim one mail. Undefined when nothing is due.
 */
export async function claimDueMail(db: Db, now: Date, until: Date): Promise<Row<'mail_queue'> | undefined> {
  return db
    .updateTable('mail_queue')
    .set({ locked_until: until })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('mail_queue')
        .select('id')
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A delivered mail leaves the queue. */
export async function deleteQueuedMail(db: Db, id: string): Promise<void> {
  await db.deleteFrom('mail_queue').where('id', '=', id).execute();
}

/** A failed attempt: the claim is released and the next attempt is due at `next`. */
export async function retryQueuedMail(db: Db, id: string, attempts: number, next: Date, error: string): Promise<void> {
  await db.updateTable('mail_queue').set({ attempts, next_attempt_at: next, locked_until: null, last_error: error }).where('id', '=', id).execute();
}

/** Given up on: kept (with its last error) but never tried again. */
export async function failQueuedMail(db: Db, id: string, attempts: number, now: Date, error: string): Promise<void> {
  await db.updateTable('mail_queue').set({ attempts, failed_at: now, locked_until: null, last_error: error }).where('id', '=', id).execute();
}

/** How many mails wait for delivery (not given up on). */
export async function pendingMailCount(db: Db): Promise<number> {
  const row = await db.selectFrom('mail_queue').select((eb) => eb.fn.countAll<string>().as('n')).where('failed_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}
