import { sql } from 'kysely';
import { LIMITS, type Limit } from '@tapcard/shared/constants';
import type { Db } from '../db/database.js';

/** Bytes (`max`) a key may store in one fixed window. */
export type ByteBudget = Limit & { unit: 'bytes' };

/** A visitor's uploads, per client address, and a signed-in person's, per account. */
export const UPLOAD_BUDGETS = {
  anonymous: LIMITS.uploadBytesAnonymous,
  account: LIMITS.uploadBytesAccount,
} as const satisfies Record<string, ByteBudget>;

/** Whose budget an upload spends: the signed-in person's account, else the client address's (clientKey). */
export function uploadBudgetOf(userId: string | null, address: string): { key: string; budget: ByteBudget } {
  return userId ? { key: `upload-bytes:user:${userId}`, budget: UPLOAD_BUDGETS.account } : { key: `upload-bytes:ip:${address}`, budget: UPLOAD_BUDGETS.anonymous };
}

/** Bytes taken from a key's budget before they are stored. */
export interface Reservation {
  /** Gives back `bytes` of the reservation (all of it when omitted): the upload failed, or was smaller. */
  release(bytes?: number): Promise<void>;
}

/**
 * Takes `bytes` from `key`'s budget in one atomic statement, or returns null when they do not fit: the
 * check and the count are one upsert on the throttles table (so the budget holds across restarts and
 * upstream instances), and parallel uploads can never together pass the budget. A window starts with a
 * key's first reservation and ends `windowMs` later.
 */
export async function reserveBytes(db: Db, key: string, bytes: number, budget: ByteBudget, now: Date): Promise<Reservation | null> {
  if (bytes > budget.max) return null;
  const resetAt = new Date(now.getTime() + budget.windowMs);
  const row = await db
    .insertInto('throttles')
    .values({ key, count: bytes, reset_at: resetAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql<number>`case when throttles.reset_at <= ${now} then excluded.count else throttles.count + excluded.count end`,
          reset_at: sql<Date>`case when throttles.reset_at <= ${now} then excluded.reset_at else throttles.reset_at end`,
        })
        .where(sql<boolean>`throttles.reset_at <= ${now} or throttles.count + excluded.count <= ${budget.max}`),
    )
    .returning(['reset_at'])
    .executeTakeFirst();
  if (!row) return null;
  const window = new Date(row.reset_at);
  let held = bytes;
  return {
    release: async (amount = held) => {
      const given = Math.min(Math.max(0, amount), held);
      if (given === 0) return;
      held -= given;
      // Only within the window that took them: a new window starts from nothing.
      await db
        .updateTable('throttles')
        .set({ count: sql<number>`greatest(throttles.count - ${given}, 0)` })
        .where('key', '=', key)
        .where('reset_at', '=', window)
        .execute();
    },
  };
}
