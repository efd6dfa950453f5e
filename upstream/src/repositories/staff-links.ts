import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** Staff links, door sessions, door check-ins and check-outs (migration 017), door conflicts (migration 020). */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function insertStaffLink(db: DbLike, row: NewRow<'staff_links'>): Promise<Row<'staff_links'>> {
  return db.insertInto('staff_links').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The event's staff links, newest first. */
export async function staffLinksOfEvent(db: DbLike, eventId: string): Promise<Row<'staff_links'>[]> {
  return db.selectFrom('staff_links').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Revokes a link of the event (a link revoked before keeps its first time); undefined when the event has no such link. */
export async function revokeStaffLink(db: DbLike, eventId: string, linkId: string, now: Date): Promise<Row<'staff_links'> | undefined> {
  return db
    .updateTable('staff_links')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
    .where('id', '=', linkId)
    .where('event_id', '=', eventId)
    .returningAll()
    .executeTakeFirst();
}

export async function staffLinkBySecretHash(db: DbLike, secretHash: string): Promise<Row<'staff_links'> | undefined> {
  return db.selectFrom('staff_links').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

export async function insertDoorSession(db: DbLike, tokenHash: string, linkId: string, now: Date): Promise<void> {
  await db.insertInto('door_sessions').values({ token_hash: tokenHash, link_id: linkId, created_at: now }).execute();
}

/** The link a door session was opened with, read fresh on every use (never cached: a revoke counts at once). */
export async function linkOfDoorSession(db: DbLike, tokenHash: string): Promise<Row<'staff_links'> | undefined> {
  return db
    .selectFrom('door_sessions')
    .innerJoin('staff_links', 'staff_links.id', 'door_sessions.link_id')
    .selectAll('staff_links')
    .where('door_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export interface DoorAttendeeRow {
  id: string;
  name: string;
  email: string;
  image: string;
  price_category: string;
  checked_in: boolean;
  checked_in_at: Date | null;
  checked_in_by: string | null;
}

const doorAttendeeColumns = [
  'attendees.id',
  'attendees.name',
  'attendees.email',
  'attendees.image',
  'event_prices.title as price_category',
  'attendees.checked_in',
  'attendees.checked_in_at',
  'attendees.checked_in_by',
] as const;

/** A confirmed attendee of the event, with their check-in. */
export async function doorAttendee(db: DbLike, eventId: string, attendeeId: string): Promise<DoorAttendeeRow | undefined> {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(doorAttendeeColumns)
    .where('attendees.id', '=', attendeeId)
    .where('attendees.event_id', '=', eventId)
    .where('attendees.status', '=', 'confirmed')
    .executeTakeFirst();
}

/** Confirmed attendees of the event whose name or email contains `text` (any case), by name. */
export async function searchDoorAttendees(db: DbLike, eventId: string, text: string, limit: number): Promise<DoorAttendeeRow[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(doorAttendeeColumns)
    .where('attendees.event_id', '=', eventId)
    .where('attendees.status', '=', 'confirmed')
    .where((eb) => eb.or([eb('attendees.name', 'ilike', pattern), eb('attendees.email', 'ilike', pattern)]))
    .orderBy('attendees.name')
    .orderBy('attendees.id')
    .limit(limit)
    .execute();
}

/**
 * Checks the attendee in if they are not yet, stamped with the change's seq, the time and who; only
 * one of any number of concurrent callers gets a row back.
 */
export async function checkInIfNot(trx: Transaction<Database>, attendeeId: string, by: string, at: Date, seq: number): Promise<boolean> {
  const row = await trx
    .updateTable('attendees')
    .set({ checked_in: true, checked_in_at: at, checked_in_by: by, seq })
    .where('id', '=', attendeeId)
    .where('checked_in', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks the attendee out if they are in (clearing when and where they came in), stamped with the
 * change's seq; with `notAfter`, only a check-in made at or before that time (a check-out scanned
 * offline does not undo a later re-entry). Only one of any number of concurrent callers gets true.
 */
export async function checkOutIfIn(trx: Transaction<Database>, attendeeId: string, seq: number, notAfter?: Date): Promise<boolean> {
  let q = trx
    .updateTable('attendees')
    .set({ checked_in: false, checked_in_at: null, checked_in_by: null, seq })
    .where('id', '=', attendeeId)
    .where('checked_in', '=', true);
  if (notAfter) q = q.where((eb) => eb.or([eb('checked_in_at', 'is', null), eb('checked_in_at', '<=', notAfter)]));
  const row = await q.returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function insertDoorConflict(trx: Transaction<Database>, row: NewRow<'door_conflicts'>): Promise<void> {
  await trx.insertInto('door_conflicts').values(row).execute();
}

export interface DoorConflictRow {
  id: string;
  attendee_id: string;
  name: string;
  image: string;
  gate: string;
  scanned_at: Date;
  first_checked_in_at: Date | null;
  first_checked_in_by: string | null;
  created_at: Date;
}

/** The event's door conflicts with the attendee's name and image, newest first. */
export async function doorConflictsOfEvent(db: DbLike, eventId: string, limit: number): Promise<DoorConflictRow[]> {
  return db
    .selectFrom('door_conflicts')
    .innerJoin('attendees', 'attendees.id', 'door_conflicts.attendee_id')
    .select([
      'door_conflicts.id',
      'door_conflicts.attendee_id',
      'attendees.name',
      'attendees.image',
      'door_conflicts.gate',
      'door_conflicts.scanned_at',
      'door_conflicts.first_checked_in_at',
      'door_conflicts.first_checked_in_by',
      'door_conflicts.created_at',
    ])
    .where('door_conflicts.event_id', '=', eventId)
    .orderBy('door_conflicts.created_at', 'desc')
    .orderBy('door_conflicts.seq', 'desc')
    .limit(limit)
    .execute();
}

export async function doorCheckOutTracked(db: DbLike, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('events').select('door_check_out').where('id', '=', eventId).executeTakeFirstOrThrow();
  return row.door_check_out;
}

export async function setDoorCheckOut(db: DbLike, eventId: string, checkOut: boolean): Promise<void> {
  await db.updateTable('events').set({ door_check_out: checkOut }).where('id', '=', eventId).execute();
}

export async function storedDoorCheckIn(db: DbLike, linkId: string, clientId: string): Promise<Row<'door_check_ins'> | undefined> {
  return db.selectFrom('door_check_ins').selectAll().where('link_id', '=', linkId).where('client_id', '=', clientId).executeTakeFirst();
}

/** Remembers a check-in's answer by client id; false when that client id already has one (the first stays). */
export async function storeDoorCheckIn(db: DbLike, row: NewRow<'door_check_ins'>): Promise<boolean> {
  const inserted = await db.insertInto('door_check_ins').values(row).onConflict((oc) => oc.columns(['link_id', 'client_id']).doNothing()).returning('client_id').executeTakeFirst();
  return inserted !== undefined;
}
