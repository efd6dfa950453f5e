import type { Limit } from '@tapcard/shared/constants';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { tooManyRequests } from './http-error.js';

export interface AttemptResult {
  /** This attempt's number in the key's current window (1 for the first). */
  count: number;
  resetAt: Date;
  /** How long this attempt was held back before it was let through. */
  delayedMs: number;
}

/** A guess let through by Throttle.guess. */
export interface Guess {
  /** The guess was right: its address starts afresh and it no longer counts against the target. */
  succeeded(): Promise<void>;
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
    const { count, resetAt } = await this.count(this.db, key, limit);
    if (count > limit.max) throw tooManyRequests();
    const delayedMs = delayFor(limit, count);
    if (delayedMs > 0) await this.sleep(delayedMs);
    return { count, resetAt, delayedMs };
  }

  /**
   * Counts one attempt on `key` as `attempt` does (no delays), but refuses past `limit.max` with the
   * error `refuse` makes from the window's end (e.g. a chat post's 'too_fast' with its retry time). With
   * `db` a transaction, the count is that transaction's: a change refused later takes it back.
   */
  async attemptOrRefuse(key: string, limit: Limit, refuse: (resetAt: Date) => Error, db: Db = this.db): Promise<AttemptResult> {
    const { count, resetAt } = await this.count(db, key, limit);
    if (count > limit.max) throw refuse(resetAt);
    return { count, resetAt, delayedMs: 0 };
  }

  /**
   * Counts one attempt on every key at once, each against its own limit, in one statement, and lets it
   * through only when every count is within its limit (no delays); throws 429 otherwise. The attempt
   * counts on every key even when another refuses it. Parallel attempts lock the keys in one order
   * (sorted), so each takes the same place in every count, and a burst gets no more through than a
   * sequence would.
   */
  async attemptAll(counters: readonly { key: string; limit: Limit }[]): Promise<void> {
    const now = this.now();
    const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows = await this.db
      .insertInto('throttles')
      .values(sorted.map(({ key, limit }) => ({ key, count: 1, reset_at: new Date(now.getTime() + limit.windowMs) })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when throttles.reset_at <= ${now} then 1 else throttles.count + 1 end`,
          reset_at: sql<Date>`case when throttles.reset_at <= ${now} then excluded.reset_at else throttles.reset_at end`,
        }),
      )
      .returning(['key', 'count'])
      .execute();
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    if (sorted.some(({ key, limit }) => (counts.get(key) ?? Infinity) > limit.max)) throw tooManyRequests();
  }

  /** Takes the attempt's number in the key's current window, starting a new window once the last has ended: one statement. */
  private async count(db: Db, key: string, limit: Limit): Promise<{ count: number; resetAt: Date }> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + limit.windowMs);
    const row = await db
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
    return { count: row.count, resetAt: new Date(row.reset_at) };
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

  /**
   * Counts one guess at `target` (an account, a card, a chip) by the client at `address` (clientKey):
   * first against `perAddress` for that target and address, then, only if that let it through,
   * against the target's `ceiling` over all addresses (which may slow it down). Throws 429 when
   * either is full. Call `succeeded` once the guess proved right: the owner's own success then
   * neither holds back their address nor fills the ceiling.
   */
  async guess(target: string, address: string, limits: { perAddress: Limit; ceiling: Limit }): Promise<Guess> {
    const mine = `${target}|ip:${address}`;
    await this.attempt(mine, limits.perAddress);
    await this.attempt(target, limits.ceiling);
    return {
      succeeded: async () => {
        await this.reset(mine);
        await this.release(target);
      },
    };
  }

  /**
   * Counts one guess at `target` as `guess` does for an unknown device (`who.device` null), or, for a
   * known device (its device credential's id, lib/device-credential.ts), against that device's own
   * `perDevice` budget alone: strangers filling the target's ceiling never refuse the owner's device,
   * and a device that fails too often locks only itself. `succeeded` clears the device's count.
   */
  async guessAs(
    target: string,
    who: { address: string; device: string | null },
    limits: { perAddress: Limit; ceiling: Limit; perDevice: Limit; deviceCeiling?: Limit },
  ): Promise<Guess> {
    if (who.device === null) return this.guess(target, who.address, limits);
    const mine = `${target}|device:${who.device}`;
    await this.attempt(mine, limits.perDevice);
    // Where strangers can make known devices themselves (a sign-up anyone may start), the known
    // devices together have a ceiling of their own, apart from the unknown devices' one.
    if (limits.deviceCeiling) await this.attempt(`${target}|devices`, limits.deviceCeiling);
    return { succeeded: () => this.reset(mine) };
  }

  /** Forgets every guess at `target` (Throttle.guess, guessAs), from all addresses and devices and its ceiling. */
  async forget(target: string): Promise<void> {
    const pattern = `${target.replace(/[\\%_]/g, (c) => `\\${c}`)}|%`;
    await this.db
      .deleteFrom('throttles')
      .where((eb) => eb.or([eb('key', '=', target), eb('key', 'like', pattern)]))
      .execute();
  }

  /** Forgets `key`'s attempts. */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttles').where('key', '=', key).execute();
  }
}
