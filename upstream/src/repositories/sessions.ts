import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../db/schema.js';

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
