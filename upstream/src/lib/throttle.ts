import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { tooManyRequests } from './http-error.js';

export interface Limit {
  /** Attempts allowed in the window; the next one is refused with 429. */
  max: number;
  windowMs: number;
  /**
   * Slows attempts down instead of refusing them while the count fills: once the count passes `after`,
   * each attempt waits `fromMs`, doubling per attempt up to `maxMs`, until `max` refuses outright.
   */
  delay?: { after: number; fromMs: number; maxMs: number };
}

export interface AttemptResult {
  /** This attempt's number in the key's current window (1 for the first). */
  count: number;
  resetAt: Date;
  /** How long this attempt was held back before it was let through. */
  delayedMs: number;
}

/** Waits `ms` before resolving; the app's is a timer, tests pass their own so delays cost no time. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait for attempt number `count` under `limit` (0 when the limit has no delay or is not yet that full). */
export function delayFor(limit: Limit, count: number): number {
  if (!limit.delay || count <= limit.delay.after) return 0;
  const doublings = Math.min(count - limit.delay.after - 1, 30);
  return Math.min(limit.delay.maxMs, limit.delay.fromMs * 2 ** doublings);
}

/**
 * Counts guesses (card tokens, email codes, passwords) per key in the database, so a limit holds
 * across restarts and across upstream instances. Counting and deciding are one atomic statement: an
 * attempt first takes its number, and only attempts numbered within the limit are evaluated, so a
 * burst of parallel guesses gets no more through than a sequence would.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /**
   * Counts one attempt on `key` and lets it through (after the limit's delay, if any) when its number
   * is within `limit.max`; throws 429 otherwise. Call it before evaluating the guess.
   */
  async attempt(key: string, limit: Limit): Promise<AttemptResult> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + limit.windowMs);
    const row = await this.db
      .insertInto('throttles')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when throttles.reset_at <= ${now} then 1 else throttles.count + 1 end`,
          reset_at: sql<Date>`case when throttles.reset_at <= ${now} then ${resetAt} else throttles.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (row.count > limit.max) throw tooManyRequests();
    const delayedMs = delayFor(limit, row.count);
    if (delayedMs > 0) await this.sleep(delayedMs);
    return { count: row.count, resetAt: new Date(row.reset_at), delayedMs };
  }

  /** Takes back one counted attempt on `key` (one that turned out to be the owner's own success). */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('throttles')
      .set({ count: sql<number>`throttles.count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  /** Forgets `key`'s attempts. */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttles').where('key', '=', key).execute();
  }

  /** @deprecated Racy (check, then count): use attempt(). Kept only until every caller is converted. */
  async check(key: string, limit: Limit): Promise<void> {
    const row = await this.db.selectFrom('throttles').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
    if (row && row.reset_at > this.now() && row.count >= limit.max) throw tooManyRequests();
  }

  /** @deprecated Racy (check, then count): use attempt(). Kept only until every caller is converted. */
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
