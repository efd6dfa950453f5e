import type { DoorMode } from './desk/useDoorDesk.js';

/** The search box as the door's light page leaves it. */
export interface SearchStart {
  /** The text in the box. */
  draft: string;
  /** A name search asked there ('' for none): the desk runs it. */
  search: string;
  focused: boolean;
}

/**
 * What the door's light page (DoorVisit) passes to the app's desk that takes the page over: the ticket
 * codes entered before the desk was there, in order (the desk admits them), the entry or exit mode, and
 * the search box.
 */
export interface DoorHandover extends SearchStart {
  eventId: string;
  codes: string[];
  mode: DoorMode;
}

let pending: (() => DoorHandover | null) | null = null;

/**
 * Called by the light page just before the app draws the door, with what reads the page as it is: the
 * app's first render (a transition, which a tap can interrupt and restart) reads the page's latest.
 */
export function handOverDoor(read: () => DoorHandover | null): void {
  pending = read;
}

/** What the light page passes to this event's desk, if anything (read at the desk's first render). */
export function doorHandover(eventId: string): DoorHandover | null {
  const handover = pending?.() ?? null;
  return handover?.eventId === eventId ? handover : null;
}

/** The desk has taken what was passed: a later desk (another event, a new visit) starts empty. */
export function clearDoorHandover(): void {
  pending = null;
}
