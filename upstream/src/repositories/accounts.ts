import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow } from '../db/schema.js';

/** Users, their email verification codes, verified emails and password reset links. */

type DbLike = Kysely<Database> | Transaction<Database>;

/**
 * The name an account goes by, in a query that joins `card_profiles` (left, on its user) to `users`:
 * its card's name when it has a card (the owner renames themselves there), else the name given when the
 * account was made. The one source of the account's name wherever it is shown or mailed.
 */
export const accountName = sql<string>`coalesce(nullif(trim(card_profiles.title), ''), users.name)`;

/** The name `userId` goes by (accountName); undefined for an unknown user. */
export async function accountNameOf(db: DbLike, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('card_profiles', 'card_profiles.user_id', 'users.id')
    .select(accountName.as('name'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

export async function userByEmail(db: DbLike, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Whether `email` is verified, unexpired, with the ticket of this hash (a read: the ticket stays unused). */
export async function verificationTicketLive(db: DbLike, email: string, ticketHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('verified_emails')
    .select('email')
    .where('email', '=', email)
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses the verification ticket of `email` (inside the sign-up's transaction): false when it is not
 * that email's live ticket. One statement: of any number of sign-ups racing with one ticket, one
 * takes it; the others wait for that transaction and find the row gone (or back, if it rolled back).
 */
export async function takeVerificationTicket(trx: Transaction<Database>, email: string, ticketHash: string, now: Date): Promise<boolean> {
  const taken = await trx
    .deleteFrom('verified_emails')
    .where('email', '=', email)
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return taken.numDeletedRows > 0n;
}

/** Marks `email` verified until `until` with a new ticket (by its hash); an earlier ticket of the email stops working. */
export async function markEmailVerified(db: DbLike, email: string, ticketHash: string, until: Date): Promise<void> {
  await db
    .insertInto('verified_emails')
    .values({ email, expires_at: until, ticket_hash: ticketHash })
    .onConflict((oc) => oc.column('email').doUpdateSet({ expires_at: until, ticket_hash: ticketHash }))
    .execute();
}

/** Stores a new code for `email`; only the newest code is valid, so sending again retires the earlier ones. */
/**
 * Stores a new code for an email, ending the earlier live codes the same device asked for (codes other
 * devices wait for stay live: a stranger asking for codes cannot end the owner's).
 */
export async function storeEmailCode(db: Kysely<Database>, code: { id: string; email: string; code_hash: string; expires_at: Date; device: string }, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('email_codes').set({ used_at: now }).where('email', '=', code.email).where('device', '=', code.device).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_codes')
      .values({ ...code, used_at: null, created_at: now })
      .execute();
  });
}

/**
 * The unused, unexpired codes of an email that a guess is compared with: from the device that asked
 * for them (`device`), its own codes (and any from before devices were recorded); from an unknown
 * device, only the newest code, so live codes of several devices give a stranger no more chances.
 */
export async function liveEmailCodes(db: DbLike, email: string, now: Date, device: string | null): Promise<{ id: string; code_hash: string }[]> {
  const live = db
    .selectFrom('email_codes')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (device === null) return live.orderBy('created_at', 'desc').orderBy('id').limit(1).execute();
  return live.where((eb) => eb.or([eb('device', '=', device), eb('device', 'is', null)])).execute();
}

/**
 * Uses a code once and marks its email verified until `verified.until` with the ticket of `verified.ticketHash`;
 * false when the code was used meanwhile.
 */
export async function useEmailCode(db: Kysely<Database>, codeId: string, email: string, now: Date, verified: { until: Date; ticketHash: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx.updateTable('email_codes').set({ used_at: now }).where('id', '=', codeId).where('used_at', 'is', null).executeTakeFirst();
    if (taken.numUpdatedRows === 0n) return false;
    await markEmailVerified(trx, email, verified.ticketHash, verified.until);
    return true;
  });
}

/** Inserts a user and forgets the email's verification; false when the email already has an account. */
export async function insertUser(trx: Transaction<Database>, user: NewRow<'users'>): Promise<boolean> {
  const inserted = await trx
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 0n) return false;
  await trx.deleteFrom('verified_emails').where('email', '=', user.email).execute();
  return true;
}

/** What the account page shows of the user's card (none yet: undefined). */
export async function cardOfUser(db: DbLike, userId: string) {
  return db.selectFrom('card_profiles').select(['link', 'image', 'description']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertPasswordReset(db: DbLike, reset: { token_hash: string; user_id: string; expires_at: Date }, now: Date): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...reset, used_at: null, created_at: now })
    .execute();
}

export async function passwordResetByHash(db: DbLike, tokenHash: string) {
  return db.selectFrom('password_resets').select(['user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses a reset link once: every other outstanding link of the user dies with it, the password is set and
 * every session of the user ends. False (nothing changed) when the link was used meanwhile.
 */
export async function usePasswordReset(db: Kysely<Database>, tokenHash: string, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) return false;
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await setPasswordEndingSessions(trx, userId, passwordHash, now);
    return true;
  });
}

export async function userEmailById(db: DbLike, userId: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return user?.email;
}

export async function passwordHashOf(db: DbLike, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.password_hash;
}

/**
 * Sets a user's password and ends every session of theirs and every reset link still out (inside the
 * caller's transaction): a link mailed for the old password must not undo the new one.
 */
export async function setPasswordEndingSessions(trx: Transaction<Database>, userId: string, passwordHash: string, now: Date): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
