import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';

/** Event chips and the attendee each one is bound to. */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function chipById(db: DbLike, chipId: string): Promise<Row<'chips'> | undefined> {
  return db.selectFrom('chips').selectAll().where('id', '=', chipId).executeTakeFirst();
}

/** An event's chips in the order they were made. */
export async function chipsOfEvent(db: DbLike, eventId: string): Promise<{ id: string; attendee_id: string | null }[]> {
  return db.selectFrom('chips').select(['id', 'attendee_id']).where('event_id', '=', eventId).orderBy('created_at').orderBy('id').execute();
}

/** The chip an attendee holds, if any. */
export async function chipOfAttendee(db: DbLike, attendeeId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('chips').select('id').where('attendee_id', '=', attendeeId).executeTakeFirst();
}

/** Binds a free chip to an attendee, stamped with the change's seq; false when the chip was taken meanwhile. */
export async function bindFreeChip(db: DbLike, chipId: string, attendeeId: string, seq: number): Promise<boolean> {
  const bound = await db
    .updateTable('chips')
    .set({ attendee_id: attendeeId, seq })
    .where('id', '=', chipId)
    .where('attendee_id', 'is', null)
    .executeTakeFirst();
  return bound.numUpdatedRows > 0n;
}
