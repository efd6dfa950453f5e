import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound } from '../lib/http-error.js';
import { noteLiveChange } from '../lib/live-changes.js';
import { EVENT_NOT_FOUND_MESSAGE } from '../repositories/events.js';

/**
 * The event's change counter (events.seq) orders everything a live viewer must see: group and
 * private chat posts, check-ins, chip bindings, confirmed registrations and event edits.
 *
 * A change runs in one transaction that FIRST does `update events set seq = seq + 1 ... returning seq`
 * and then stamps the rows it writes with that number. The update takes the event row's lock, so
 * concurrent writers of one event queue behind each other: a writer gets seq N+1 only after the writer
 * of N has committed (or rolled back, giving its number to the next one). Hence:
 *
 * - seqs are unique and contiguous per event;
 * - once `events.seq` reads V, every change stamped <= V is committed and visible.
 *
 * A poller therefore reads the version first and then the rows with `since < seq <= version`
 * (index-backed by the (event_id, seq) indexes); the next poll passes `version` as `since`, so it
 * sees every committed change exactly once, whatever commits in between.
 *
 * Lock order: the event row first, then the rows of the event (tickets, attendees, chips). Writers
 * that lock a ticket row without the event row (a paid reservation, a declined payment) never take
 * the event row afterwards, so no two writers wait on each other in a cycle.
 */

/** Bumps the event's counter inside `trx` and returns the new value; throws 404 for an unknown event. */
export async function bumpEventSeq(trx: Transaction<Database>, eventId: string, now?: Date): Promise<number> {
  const row = await trx
    .updateTable('events')
    .set((eb) => ({ seq: eb('seq', '+', 1), ...(now ? { updated_at: now } : {}) }))
    .where('id', '=', eventId)
    .returning('seq')
    .executeTakeFirst();
  if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  noteLiveChange(eventId);
  return row.seq;
}

/**
 * Runs `change` in a transaction that has bumped the event's counter first; `seq` is the number to
 * stamp on every row the change writes. Anything thrown rolls the whole change back, counter included.
 */
export async function inEventChange<T>(
  db: Kysely<Database>,
  eventId: string,
  change: (trx: Transaction<Database>, seq: number) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const seq = await bumpEventSeq(trx, eventId);
    return change(trx, seq);
  });
}
