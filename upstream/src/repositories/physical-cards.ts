import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';

/** The physical cards bound to a profile, as their owner manages them (lock, replace). */

type DbLike = Kysely<Database> | Transaction<Database>;

/** The cards bound to a profile, newest first. */
export async function cardsOfProfile(db: DbLike, profileId: string): Promise<Row<'physical_cards'>[]> {
  return db
    .selectFrom('physical_cards')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('activated_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Cards by id, each row locked until the transaction ends; locked in id order, so two transactions never wait on each other in a ring. */
export async function lockCards(trx: Transaction<Database>, ids: readonly string[]): Promise<Row<'physical_cards'>[]> {
  return trx.selectFrom('physical_cards').selectAll().where('id', 'in', [...ids]).orderBy('id').forUpdate().execute();
}

export async function setCardLock(db: DbLike, cardId: string, lockedAt: Date | null): Promise<void> {
  await db.updateTable('physical_cards').set({ locked_at: lockedAt }).where('id', '=', cardId).execute();
}

/** Marks a card replaced: locked for good (its first lock time kept). */
export async function retireCard(db: DbLike, cardId: string, now: Date): Promise<void> {
  await db
    .updateTable('physical_cards')
    .set((eb) => ({ replaced_at: now, locked_at: eb.fn.coalesce('locked_at', eb.val(now)) }))
    .where('id', '=', cardId)
    .execute();
}

export async function setLinkOff(db: DbLike, profileId: string, linkOff: boolean): Promise<void> {
  await db.updateTable('card_profiles').set({ link_off: linkOff }).where('id', '=', profileId).execute();
}

/** Records a tap of a card and answers the card with its profile's link (null while it has none); undefined for an unknown card. */
export async function tapCard(db: DbLike, cardId: string, now: Date) {
  const card = await db
    .updateTable('physical_cards')
    .set({ last_tap_at: now })
    .where('id', '=', cardId)
    .returning(['id', 'type', 'status', 'profile_id', 'locked_at', 'replaced_at'])
    .executeTakeFirst();
  if (!card) return undefined;
  const profile = card.profile_id ? await db.selectFrom('card_profiles').select('link').where('id', '=', card.profile_id).executeTakeFirst() : undefined;
  return { ...card, link: profile?.link ?? null };
}
