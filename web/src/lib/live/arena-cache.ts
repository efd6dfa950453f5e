import { arenaViewSchema, type ViewOf } from '@tapcard/shared/realtime';
import { keptById } from '../kept-by-id.js';
import { ARENA_VIEWS_KEPT, ARENA_VIEWS_KEY, dropHandedArenaView, handedArenaView } from './arena-handover.js';

/**
 * The arenas' last live views on this device, by access token, so an arena opened again with no
 * network shows its history. The token is already in the browser's history, so keeping what it shows
 * adds no access; the views are cleared with the session's data and a refused token drops its view.
 */

export { ARENA_VIEWS_KEPT };

function parseArenaView(value: unknown): ViewOf<'arena'> | null {
  const parsed = arenaViewSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const kept = keptById(ARENA_VIEWS_KEY, parseArenaView, ARENA_VIEWS_KEPT);

/** The kept views; keeping or forgetting one also drops a view a server-rendered arena handed over. */
export const arenaViews: typeof kept = {
  read: kept.read,
  save: (tid, view) => {
    dropHandedArenaView(tid);
    kept.save(tid, view);
  },
  forget: (tid) => {
    dropHandedArenaView(tid);
    kept.forget(tid);
  },
};

/** The view a server-rendered arena handed over (arena-handover.ts), else the one the device kept. */
export function startingArenaView(tid: string): ViewOf<'arena'> | null {
  const handed = handedArenaView(tid);
  return (handed === undefined ? null : parseArenaView(handed)) ?? arenaViews.read(tid);
}
