/**
 * Where an attendee was checked in, as a check-in records it (`checked_in_by`): a staff link's gate
 * name, 'organiser' (the organiser's attendance switch) or 'chip:<user id>' (the organiser on a chip
 * page). Both the organiser's pages and the door phones count "inside" per gate with these helpers.
 */
export type CheckInPlace = { kind: 'gate'; label: string } | { kind: 'organiser' } | { kind: 'chip' } | { kind: 'unknown' };

export const ORGANISER_CHECK_IN = 'organiser';
export const CHIP_CHECK_IN_PREFIX = 'chip:';

export function checkInPlace(checkedInBy: string | null | undefined): CheckInPlace {
  if (checkedInBy === null || checkedInBy === undefined || checkedInBy === '') return { kind: 'unknown' };
  if (checkedInBy === ORGANISER_CHECK_IN) return { kind: 'organiser' };
  if (checkedInBy.startsWith(CHIP_CHECK_IN_PREFIX)) return { kind: 'chip' };
  return { kind: 'gate', label: checkedInBy };
}

export interface GateCount {
  place: CheckInPlace;
  count: number;
}

interface CheckedIn {
  checked_in: boolean;
  checked_in_by?: string | null;
}

/** How many attendees are checked in at each place: gates by name, then the organiser, chip pages and unrecorded ones; empty places left out. */
export function gateCounts(attendees: readonly CheckedIn[]): GateCount[] {
  const gates = new Map<string, number>();
  const other = { organiser: 0, chip: 0, unknown: 0 };
  for (const a of attendees) {
    if (!a.checked_in) continue;
    const place = checkInPlace(a.checked_in_by);
    if (place.kind === 'gate') gates.set(place.label, (gates.get(place.label) ?? 0) + 1);
    else other[place.kind] += 1;
  }
  const named: GateCount[] = [...gates.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, count]) => ({ place: { kind: 'gate', label }, count }));
  const rest: GateCount[] = (['organiser', 'chip', 'unknown'] as const).filter((kind) => other[kind] > 0).map((kind) => ({ place: { kind }, count: other[kind] }));
  return [...named, ...rest];
}

/** The checked-in count: the attendees checked in now, of the event's total ticket stock. */
export interface InsideCount {
  checkedIn: number;
  /** The event's total ticket stock (`capacity` of its ticket categories); unknown until the door has heard it. */
  total: number | null;
}

/**
 * The one checked-in count every screen shows (the door phones, the organiser's attendees page and the
 * projector): those checked in now, of the event's total ticket stock (`capacity`), the count the
 * spec asks of the attendees page ('checked-in attendees / total stock'). The door hears the stock in
 * its door session's answer; `total` is null until it has.
 */
export function insideCount(attendees: readonly CheckedIn[], total: number | null): InsideCount {
  return { checkedIn: attendees.filter((a) => a.checked_in).length, total };
}
