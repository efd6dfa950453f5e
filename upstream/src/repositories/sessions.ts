import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../db/schema.js';
import { accountName } from './accounts.js';

/** Sessions, named by their public id; the access token is stored only as its hash. */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function insertSession(db: DbLike, session: NewRow<'sessions'>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Ends a session of the user; false when the user has no session with that id. */
export async function deleteSession(db: DbLike, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return ended.numDeletedRows > 0n;
}

/** The user's unexpired sessions, newest first. */
export async function liveSessions(db: DbLike, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends every session of the user but `keepId`; answers how many ended. */
export async function deleteOtherSessions(db: DbLike, userId: string, keepId: string): Promise<number> {
  const ended = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** The session whose access token hashes to `tokenHash`, with its user (named by accountName). */
export async function sessionByTokenHash(db: DbLike, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('card_profiles', 'card_profiles.user_id', 'users.id')
    .select(accountName.as('name'))
    .select(['users.id', 'users.email', 'users.image', 'users.description', 'sessions.id as session_id', 'sessions.expires_at', 'sessions.last_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a session's use at `now`, unless it was recorded after `staleBefore` (a burst of requests writes the row once). */
export async function touchSession(db: DbLike, tokenHash: string, now: Date, staleBefore: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).where('last_used_at', '<=', staleBefore).execute();
}
