import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** Contacts people left on a card profile. */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function insertContact(db: DbLike, contact: NewRow<'contacts'>): Promise<void> {
  await db.insertInto('contacts').values(contact).execute();
}

/** A profile's contacts, newest first. */
export async function contactsOfProfile(db: DbLike, profileId: string): Promise<Row<'contacts'>[]> {
  return db.selectFrom('contacts').selectAll().where('profile_id', '=', profileId).orderBy('created_at', 'desc').orderBy('id').execute();
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
