import { gateCounts, insideCount, type GateCount, type InsideCount } from '@tapcard/shared/domain';
import type { DoorListAttendee, QueuedScan } from './store.js';

/** The attendee list as this phone knows it: the last list seen, with its own unsent check-ins and check-outs on top. */
export function withQueue(list: readonly DoorListAttendee[], queue: readonly QueuedScan[], gate: string): DoorListAttendee[] {
  if (queue.length === 0) return list as DoorListAttendee[];
  const byId = new Map(list.map((a) => [a.id, a]));
  for (const item of queue) {
    const attendee = byId.get(item.attendee_id);
    if (!attendee) continue;
    byId.set(item.attendee_id, item.kind === 'in' ? { ...attendee, checked_in: true, checked_in_at: item.scanned_at, checked_in_by: gate } : { ...attendee, checked_in: false });
  }
  return list.map((a) => byId.get(a.id) ?? a);
}

/** One attendee changed (a server answer), or the list unchanged when it does not hold them. */
export function withAttendee(list: readonly DoorListAttendee[], id: string, patch: Partial<DoorListAttendee>): DoorListAttendee[] {
  return list.map((a) => (a.id === id ? { ...a, ...patch } : a));
}

export interface DoorCounts extends InsideCount {
  gates: GateCount[];
  /** How many attendees the phone's list holds (its offline search and admissions know only these). */
  listed: number;
}

/** Those checked in of the event's total ticket stock (the one count, insideCount), and per gate. */
export function doorCounts(list: readonly DoorListAttendee[], totalStock: number | null): DoorCounts {
  return { ...insideCount(list, totalStock), gates: gateCounts(list), listed: list.length };
}

/** Attendees whose name holds the words (the offline search). */
export function searchList(list: readonly DoorListAttendee[], words: string): DoorListAttendee[] {
  const wanted = words.trim().toLowerCase();
  return list.filter((a) => a.name.toLowerCase().includes(wanted)).slice(0, 20);
}
