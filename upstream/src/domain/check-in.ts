import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { confirmedAttendeeCheckIn, setCheckedIn } from '../repositories/attendees.js';
import { inEventChange } from './event-sequence.js';

/**
 * Checks a confirmed attendee in or out as one change of the event (live viewers see it by its seq).
 * Without `wanted` the check-in is toggled; asking for the state the attendee is already in changes
 * nothing (no seq is taken). Undefined when the event has no such confirmed attendee. A check-in
 * records when and by whom (`stamp`).
 */
export async function checkIn(
  db: Kysely<Database>,
  eventId: string,
  attendeeId: string,
  wanted: boolean | undefined,
  stamp: { at: Date; by: string },
): Promise<{ status: boolean; changed: boolean } | undefined> {
  const attendee = await confirmedAttendeeCheckIn(db, eventId, attendeeId);
  if (!attendee) return undefined;
  if (wanted !== undefined && wanted === attendee.checked_in) return { status: attendee.checked_in, changed: false };
  const status = await inEventChange(db, eventId, (trx, seq) => setCheckedIn(trx, attendee.id, wanted, seq, stamp));
  return { status, changed: true };
}
