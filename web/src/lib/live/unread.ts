import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readRaw, readStored, STORAGE_PREFIX, writeStored } from '../storage.js';

/*
 * Unread marks of private threads: the newest message seq the viewer has seen in each thread, kept per
 * event, viewer and other party. A thread's unread count is the other party's messages after that seq.
 */

const seqSchema = z.number();

/** The stored marks; a mark that is not a number is dropped. */
const keptSeenSchema = z.record(z.string(), z.unknown()).transform((all) => {
  const out: Record<string, number> = {};
  for (const [id, seq] of Object.entries(all)) {
    const parsed = seqSchema.safeParse(seq);
    if (parsed.success) out[id] = parsed.data;
  }
  return out;
});

const seenListeners = new Set<() => void>();
let seenCache: { raw: string | null; value: Record<string, number> } | null = null;

/** The stored marks, the same object while the stored text is unchanged. */
function seenAll(): Record<string, number> {
  const raw = readRaw(STORAGE_PREFIX + 'chatSeen');
  if (seenCache?.raw !== raw) seenCache = { raw, value: readStored('chatSeen', keptSeenSchema) ?? {} };
  return seenCache.value;
}

const seenId = (eventId: string, viewerId: string, partyId: string) => JSON.stringify([eventId, viewerId, partyId]);

/** Marks the thread with `partyId` as read up to `seq` (never backwards). */
export function markSeen(eventId: string, viewerId: string, partyId: string, seq: number): void {
  const id = seenId(eventId, viewerId, partyId);
  const all = readStored('chatSeen', keptSeenSchema) ?? {};
  if ((all[id] ?? -Infinity) >= seq) return;
  all[id] = seq;
  writeStored('chatSeen', all);
  for (const listener of seenListeners) listener();
}

function listenSeen(listener: () => void): () => void {
  seenListeners.add(listener);
  return () => seenListeners.delete(listener);
}

/** The newest seq the viewer has seen in each of their threads of an event (-1 when none). */
export function useSeen(eventId: string | undefined, viewerId: string | null): (partyId: string) => number {
  const all = useSyncExternalStore(listenSeen, seenAll, seenAll);
  return useCallback((partyId: string) => (eventId && viewerId ? (all[seenId(eventId, viewerId, partyId)] ?? -1) : -1), [all, eventId, viewerId]);
}
