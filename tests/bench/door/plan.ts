/**
 * Who scans whom: every attendee is scanned by exactly one phone (attendee i by phone i mod phones),
 * except `overlaps` tickets of the online phones that the offline phone also admits while apart,
 * which the server must report as conflicts. The offline phone is the last one.
 */

export interface DoorPlan {
  /** Per phone, the attendee ids it scans, in order. */
  shares: string[][];
  /** Index of the phone that goes offline. */
  offline: number;
  /** Attendee ids admitted by an online phone and, offline, by the offline phone too. */
  overlaps: string[];
}

export function planDoor(attendeeIds: readonly string[], phones: number, overlaps: number): DoorPlan {
  if (phones < 2) throw new Error('--phones must be at least 2 (one goes offline)');
  const shares: string[][] = Array.from({ length: phones }, () => []);
  attendeeIds.forEach((id, i) => shares[i % phones]?.push(id));
  const offline = phones - 1;
  const online = shares.slice(0, offline);
  // Taken from the front of the online phones' lines, round robin, so each is admitted online long
  // before the offline phone comes back.
  const overlap: string[] = [];
  for (let k = 0; overlap.length < overlaps && k < attendeeIds.length; k += 1) {
    const id = online[k % online.length]?.[Math.floor(k / online.length)];
    if (id === undefined) break;
    overlap.push(id);
  }
  // Spread through the offline phone's line, as tickets arriving at its gate among its own.
  const own = shares[offline] ?? [];
  const line: string[] = [];
  const every = Math.max(1, Math.floor(own.length / Math.max(1, overlap.length)));
  let next = 0;
  own.forEach((id, i) => {
    line.push(id);
    if ((i + 1) % every === 0 && next < overlap.length) line.push(overlap[next++] as string);
  });
  line.push(...overlap.slice(next));
  shares[offline] = line;
  return { shares, offline, overlaps: overlap };
}

/** `count` items spread evenly through `items`. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (count <= 0 || items.length === 0) return [];
  const step = items.length / Math.min(count, items.length);
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[Math.floor(i * step)] as T);
}
