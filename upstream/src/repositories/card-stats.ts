import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { CardStatMetric, Database, Row } from '../db/schema.js';

/**
 * A card's aggregated counts: one row per profile, UTC day, metric and key, bumped in place. No
 * visitor's address, agent or cookie is ever written here.
 */

type DbLike = Kysely<Database> | Transaction<Database>;

/** The UTC day of a moment, as card_stats keys it ('YYYY-MM-DD'). */
export const statDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Counts one event, in one atomic upsert (parallel events on one row each add one). */
export async function countStat(db: DbLike, profileId: string, at: Date, metric: CardStatMetric, key = ''): Promise<void> {
  await db
    .insertInto('card_stats')
    .values({ profile_id: profileId, day: statDay(at), metric, key, count: 1 })
    .onConflict((oc) => oc.columns(['profile_id', 'day', 'metric', 'key']).doUpdateSet({ count: sql<number>`card_stats.count + 1` }))
    .execute();
}

/** A profile's rows from day `from` to day `to` (both 'YYYY-MM-DD', inclusive). */
export async function statsBetween(db: DbLike, profileId: string, from: string, to: string): Promise<Row<'card_stats'>[]> {
  return db.selectFrom('card_stats').selectAll().where('profile_id', '=', profileId).where('day', '>=', from).where('day', '<=', to).execute();
}
