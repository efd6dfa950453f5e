import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Attendees as the check-in, the token page, the chips and the arena read and write them. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** The attendee of the event, if confirmed (nobody for anyone else), to select from. */
export function confirmedAttendeeOf(db: DbLike, eventId: string, attendeeId: string) {
  return db.selectFrom('attendees').where('id', '=', attendeeId).where('event_id', '=', eventId).where('status', '=', 'confirmed');
}

/** A confirmed attendee of an event with their check-in. */
export async function confirmedAttendeeCheckIn(db: DbLike, eventId: string, attendeeId: string): Promise<{ id: string; checked_in: boolean } | undefined> {
  return confirmedAttendeeOf(db, eventId, attendeeId).select(['id', 'checked_in']).executeTakeFirst();
}

/**
 * Sets the check-in (toggles it when `wanted` is undefined), stamped with the change's seq; answers the
 * new state. A check-in records `stamp` (when, and by whom), unless the attendee is in already;
 * checking out clears it.
 */
export async function setCheckedIn(
  trx: Transaction<Database>,
  attendeeId: string,
  wanted: boolean | undefined,
  seq: number,
  stamp: { at: Date; by: string },
): Promise<boolean> {
  const next = wanted === undefined ? sql<boolean>`not checked_in` : sql<boolean>`${wanted}::boolean`;
  const updated = await trx
    .updateTable('attendees')
    .set({
      checked_in: next,
      // Someone already in keeps the check-in that counted (a second switch or a door scan in a race changes nothing).
      checked_in_at: sql<Date | null>`case when not ${next} then null when checked_in then checked_in_at else ${stamp.at}::timestamptz end`,
      checked_in_by: sql<string | null>`case when not ${next} then null when checked_in then checked_in_by else ${stamp.by}::text end`,
      seq,
    })
    .where('id', '=', attendeeId)
    .returning('checked_in')
    .executeTakeFirstOrThrow();
  return updated.checked_in;
}

export interface TokenHolder {
  id: string;
  event_id: string;
  name: string;
  image: string;
  checked_in: boolean;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  price_category: string;
}

/** The confirmed attendee whose access token (tid) hashes to `tidHash`, with their ticket's title. */
export async function confirmedAttendeeByTidHash(db: DbLike, tidHash: string): Promise<TokenHolder | undefined> {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.event_id', 'attendees.name', 'attendees.image', 'attendees.checked_in', 'attendees.checked_in_at', 'attendees.checked_in_by', 'event_prices.title as price_category'])
    .where('attendees.tid_hash', '=', tidHash)
    .where('attendees.status', '=', 'confirmed')
    .executeTakeFirst();
}

/** The confirmed attendee whose tid hashes to `tidHash`, with whether their ticket includes a chip. */
export async function confirmedTicketByTidHash(db: DbLike, tidHash: string): Promise<{ id: string; event_id: string; with_chips: boolean } | undefined> {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.event_id', 'event_prices.with_chips'])
    .where('attendees.tid_hash', '=', tidHash)
    .where('attendees.status', '=', 'confirmed')
    .executeTakeFirst();
}

/** A chip's holder as the chip page shows them: name, image, check-in and ticket title. */
export async function chipHolder(db: DbLike, attendeeId: string) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.name', 'attendees.image', 'attendees.checked_in', 'event_prices.title'])
    .where('attendees.id', '=', attendeeId)
    .where('attendees.status', '=', 'confirmed')
    .executeTakeFirst();
}

/** A confirmed attendee whose access can be mailed again: who they are and their ticket's title. */
export interface TicketOwner {
  id: string;
  name: string;
  email: string;
  ticket: string;
}

/** Confirmed attendees with what their access mail needs: who they are, their event and their ticket's title. */
const ticketOwners = (db: DbLike) =>
  db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.event_id', 'attendees.name', 'attendees.email', 'event_prices.title as ticket'])
    .where('attendees.status', '=', 'confirmed');

/** The confirmed attendee `attendeeId` of event `eventId`, with their ticket's title. */
export async function ticketOwner(db: DbLike, eventId: string, attendeeId: string): Promise<TicketOwner | undefined> {
  return ticketOwners(db).where('attendees.id', '=', attendeeId).where('attendees.event_id', '=', eventId).executeTakeFirst();
}

/** Every confirmed attendee of event `eventId` registered with `email` (compared case-insensitively), with their tickets' titles. */
export async function ticketOwnersByEmail(db: DbLike, eventId: string, email: string): Promise<TicketOwner[]> {
  return ticketOwners(db)
    .where('attendees.event_id', '=', eventId)
    .where(sql<string>`lower(attendees.email)`, '=', sql<string>`lower(${email})`)
    .orderBy('attendees.created_at')
    .execute();
}

/** Gives a confirmed attendee a new access token (its hash): the old one stops working. Answers whether they were still confirmed. */
export async function replaceAccessToken(db: DbLike, attendeeId: string, tidHash: string): Promise<boolean> {
  const result = await db.updateTable('attendees').set({ tid_hash: tidHash }).where('id', '=', attendeeId).where('status', '=', 'confirmed').executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The confirmed attendee `attendeeId`, with their event and their ticket's title. */
export async function ticketOwnerById(db: DbLike, attendeeId: string): Promise<(TicketOwner & { event_id: string }) | undefined> {
  return ticketOwners(db).where('attendees.id', '=', attendeeId).executeTakeFirst();
}

/** Stores a "Lost your ticket?" link (its token's hash) for attendee `attendeeId`. */
export async function insertTicketRecovery(db: DbLike, recovery: { token_hash: string; attendee_id: string; expires_at: Date }, now: Date): Promise<void> {
  await db
    .insertInto('ticket_recoveries')
    .values({ ...recovery, used_at: null, created_at: now })
    .execute();
}

/**
 * Uses a "Lost your ticket?" link once, in one statement: only the first of parallel uses takes it, and
 * only before it expires. Every other link still out for the same attendee ends with it. Answers the
 * attendee, or undefined when the link is unknown, used or expired.
 */
export async function takeTicketRecovery(db: Kysely<Database>, tokenHash: string, now: Date): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('ticket_recoveries')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('attendee_id')
      .executeTakeFirst();
    if (!taken) return undefined;
    await trx.updateTable('ticket_recoveries').set({ used_at: now }).where('attendee_id', '=', taken.attendee_id).where('used_at', 'is', null).execute();
    return taken.attendee_id;
  });
}
