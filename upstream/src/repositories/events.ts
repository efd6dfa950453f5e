import { AVATARS, EVENT_LOOKUP_LIMIT, GROUP_CHAT_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import type { Attendee, ChatMessage, Event, EventSummary, PrivateChat, PublicAttendee } from '@tapcard/shared/contract';
import { splitEvents } from '@tapcard/shared/domain';
import { sql, type Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { notFound } from '../lib/http-error.js';

/** Rows of the events module turned into the contract's wire shapes, and the loaders they need. */

type Db = Kysely<Database>;

/** Attendees an event carries beside attendee_count (the organiser's view shows the most avatars). */
export const ATTENDEE_PREVIEW = AVATARS.organiser;

const iso = (date: Date): string => date.toISOString();

/** The dates as the organiser wrote them (see migration 003); the instants only for rows without. */
export function eventDates(row: Row<'events'>): { start_date: string; end_date: string | null } {
  return {
    start_date: row.start_text !== '' ? row.start_text : iso(row.start_date),
    end_date: row.end_text ?? (row.end_date ? iso(row.end_date) : null),
  };
}

export function eventSummary(row: Row<'events'>): EventSummary {
  return {
    id: row.id,
    clean_name: row.clean_name,
    title: row.title,
    description: row.description,
    location: row.location,
    image: row.image,
    ...eventDates(row),
  };
}

export function chatWire(row: Row<'chats'>): ChatMessage {
  return {
    id: row.id,
    event_id: row.event_id,
    attendee_id: row.attendee_id,
    name: row.name,
    image: row.image,
    message: row.message,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    seq: row.seq,
  };
}

export function privateChatWire(row: Row<'private_chats'>): PrivateChat {
  return {
    id: row.id,
    event_id: row.event_id,
    attendee_id: row.attendee_id,
    attendee_id_1: row.attendee_id_1,
    attendee_id_2: row.attendee_id_2,
    name: row.name,
    image: row.image,
    message: row.message,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    seq: row.seq,
  };
}

/** An event of `userId`, or 404 (another user's event is not revealed). */
export async function ownEvent(db: Db, eventId: string, userId: string): Promise<Row<'events'>> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Event not found');
  return row;
}

export async function eventById(db: Db, eventId: string): Promise<Row<'events'>> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!row) throw notFound('Event not found');
  return row;
}

/** Confirmed attendees of some events, with their ticket's title. */
function confirmedAttendees(db: Db) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .where('attendees.status', '=', 'confirmed');
}

type PublicAttendeeRow = { id: string; name: string; image: string; price_category: string };
const publicAttendee = (a: PublicAttendeeRow): PublicAttendee => ({ id: a.id, name: a.name, image: a.image, price_category: a.price_category });

/** Events in the contract's shape: tickets, gallery, the first attendees and their count, the organiser. */
export async function eventViews(db: Db, rows: readonly Row<'events'>[]): Promise<Event[]> {
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
    };
  });
}

export async function eventView(db: Db, row: Row<'events'>): Promise<Event> {
  const [view] = await eventViews(db, [row]);
  if (!view) throw notFound('Event not found');
  return view;
}

/** Every confirmed attendee of an event, public fields only, in registration order. */
export async function publicAttendees(db: Db, eventId: string): Promise<PublicAttendee[]> {
  const rows = await confirmedAttendees(db)
    .select(['attendees.id', 'attendees.name', 'attendees.image', 'event_prices.title as price_category'])
    .where('attendees.event_id', '=', eventId)
    .orderBy('attendees.created_at')
    .orderBy('attendees.id')
    .execute();
  return rows.map(publicAttendee);
}

/** Every confirmed attendee as the organiser sees them. */
export async function organiserAttendees(db: Db, eventId: string): Promise<Attendee[]> {
  const rows = await confirmedAttendees(db)
    .select([
      'attendees.id',
      'attendees.name',
      'attendees.image',
      'attendees.email',
      'attendees.phone',
      'attendees.checked_in',
      'attendees.created_at',
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
    createdAt: iso(a.created_at),
    checked_in: a.checked_in,
    event_attendee_id: a.id,
  }));
}

/** The newest group messages of an event, oldest first (index (event_id, seq)). */
export async function recentChats(db: Db, eventId: string, limit = GROUP_CHAT_LIMIT, maxSeq?: number): Promise<ChatMessage[]> {
  let q = db.selectFrom('chats').selectAll().where('event_id', '=', eventId);
  if (maxSeq !== undefined) q = q.where('seq', '<=', maxSeq);
  const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse().map(chatWire);
}

/**
 * The newest private messages of an event in which `party` (an attendee id or 'admin-<user id>') is
 * one of the two parties, oldest first.
 */
export async function partyPrivateChats(db: Db, eventId: string, party: string, limit = PRIVATE_CHAT_LIMIT): Promise<PrivateChat[]> {
  const rows = await db
    .selectFrom('private_chats')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('attendee_id_1', '=', party), eb('attendee_id_2', '=', party)]))
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(privateChatWire);
}

/** Upcoming, past and all of some events, split on the upstream's clock; `all` is upcoming then past. */
export function eventLists(events: Event[], now: Date): { upcoming: Event[]; past: Event[]; all: Event[] } {
  const { upcoming, past } = splitEvents(events, now);
  return { upcoming, past, all: [...upcoming, ...past] };
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const SEARCH_LIMIT = EVENT_LOOKUP_LIMIT;
