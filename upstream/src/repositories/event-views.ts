import { AVATARS } from '@tapcard/shared/constants';
import type { Event } from '@tapcard/shared/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { notFound } from '../lib/http-error.js';
import { confirmedAttendees, publicAttendee } from './attendee-lists.js';
import { eventSummary } from './event-wire.js';
import { EVENT_NOT_FOUND_MESSAGE } from './events.js';

/** Events in the contract's full shape, with what they carry beside their row (tickets, gallery, attendees, organiser). */

type Db = Kysely<Database>;

/** Attendees an event carries beside attendee_count (the organiser's view shows the most avatars). */
export const ATTENDEE_PREVIEW = AVATARS.organiser;

export interface EventViewOptions {
  /**
   * The organiser's own answers: attendees who hide from public lists are among the avatars too.
   * Every other answer leaves them out (the count still counts them).
   */
  withHidden?: boolean;
}

/** Events in the contract's shape: tickets, gallery, the first attendees and their count, the organiser. */
export async function eventViews(db: Db, rows: readonly Row<'events'>[], options: EventViewOptions = {}): Promise<Event[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const [users, prices, gallery, previews, counts] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'image']).where('id', 'in', userIds).execute(),
    db.selectFrom('event_prices').selectAll().where('event_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    db.selectFrom('event_gallery').selectAll().where('event_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    db
      .selectFrom(
        confirmedAttendees(db)
          .$if(!options.withHidden, (q) => q.where('attendees.hidden', '=', false))
          .select([
            'attendees.id',
            'attendees.event_id',
            'attendees.name',
            'attendees.image',
            'event_prices.title as price_category',
            sql<number>`row_number() over (partition by attendees.event_id order by attendees.created_at, attendees.id)`.as('rn'),
          ])
          .where('attendees.event_id', 'in', ids)
          .as('a'),
      )
      .selectAll()
      .where('a.rn', '<=', ATTENDEE_PREVIEW)
      .orderBy('a.rn')
      .execute(),
    db
      .selectFrom('attendees')
      .select(['event_id', sql<number>`count(*)::int`.as('n')])
      .where('event_id', 'in', ids)
      .where('status', '=', 'confirmed')
      .groupBy('event_id')
      .execute(),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const countBy = new Map(counts.map((c) => [c.event_id, Number(c.n)]));
  return rows.map((row) => {
    const user = userById.get(row.user_id);
    return {
      ...eventSummary(row),
      prices: prices
        .filter((p) => p.event_id === row.id)
        .map((p) => ({ id: p.id, title: p.title, amount: p.amount, attendees: p.stock, withChips: p.with_chips ? 'with' : 'without', sold: p.sold })),
      gallery: gallery.filter((g) => g.event_id === row.id).map((g) => ({ name: g.name, image: g.image })),
      attendees: previews.filter((a) => a.event_id === row.id).map(publicAttendee),
      attendee_count: countBy.get(row.id) ?? 0,
      user: user ? { name: user.name, image: user.image } : null,
      user_id: row.user_id,
      max_registrations_per_email: row.max_registrations_per_email,
      confirm_email_for_free: row.confirm_email_for_free,
      refund_policy: row.refund_policy,
      refund_hours: row.refund_hours,
    };
  });
}

export async function eventView(db: Db, row: Row<'events'>, options: EventViewOptions = {}): Promise<Event> {
  const [view] = await eventViews(db, [row], options);
  if (!view) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  return view;
}
