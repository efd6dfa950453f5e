import type { Attendee, PublicAttendee } from '@tapcard/shared/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { muteOf } from './arena-safety.js';

/** The lists of an event's confirmed attendees: the public one, the organiser's, and their count. */

type Db = Kysely<Database>;

/** Confirmed attendees of some events, with their ticket's title. */
export function confirmedAttendees(db: Db) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .where('attendees.status', '=', 'confirmed');
}

export type PublicAttendeeRow = { id: string; name: string; image: string; price_category: string };
export const publicAttendee = (a: PublicAttendeeRow): PublicAttendee => ({ id: a.id, name: a.name, image: a.image, price_category: a.price_category });

/** Every confirmed attendee of an event who does not hide from public lists, public fields only, in registration order. */
export async function publicAttendees(db: Db, eventId: string): Promise<PublicAttendee[]> {
  const rows = await confirmedAttendees(db)
    .select(['attendees.id', 'attendees.name', 'attendees.image', 'event_prices.title as price_category'])
    .where('attendees.event_id', '=', eventId)
    .where('attendees.hidden', '=', false)
    .orderBy('attendees.created_at')
    .orderBy('attendees.id')
    .execute();
  return rows.map(publicAttendee);
}

/** The confirmed attendees of an event, hidden ones included (the count public pages show). */
export async function confirmedAttendeeCount(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('attendees')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every confirmed attendee as the organiser sees them, with their mute (as of `now`) and whether they hide. */
export async function organiserAttendees(db: Db, eventId: string, now: Date): Promise<Attendee[]> {
  const rows = await confirmedAttendees(db)
    .select([
      'attendees.id',
      'attendees.name',
      'attendees.image',
      'attendees.email',
      'attendees.phone',
      'attendees.checked_in',
      'attendees.checked_in_at',
      'attendees.checked_in_by',
      'attendees.created_at',
      'attendees.muted_until',
      'attendees.muted_forever',
      'attendees.hidden',
      'event_prices.title as price_category',
    ])
    .where('attendees.event_id', '=', eventId)
    .orderBy('attendees.created_at')
    .orderBy('attendees.id')
    .execute();
  return rows.map((a) => ({
    ...publicAttendee(a),
    email: a.email,
    phone: a.phone,
    createdAt: a.created_at.toISOString(),
    checked_in: a.checked_in,
    checked_in_at: a.checked_in_at ? a.checked_in_at.toISOString() : null,
    checked_in_by: a.checked_in_by,
    event_attendee_id: a.id,
    mute: muteOf(a, now),
    hidden: a.hidden,
  }));
}
