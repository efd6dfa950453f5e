import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** A ticket holder's own changes: the name on the ticket, and the ticket given to someone else. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** Renames a confirmed attendee who is not checked in, stamped with the change's seq. Answers whether it did. */
export async function renameUnlessCheckedIn(trx: Transaction<Database>, attendeeId: string, name: string, seq: number): Promise<boolean> {
  const result = await trx
    .updateTable('attendees')
    .set({ name, seq })
    .where('id', '=', attendeeId)
    .where('status', '=', 'confirmed')
    .where('checked_in', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface Transferred {
  /** The old holder's row, now 'transferred'. */
  from: string;
  /** The new holder's row. */
  to: string;
  /** The registration the ticket began as (its transfers are counted there). */
  origin: string;
}

/**
 * Moves a ticket to a new holder in one statement: the row whose access token hashes to `tidHash`
 * becomes 'transferred' only while it is confirmed and not checked in, and a confirmed row of the same
 * ticket is inserted for the new holder from what that update returned. Parallel calls with one token
 * can therefore move it once; the others find no confirmed row and answer undefined. The new row has
 * its own id (so its own door ticket), no photo and no phone (the new holder gave neither), and none of
 * the old holder's chats, blocks or settings.
 */
export async function transferByTidHash(
  trx: Transaction<Database>,
  move: { tidHash: string; newId: string; newTidHash: string; name: string; email: string; seq: number; now: Date },
): Promise<Transferred | undefined> {
  const { rows } = await sql<Transferred>`
    with old as (
      update attendees
      set status = 'transferred', transferred_at = ${move.now}, seq = ${move.seq}
      where tid_hash = ${move.tidHash} and status = 'confirmed' and not checked_in
      returning id, event_id, price_id, coalesce(origin_id, id) as origin
    )
    insert into attendees (id, event_id, price_id, tid_hash, name, email, phone, image, status, checked_in, seq, created_at, origin_id)
    select ${move.newId}, event_id, price_id, ${move.newTidHash}, ${move.name}, ${move.email}, '', '', 'confirmed', false, ${move.seq}, ${move.now}, origin
    from old
    returning (select id from old) as "from", id as "to", origin_id as origin
  `.execute(trx);
  return rows[0];
}

/** What a token that can no longer be used names: its row's status and check-in, or undefined for an unknown token. */
export async function ticketStateByTidHash(db: DbLike, tidHash: string): Promise<{ status: string; checked_in: boolean; email: string } | undefined> {
  return db.selectFrom('attendees').select(['status', 'checked_in', 'email']).where('tid_hash', '=', tidHash).executeTakeFirst();
}

/** Unbinds the chip bound to `attendeeId`, if any, stamped with the change's seq. */
export async function unbindChipOf(trx: Transaction<Database>, attendeeId: string, seq: number): Promise<void> {
  await trx.updateTable('chips').set({ attendee_id: null, seq }).where('attendee_id', '=', attendeeId).execute();
}

/**
 * Why attendee `attendeeId` of event `eventId` no longer holds a ticket: 'transferred' (they gave it to
 * someone else) or 'cancelled' (by them or the organiser; an unpaid hold that lapsed is no cancel);
 * undefined when they hold one, or the id is unknown.
 */
export async function revokedAs(db: DbLike, eventId: string, attendeeId: string): Promise<'transferred' | 'cancelled' | undefined> {
  const row = await db
    .selectFrom('attendees')
    .select(['status', 'cancelled_at'])
    .where('id', '=', attendeeId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (row?.status === 'transferred') return 'transferred';
  if (row?.status === 'cancelled' && row.cancelled_at !== null) return 'cancelled';
  return undefined;
}
