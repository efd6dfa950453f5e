import { EVENT_LOOKUP_LIMIT } from '@tapcard/shared/constants';
import type { EventPayload } from '@tapcard/shared/contract';
import { cleanName } from '@tapcard/shared/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row, RowUpdate } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { notFound } from '../lib/http-error.js';

/** Event rows: read by id, name, owner or title; written with their clean names and gallery. */

type Db = Kysely<Database>;

/** The answer for an unknown event, and for one the caller may not see (it is not revealed). */
export const EVENT_NOT_FOUND_MESSAGE = 'Event not found';

export async function eventById(db: Db, eventId: string): Promise<Row<'events'>> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  return row;
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

/** Deletes an event with everything of it; false when there was none. */
export async function deleteEvent(db: Db, eventId: string): Promise<boolean> {
  const result = await db.deleteFrom('events').where('id', '=', eventId).executeTakeFirst();
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

/** Turns the event's reminder mails on or off. */
export async function setReminderSettings(db: Kysely<Database>, eventId: string, settings: { day_before: boolean; hour_before: boolean }): Promise<void> {
  await db.updateTable('events').set({ remind_day_before: settings.day_before, remind_hour_before: settings.hour_before }).where('id', '=', eventId).execute();
}
