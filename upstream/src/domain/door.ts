import type { DoorAttendee, DoorCheckIn, DoorCheckOut, DoorConflict, StaffLink } from '@tapcard/shared/contract';
import {
  DOOR_CHECK_OUT_OFF_MESSAGE,
  DOOR_CLIENT_ID_REUSED_MESSAGE,
  STAFF_LINK_EXPIRED_MESSAGE,
  STAFF_LINK_REVOKED_MESSAGE,
  STAFF_LINK_UNKNOWN_MESSAGE,
  type StaffLinkExpiry,
} from '@tapcard/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { conflict } from '../lib/http-error.js';
import {
  checkInIfNot,
  checkOutIfIn,
  doorAttendee,
  doorCheckOutTracked,
  insertDoorConflict,
  storeDoorCheckIn,
  storedDoorCheckIn,
  type DoorAttendeeRow,
  type DoorConflictRow,
} from '../repositories/staff-links.js';
import { revokedAs } from '../repositories/ticket-transfers.js';
import { inEventChange } from './event-sequence.js';

export { DOOR_CHECK_OUT_OFF_MESSAGE, DOOR_CLIENT_ID_REUSED_MESSAGE, STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE };

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

export function doorAttendeeWire(a: DoorAttendeeRow): DoorAttendee {
  return { ...a, checked_in_at: a.checked_in_at ? a.checked_in_at.toISOString() : null };
}

/** One scan of a door phone: whom, its own id for the scan (retries repeat it), and when it was made offline. */
export interface DoorScan {
  attendeeId: string;
  clientId?: string;
  scannedAt?: Date;
}

type Answered = Pick<Row<'door_check_ins'>, 'outcome' | 'checked_in_at' | 'checked_in_by'>;
type Direction = 'in' | 'out';

function attendeeOf(attendee: DoorAttendeeRow | undefined): DoorCheckIn['attendee'] {
  return attendee ? { id: attendee.id, name: attendee.name, image: attendee.image } : null;
}

function checkInAnswer(eventId: string, row: Answered, attendee: DoorAttendeeRow | undefined): DoorCheckIn {
  if (row.outcome === 'checked_out' || row.outcome === 'not_inside') throw conflict(DOOR_CLIENT_ID_REUSED_MESSAGE);
  return {
    event_id: eventId,
    outcome: row.outcome,
    attendee: attendeeOf(attendee),
    checked_in_at: row.checked_in_at ? row.checked_in_at.toISOString() : null,
    checked_in_by: row.checked_in_by,
  };
}

function checkOutAnswer(eventId: string, outcome: Answered['outcome'], attendee: DoorAttendeeRow | undefined): DoorCheckOut {
  if (outcome !== 'checked_out' && outcome !== 'not_inside' && outcome !== 'unknown') throw conflict(DOOR_CLIENT_ID_REUSED_MESSAGE);
  return { event_id: eventId, outcome, attendee: attendeeOf(attendee) };
}

/**
 * When an offline scan happened, as far as the server can tell: never later than now, and never
 * before the link existed (a phone's clock may be wrong either way).
 */
export function scanTime(scannedAt: Date | undefined, link: Row<'staff_links'>, now: Date): Date {
  if (!scannedAt) return now;
  return new Date(Math.min(now.getTime(), Math.max(scannedAt.getTime(), link.created_at.getTime())));
}

/** The first answer to this client id of the link, read with the attendee as they are now. */
async function replayed(db: Kysely<Database>, link: Row<'staff_links'>, clientId: string | undefined, direction: Direction) {
  if (clientId === undefined) return undefined;
  const stored = await storedDoorCheckIn(db, link.id, clientId);
  if (!stored) return undefined;
  if (stored.direction !== direction) throw conflict(DOOR_CLIENT_ID_REUSED_MESSAGE);
  return { row: stored, attendee: await doorAttendee(db, link.event_id, stored.attendee_id) };
}

/** Remembers the answer to the scan's client id; a client id answered before (by a racing request) rolls the change back. */
async function remember(db: Kysely<Database> | Transaction<Database>, link: Row<'staff_links'>, scan: DoorScan, direction: Direction, row: Answered, now: Date): Promise<void> {
  if (scan.clientId === undefined) return;
  const stored = await storeDoorCheckIn(db, { link_id: link.id, client_id: scan.clientId, attendee_id: scan.attendeeId, direction, ...row, created_at: now });
  if (!stored) throw new ReplayFirst();
}

/**
 * Runs a door change as one change of the event. 'replay': the scan's client id was answered
 * meanwhile (the first answer stands); 'none': nothing changed. Either way the change, counter
 * included, is rolled back.
 */
async function doorChange<T>(db: Kysely<Database>, eventId: string, change: (trx: Transaction<Database>, seq: number) => Promise<T>): Promise<T | 'replay' | 'none'> {
  return inEventChange(db, eventId, change).catch((error: unknown) => {
    if (error instanceof ReplayFirst) return 'replay' as const;
    if (error instanceof NoChange) return 'none' as const;
    throw error;
  });
}

/**
 * Checks an attendee in at the link's gate. Any number of concurrent requests for one attendee admit
 * them once (a conditional update under the event's lock); the others answer 'already' with the first
 * check-in's time and gate. A scan made offline (`scannedAt`) is checked in at that time; if someone
 * else was counted first, it answers 'conflict' and the conflict is recorded for the organiser, as a
 * change of the event so live pages hear of it. With a client id, the first answer is stored and a
 * repeat of that id (a retry after a lost answer) gets it again, whatever happened since.
 */
export async function doorCheckIn(db: Kysely<Database>, link: Row<'staff_links'>, scan: DoorScan, now: Date): Promise<DoorCheckIn> {
  const eventId = link.event_id;
  const replay = async (): Promise<DoorCheckIn | undefined> => {
    const first = await replayed(db, link, scan.clientId, 'in');
    return first && checkInAnswer(eventId, first.row, first.attendee);
  };
  const first = await replay();
  if (first) return first;

  const attendee = await doorAttendee(db, eventId, scan.attendeeId);
  if (attendee && (!attendee.checked_in || scan.scannedAt)) {
    const at = scanTime(scan.scannedAt, link, now);
    const answer = await doorChange(db, eventId, async (trx, seq) => {
      if (await checkInIfNot(trx, attendee.id, link.label, at, seq)) {
        const row = { outcome: 'admitted' as const, checked_in_at: at, checked_in_by: link.label };
        await remember(trx, link, scan, 'in', row, now);
        return checkInAnswer(eventId, row, attendee);
      }
      const counted = scan.scannedAt ? await doorAttendee(trx, eventId, attendee.id) : undefined;
      if (!counted) throw new NoChange();
      const row = { outcome: 'conflict' as const, checked_in_at: counted.checked_in_at, checked_in_by: counted.checked_in_by };
      await remember(trx, link, scan, 'in', row, now);
      await insertDoorConflict(trx, {
        id: randomId(),
        event_id: eventId,
        attendee_id: attendee.id,
        link_id: link.id,
        gate: link.label,
        scanned_at: at,
        first_checked_in_at: counted.checked_in_at,
        first_checked_in_by: counted.checked_in_by,
        seq,
        created_at: now,
      });
      return checkInAnswer(eventId, row, counted);
    });
    if (answer === 'replay') return (await replay())!;
    if (answer !== 'none') return answer;
  }

  // Already in (perhaps a moment ago, by a concurrent request), a transferred or cancelled ticket's QR
  // code, or unknown: answer with the stored check-in.
  const current = attendee ? await doorAttendee(db, eventId, attendee.id) : undefined;
  const outcome = current ? ('already' as const) : ((await revokedAs(db, eventId, scan.attendeeId)) ?? ('unknown' as const));
  const row = { outcome, checked_in_at: current?.checked_in_at ?? null, checked_in_by: current?.checked_in_by ?? null };
  try {
    await remember(db, link, scan, 'in', row, now);
  } catch (error) {
    if (error instanceof ReplayFirst) return (await replay())!;
    throw error;
  }
  return checkInAnswer(eventId, row, current);
}

/**
 * Checks an attendee out at the link's gate, for events that track who is inside (409 otherwise):
 * their check-in is cleared, as a change of the event, so every count of who is inside drops at
 * once. 'not_inside' when they are not checked in, or (a check-out scanned offline) when they came
 * in again after it. Counted once under concurrency; a repeated client id gets its first answer.
 */
export async function doorCheckOut(db: Kysely<Database>, link: Row<'staff_links'>, scan: DoorScan, now: Date): Promise<DoorCheckOut> {
  const eventId = link.event_id;
  const replay = async (): Promise<DoorCheckOut | undefined> => {
    const first = await replayed(db, link, scan.clientId, 'out');
    return first && checkOutAnswer(eventId, first.row.outcome, first.attendee);
  };
  const first = await replay();
  if (first) return first;
  if (!(await doorCheckOutTracked(db, eventId))) throw conflict(DOOR_CHECK_OUT_OFF_MESSAGE);

  const attendee = await doorAttendee(db, eventId, scan.attendeeId);
  if (attendee?.checked_in) {
    const notAfter = scan.scannedAt ? scanTime(scan.scannedAt, link, now) : undefined;
    const answer = await doorChange(db, eventId, async (trx, seq) => {
      if (!(await checkOutIfIn(trx, attendee.id, seq, notAfter))) throw new NoChange();
      await remember(trx, link, scan, 'out', { outcome: 'checked_out', checked_in_at: null, checked_in_by: null }, now);
      return checkOutAnswer(eventId, 'checked_out', attendee);
    });
    if (answer === 'replay') return (await replay())!;
    if (answer !== 'none') return answer;
  }

  const outcome = attendee ? ('not_inside' as const) : ('unknown' as const);
  try {
    await remember(db, link, scan, 'out', { outcome, checked_in_at: null, checked_in_by: null }, now);
  } catch (error) {
    if (error instanceof ReplayFirst) return (await replay())!;
    throw error;
  }
  return checkOutAnswer(eventId, outcome, attendee);
}

export function doorConflictWire(c: DoorConflictRow): DoorConflict {
  return {
    id: c.id,
    attendee: { id: c.attendee_id, name: c.name, image: c.image },
    gate: c.gate,
    scanned_at: c.scanned_at.toISOString(),
    first_checked_in_at: c.first_checked_in_at ? c.first_checked_in_at.toISOString() : null,
    first_checked_in_by: c.first_checked_in_by,
    created_at: c.created_at.toISOString(),
  };
}

class ReplayFirst extends Error {}
class NoChange extends Error {}
