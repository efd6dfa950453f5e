import { z } from 'zod';
import { arenaViewSchema, type ArenaView } from '@tapcard/shared/realtime';
import { readStored, writeStored } from '../storage.js';

/**
 * The arenas' last live views on this device, so an arena opened again with no network shows its
 * history. The token is already in the browser's history, so keeping what it shows adds no access;
 * the views are cleared with the session's data and a refused token drops its view.
 */

/** How many arenas a device keeps (an attendee rarely has more than a few events at once). */
export const ARENA_VIEWS_KEPT = 3;

const storedSchema = z.array(z.object({ tid: z.string(), savedAt: z.number(), view: arenaViewSchema }));
type Stored = z.infer<typeof storedSchema>;

function readAll(): Stored {
  return readStored('arenaViews', storedSchema) ?? [];
}

export function readArenaView(tid: string): ArenaView | null {
  return readAll().find((entry) => entry.tid === tid)?.view ?? null;
}

export function saveArenaView(tid: string, view: ArenaView, now = Date.now()): void {
  const others = readAll().filter((entry) => entry.tid !== tid);
  writeStored('arenaViews', [{ tid, savedAt: now, view }, ...others].slice(0, ARENA_VIEWS_KEPT));
}

export function forgetArenaView(tid: string): void {
  const all = readAll();
  const kept = all.filter((entry) => entry.tid !== tid);
  if (kept.length !== all.length) writeStored('arenaViews', kept);
}
