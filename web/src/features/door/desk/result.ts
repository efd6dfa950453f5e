import type { DoorCheckIn } from '@tapcard/shared/contract';
import type { FeedbackKind } from '../scanner/feedback.js';
import { TEXTS } from '../texts.js';

/**
 * The last scan's result as the card shows it. `data-outcome` of the card is `outcome`: admitted
 * (the server counted it), queued (admitted offline, waiting to sync), already, invalid, conflict (a
 * synced offline admission someone else had counted first), checked_out, not_inside, synced (a queued
 * scan the server has now counted: the card no longer says it waits for the network).
 */
export type DoorOutcome = 'admitted' | 'queued' | 'already' | 'invalid' | 'conflict' | 'checked_out' | 'not_inside' | 'synced';

export interface DoorResult {
  /** Counts up with every result, so the same outcome twice is still announced and played twice. */
  seq: number;
  outcome: DoorOutcome;
  kind: 'in' | 'out';
  name?: string;
  image?: string;
  /** When and where the attendee was checked in (already, conflict). */
  at?: string | null;
  by?: string | null;
  /** Why nobody was admitted (invalid). */
  why?: string;
  /** The queued scan's client id (queued), so its card can say when the sync has sent it. */
  clientId?: string;
}

export type NewResult = Omit<DoorResult, 'seq'>;

/** A notice of the sync that stays until dismissed: a conflict, or a check-in the server did not count. */
export interface DoorNotice {
  id: string;
  tone: 'conflict' | 'error';
  text: string;
}

/** Which of the scanner's sounds a result plays. */
export function feedbackOf(outcome: DoorOutcome): FeedbackKind {
  if (outcome === 'checked_out' || outcome === 'synced') return 'admitted';
  if (outcome === 'not_inside') return 'already';
  return outcome;
}

export const timeOf = (iso: string): string => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The card for a check-in answer of the server. */
export function checkInResult(answer: DoorCheckIn, who: { name: string; image: string }): NewResult {
  const person = { kind: 'in' as const, name: answer.attendee?.name ?? who.name, image: answer.attendee?.image ?? who.image };
  switch (answer.outcome) {
    case 'admitted':
      return { outcome: 'admitted', ...person };
    case 'already':
    case 'conflict':
      return { outcome: answer.outcome, ...person, at: answer.checked_in_at, by: answer.checked_in_by };
    case 'unknown':
      return { outcome: 'invalid', kind: 'in', why: TEXTS.unknown };
    case 'transferred':
      return { outcome: 'invalid', kind: 'in', why: TEXTS.transferred };
    case 'cancelled':
      return { outcome: 'invalid', kind: 'in', why: TEXTS.cancelled };
  }
}
