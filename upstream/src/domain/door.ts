import type { DoorAttendee, DoorCheckIn, StaffLink } from '@tapcard/shared/contract';
import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE, type StaffLinkExpiry } from '@tapcard/shared/rules';
import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { hashToken } from '../lib/crypto.js';
import { forbidden } from '../lib/http-error.js';
import {
  checkInIfNot,
  doorAttendee,
  linkOfDoorSession,
  storeDoorCheckIn,
  storedDoorCheckIn,
  type DoorAttendeeRow,
} from '../repositories/staff-links.js';
import { inEventChange } from './event-sequence.js';

export { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FIXED_EXPIRY_MS: Record<Exclude<StaffLinkExpiry, 'event_end'>, number> = { '6h': 6 * HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS };

/**
 * When a new link stops working. 'event_end': a day after the event ends (after the end day, when the
 * end is a date without a time; the start stands in when there is no end), and never sooner than a
 * day from now, so a link made for an event that has just ended still works for its stragglers.
 */
export function staffLinkExpiry(event: Row<'events'>, expiry: StaffLinkExpiry, now: Date): Date {
  if (expiry !== 'event_end') return new Date(now.getTime() + FIXED_EXPIRY_MS[expiry]);
  const end = event.end_date ?? event.start_date;
  const text = event.end_date ? event.end_text : event.start_text;
  const dateOnly = text === null || !/[T ]\d/.test(text);
  const at = end.getTime() + (dateOnly ? 2 : 1) * DAY_MS;
  return new Date(Math.max(at, now.getTime() + DAY_MS));
}

export function staffLinkState(link: Row<'staff_links'>, now: Date): StaffLink['state'] {
  if (link.revoked_at) return 'revoked';
  return link.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function staffLinkWire(link: Row<'staff_links'>, now: Date): StaffLink {
  return {
    id: link.id,
    label: link.label,
    role: 'scan',
    expires_at: link.expires_at.toISOString(),
    revoked_at: link.revoked_at ? link.revoked_at.toISOString() : null,
    created_at: link.created_at.toISOString(),
    state: staffLinkState(link, now),
  };
}

/** Refuses a revoked or expired link, saying which. */
export function requireLiveLink(link: Row<'staff_links'>, now: Date): Row<'staff_links'> {
  const state = staffLinkState(link, now);
  if (state === 'revoked') throw forbidden(STAFF_LINK_REVOKED_MESSAGE);
  if (state === 'expired') throw forbidden(STAFF_LINK_EXPIRED_MESSAGE);
  return link;
}

/** The live link behind a door session token, read on every call; 403 for an unknown, revoked or expired one. */
export async function doorLink(db: Kysely<Database>, session: string, now: Date): Promise<Row<'staff_links'>> {
  const link = await linkOfDoorSession(db, hashToken(session));
  if (!link) throw forbidden(STAFF_LINK_UNKNOWN_MESSAGE);
  return requireLiveLink(link, now);
}

export function doorAttendeeWire(a: DoorAttendeeRow): DoorAttendee {
  return { ...a, checked_in_at: a.checked_in_at ? a.checked_in_at.toISOString() : null };
}

function answerOf(eventId: string, row: { outcome: DoorCheckIn['outcome']; checked_in_at: Date | null; checked_in_by: string | null }, attendee: DoorAttendeeRow | undefined): DoorCheckIn {
  return {
    event_id: eventId,
    outcome: row.outcome,
    attendee: attendee ? { id: attendee.id, name: attendee.name, image: attendee.image } : null,
    checked_in_at: row.checked_in_at ? row.checked_in_at.toISOString() : null,
    checked_in_by: row.checked_in_by,
  };
}

/**
 * Checks an attendee in at the link's gate. Any number of concurrent requests for one attendee admit
 * them once (a conditional update under the event's lock); the others answer 'already' with the first
 * check-in's time and gate. With a client id, the first answer is stored and a repeat of that id (a
 * retry after a lost answer) gets it again, whatever happened since.
 */
export async function doorCheckIn(db: Kysely<Database>, link: Row<'staff_links'>, attendeeId: string, clientId: string | undefined, now: Date): Promise<DoorCheckIn> {
  const eventId = link.event_id;
  const replay = async (): Promise<DoorCheckIn | undefined> => {
    if (clientId === undefined) return undefined;
    const stored = await storedDoorCheckIn(db, link.id, clientId);
    if (!stored) return undefined;
    return answerOf(eventId, stored, await doorAttendee(db, eventId, stored.attendee_id));
  };
  const first = await replay();
  if (first) return first;

  const attendee = await doorAttendee(db, eventId, attendeeId);
  let outcome: DoorCheckIn['outcome'];
  if (!attendee) outcome = 'unknown';
  else if (attendee.checked_in) outcome = 'already';
  else {
    const admitted = await inEventChange(db, eventId, async (trx, seq) => {
      if (!(await checkInIfNot(trx, attendee.id, link.label, now, seq))) return false;
      if (clientId !== undefined) {
        const row = { link_id: link.id, client_id: clientId, attendee_id: attendee.id, outcome: 'admitted' as const, checked_in_at: now, checked_in_by: link.label, created_at: now };
        // The same client id raced here with another attendee's check-in: the first answer stands, this one rolls back.
        if (!(await storeDoorCheckIn(trx, row))) throw new ReplayFirst();
      }
      return true;
    }).catch((error: unknown) => {
      if (error instanceof ReplayFirst) return undefined;
      throw error;
    });
    if (admitted === undefined) return (await replay())!;
    if (admitted) return answerOf(eventId, { outcome: 'admitted', checked_in_at: now, checked_in_by: link.label }, attendee);
    outcome = 'already';
  }

  // Already in (perhaps a moment ago, by a concurrent request) or unknown: answer with the stored check-in.
  const current = attendee ? await doorAttendee(db, eventId, attendee.id) : undefined;
  const row = { outcome, checked_in_at: current?.checked_in_at ?? null, checked_in_by: current?.checked_in_by ?? null };
  if (clientId !== undefined) {
    const stored = await storeDoorCheckIn(db, { link_id: link.id, client_id: clientId, attendee_id: attendeeId, ...row, created_at: now });
    if (!stored) return (await replay())!;
  }
  return answerOf(eventId, row, current);
}

class ReplayFirst extends Error {}
