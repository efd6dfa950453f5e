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

/** Who is inside of whom: the attendees checked in now, of the attendees registered (confirmed tickets). */
export interface InsideCount {
  inside: number;
  registered: number;
}

/**
 * The one definition of "inside" every screen counts with (the door phones, the organiser's attendees
 * page and the projector): those checked in now, of those registered. Unsold tickets are not people
 * who could come in, so the event's capacity is not the total (the event page lists it per ticket).
 */
export function insideCount(attendees: readonly CheckedIn[]): InsideCount {
  return { inside: attendees.filter((a) => a.checked_in).length, registered: attendees.length };
}
