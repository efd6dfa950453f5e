import { checkInPlace, type CheckInPlace } from '@tapcard/shared/domain';
import { TEXTS } from './texts.js';

/** A check-in place in words: the gate's own name, or what the organiser's switch and chip pages are called. */
export function placeLabel(place: CheckInPlace): string {
  return place.kind === 'gate' ? place.label : TEXTS.place[place.kind];
}

/** Where a check-in was made (its `checked_in_by`), in words. */
export function placeOf(checkedInBy: string | null | undefined): string {
  return placeLabel(checkInPlace(checkedInBy));
}

/** A check-in time as the organiser's clock shows it (hours and minutes). */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
