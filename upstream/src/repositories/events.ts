import { AVATARS, EVENT_LOOKUP_LIMIT, GROUP_CHAT_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import { sharedCardSchema, type Attendee, type ChatMessage, type Event, type EventPayload, type EventSummary, type PrivateChat, type PublicAttendee } from '@tapcard/shared/contract';
import { cleanName, splitEvents } from '@tapcard/shared/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow, Row, RowUpdate } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { notFound } from '../lib/http-error.js';
import { muteOf } from './arena-safety.js';

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

/**
 * A group message as every answer carries it. A removed one keeps its place but never its text: the
 * text stays in the database for the moderation log and the report only.
 */
export function chatWire(row: Row<'chats'>): ChatMessage {
  const wire: ChatMessage = {
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
  return row.removed_at ? { ...wire, message: '', removed: true } : wire;
}

/** A stored shared card (JSON written by Share my card); undefined for a text message or an unreadable one. */
export function sharedCardOf(text: string | null): PrivateChat['card'] {
  if (text === null) return undefined;
  try {
    const parsed = sharedCardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A private message as every answer carries it: a removed one without its text or card. */
export function privateChatWire(row: Row<'private_chats'>): PrivateChat {
  const wire: PrivateChat = {
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
  if (row.removed_at) return { ...wire, message: '', removed: true };
  const card = sharedCardOf(row.card);
  return card ? { ...wire, card } : wire;
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
    };
  });
}

export async function eventView(db: Db, row: Row<'events'>, options: EventViewOptions = {}): Promise<Event> {
  const [view] = await eventViews(db, [row], options);
  if (!view) throw notFound('Event not found');
  return view;
}

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
    createdAt: iso(a.created_at),
    checked_in: a.checked_in,
    checked_in_at: a.checked_in_at ? iso(a.checked_in_at) : null,
    checked_in_by: a.checked_in_by,
    event_attendee_id: a.id,
    mute: muteOf(a, now),
    hidden: a.hidden,
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

/**
 * A clean_name free among all events: the title's slug, else slug-2, slug-3... (`exceptId` is the
 * event being renamed). A concurrent writer may still take the same name first: the unique index
 * refuses the second, and `retryOnCleanNameClash` runs its transaction again.
 */
export async function freeCleanName(trx: Kysely<Database>, title: string, exceptId?: string): Promise<string> {
  const base = cleanName(title);
  let q = trx
    .selectFrom('events')
    .select('clean_name')
    .where((eb) => eb.or([eb('clean_name', '=', base), eb('clean_name', 'like', `${likeEscape(base)}-%`)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  const taken = new Set((await q.execute()).map((r) => r.clean_name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Gives `eventId` the clean name `name` (inside the transaction that writes it): a former name of any
 * event equal to it now belongs to this event and stops being an alias; on a rename the `former`
 * name is remembered as this event's alias, so the open links already shared keep leading to it.
 */
export async function claimCleanName(trx: Kysely<Database>, eventId: string, name: string, former?: string): Promise<void> {
  await trx.deleteFrom('event_aliases').where('clean_name', '=', name).execute();
  if (former === undefined || former === name) return;
  await trx
    .insertInto('event_aliases')
    .values({ clean_name: former, event_id: eventId })
    .onConflict((oc) => oc.column('clean_name').doUpdateSet({ event_id: eventId }))
    .execute();
}

export async function replaceGallery(trx: Transaction<Database>, eventId: string, gallery: EventPayload['gallery']): Promise<void> {
  await trx.deleteFrom('event_gallery').where('event_id', '=', eventId).execute();
  if (gallery.length === 0) return;
  await trx
    .insertInto('event_gallery')
    .values(gallery.map((item, i) => ({ id: randomId(), event_id: eventId, name: item.name, image: item.image, position: i })))
    .execute();
}

/** A page of the user's events, latest start first. */
export async function eventsOfOwner(db: Db, userId: string, page: number, limit: number): Promise<Row<'events'>[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function insertEvent(trx: Transaction<Database>, event: NewRow<'events'>): Promise<void> {
  await trx.insertInto('events').values(event).execute();
}

/** The title and clean name an event has now (read under the event row's lock inside a change). */
export async function eventName(trx: Transaction<Database>, eventId: string): Promise<{ title: string; clean_name: string }> {
  return trx.selectFrom('events').select(['title', 'clean_name']).where('id', '=', eventId).executeTakeFirstOrThrow();
}

export async function updateEvent(trx: Transaction<Database>, eventId: string, edit: RowUpdate<'events'>): Promise<void> {
  await trx.updateTable('events').set(edit).where('id', '=', eventId).execute();
}

/** Deletes an event of the user; false for another user's event as for an unknown one. */
export async function deleteOwnEvent(db: Db, eventId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('events').where('id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Events whose title contains `title` (case-insensitive), latest start first. */
export async function eventsByTitle(db: Db, title: string, limit: number): Promise<Row<'events'>[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('title', 'ilike', `%${likeEscape(title)}%`)
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** An event by its current clean name, else by a former one. */
export async function eventByCleanName(db: Db, name: string): Promise<Row<'events'> | undefined> {
  return (
    (await db.selectFrom('events').selectAll().where('clean_name', '=', name).executeTakeFirst()) ??
    (await db
      .selectFrom('event_aliases')
      .innerJoin('events', 'events.id', 'event_aliases.event_id')
      .selectAll('events')
      .where('event_aliases.clean_name', '=', name)
      .executeTakeFirst())
  );
}

/** The events of a user, latest start first. */
export async function eventsOfUser(db: Db, userId: string, limit: number): Promise<Row<'events'>[]> {
  return db.selectFrom('events').selectAll().where('user_id', '=', userId).orderBy('start_date', 'desc').orderBy('id').limit(limit).execute();
}

/** The stock of each ticket category of an event. */
export async function ticketStocks(db: Db, eventId: string): Promise<number[]> {
  const prices = await db.selectFrom('event_prices').select('stock').where('event_id', '=', eventId).execute();
  return prices.map((p) => p.stock);
}
