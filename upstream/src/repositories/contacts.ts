import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** Contacts people left on a card profile. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** A contact with the title of the event it was swapped in (null when it was not, or the event is gone). */
export type ContactRow = Row<'contacts'> & { event_title: string | null };

export async function insertContact(db: DbLike, contact: NewRow<'contacts'>): Promise<void> {
  await db.insertInto('contacts').values(contact).execute();
}

/**
 * Stores a contact swapped in an arena, once per profile and other attendee (the unique index): a
 * repeat, however concurrent, stores nothing. Answers whether it stored one.
 */
export async function insertSwappedContact(db: DbLike, contact: NewRow<'contacts'> & { attendee_id: string }): Promise<boolean> {
  const stored = await db
    .insertInto('contacts')
    .values(contact)
    .onConflict((oc) => oc.columns(['profile_id', 'attendee_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Whether the profile holds a contact of the attendee. */
export async function hasContactOf(db: DbLike, profileId: string, attendeeId: string): Promise<boolean> {
  const row = await db.selectFrom('contacts').select('id').where('profile_id', '=', profileId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  return row !== undefined;
}

function withEvent(db: DbLike) {
  return db.selectFrom('contacts').leftJoin('events', 'events.id', 'contacts.event_id').selectAll('contacts').select('events.title as event_title');
}

/** A profile's contacts, newest first, with the event each was swapped in. */
export async function contactsOfProfile(db: DbLike, profileId: string): Promise<ContactRow[]> {
  return withEvent(db).where('contacts.profile_id', '=', profileId).orderBy('contacts.created_at', 'desc').orderBy('contacts.id').execute();
}

/** One contact with its event (after a write that answers it). */
export async function contactWithEvent(db: DbLike, contactId: string): Promise<ContactRow | undefined> {
  return withEvent(db).where('contacts.id', '=', contactId).executeTakeFirst();
}

/** A contact on the user's own card; undefined for another owner's contact as for an unknown one. */
export async function ownContact(db: DbLike, userId: string, contactId: string): Promise<Row<'contacts'> | undefined> {
  return db
    .selectFrom('contacts')
    .innerJoin('card_profiles', 'card_profiles.id', 'contacts.profile_id')
    .selectAll('contacts')
    .where('contacts.id', '=', contactId)
    .where('card_profiles.user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteContact(db: DbLike, contactId: string): Promise<void> {
  await db.deleteFrom('contacts').where('id', '=', contactId).execute();
}

/**
 * Sets (or, with null, clears) the note on a contact of the user's own card, in one statement, so the
 * owner check and the write cannot be split by a concurrent change. Undefined for another owner's
 * contact as for an unknown one.
 */
export async function setOwnContactNote(db: DbLike, userId: string, contactId: string, note: string | null): Promise<Row<'contacts'> | undefined> {
  return db
    .updateTable('contacts')
    .set({ note })
    .where('id', '=', contactId)
    .where('profile_id', 'in', db.selectFrom('card_profiles').select('id').where('user_id', '=', userId))
    .returningAll()
    .executeTakeFirst();
}
