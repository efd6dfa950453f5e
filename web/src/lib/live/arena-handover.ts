import { keptById } from '../kept-by-id.js';

/**
 * A server-rendered arena hands its view to the live page that takes it over, with no schema: in
 * memory for the take-over, and on the device for a later visit with no network. arena-cache.ts reads
 * both, each checked with the realtime schema.
 */

/** Where the arenas' views are kept on the device. */
export const ARENA_VIEWS_KEY = 'arenaViews';

/** How many arenas a device keeps (an attendee rarely has more than a few events at once). */
export const ARENA_VIEWS_KEPT = 3;

const keptAsSent = keptById<unknown>(ARENA_VIEWS_KEY, (value) => value, ARENA_VIEWS_KEPT);
const handed = new Map<string, unknown>();

/** The server's view of the arena `tid`, for the live page about to take the page over. */
export function handOverArenaView(tid: string, view: unknown): void {
  handed.set(tid, view);
  keptAsSent.save(tid, view);
}

/**
 * The view handed over for `tid`, until the live page keeps a view of its own (then dropped, so a
 * later visit reads the device's newer one). Not dropped on read: a render may run again before it
 * is committed.
 */
export function handedArenaView(tid: string): unknown {
  return handed.get(tid);
}

export function dropHandedArenaView(tid: string): void {
  handed.delete(tid);
}
