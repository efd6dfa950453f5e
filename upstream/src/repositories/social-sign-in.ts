import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** Social sign-ins in flight (by the hash of their state) and the provider identities linked to users. */

type DbLike = Kysely<Database> | Transaction<Database>;

/** Stores a started sign-in, and forgets the ones that expired unused. */
export async function storeSignInStart(db: DbLike, start: NewRow<'social_sign_ins'>, now: Date): Promise<void> {
  await db.deleteFrom('social_sign_ins').where('expires_at', '<=', now).execute();
  await db.insertInto('social_sign_ins').values(start).execute();
}

/**
 * Takes the sign-in started with this state hash out of the table and answers it (undefined when
 * there is none). One statement: of any number of callbacks with the same state, one gets the row.
 */
export async function takeSignInStart(db: DbLike, stateHash: string): Promise<Row<'social_sign_ins'> | undefined> {
  return db.deleteFrom('social_sign_ins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

/** The user a provider identity is linked to. */
export async function userBySocialIdentity(db: DbLike, issuer: string, subject: string) {
  return db
    .selectFrom('social_identities')
    .innerJoin('users', 'users.id', 'social_identities.user_id')
    .select(['users.id', 'users.email'])
    .where('social_identities.issuer', '=', issuer)
    .where('social_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** Links a provider identity to a user; an identity already linked keeps its user. */
export async function linkSocialIdentity(db: DbLike, link: { issuer: string; subject: string; user_id: string; created_at: Date }): Promise<void> {
  await db
    .insertInto('social_identities')
    .values(link)
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}
