import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { tooManyRequests } from './http-error.js';

export interface Limit {
  /** Failures allowed in the window before the key is refused. */
  max: number;
  windowMs: number;
}

/**
 * Counts failed guesses (card tokens, email codes, passwords) per key in the database, so the limit
 * holds across restarts and across upstream instances. A key over its limit gets 429 until its
 * window ends.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 when `key` has used up its failures. */
  async check(key: string, limit: Limit): Promise<void> {
    const row = await this.db.selectFrom('throttles').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
    if (row && row.reset_at > this.now() && row.count >= limit.max) throw tooManyRequests();
  }

  /** Records one failure for `key`. */
  async fail(key: string, limit: Limit): Promise<void> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + limit.windowMs);
    await this.db
      .insertInto('throttles')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when throttles.reset_at <= ${now} then 1 else throttles.count + 1 end`,
          reset_at: sql<Date>`case when throttles.reset_at <= ${now} then ${resetAt} else throttles.reset_at end`,
        }),
      )
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttles').where('key', '=', key).execute();
  }
}

/** The limits used across the upstream. */
export const LIMITS = {
  /** Wrong scratch tokens for one card. */
  cardToken: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong scratch tokens across all cards (a sweep over many card ids). */
  cardTokenGlobal: { max: 200, windowMs: 15 * 60_000 },
  /** Wrong email codes for one address. */
  emailCode: { max: 5, windowMs: 15 * 60_000 },
  /** Codes sent to one address. */
  emailSend: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account. */
  login: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong attendee tokens on a chip. */
  chipToken: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;
