import type { EventPayload } from '@tapcard/shared/contract';
import { cleanName, parseEventDate } from '@tapcard/shared/domain';
import { makeEventDetailsSchema, messages } from '@tapcard/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { randomId } from '../../lib/crypto.js';
import { badRequest } from '../../lib/http-error.js';
import { likeEscape } from '../../repositories/events.js';

/** What create and update do with an event payload beyond the contract's own validation. */

type Trx = Transaction<Database>;
type Ticket = EventPayload['prices'][number];

/** Whole naira and stock fit the integer columns. */
const MAX_INT = 2_147_483_647;

/**
 * The "not in the past" rule on the upstream's clock: a start day before today (the server's local
 * day) answers 400 under start_date with 'Please choose future date!', unless an update keeps its
 * stored start day. The shared rule itself is applied, with app.now() as its clock.
 */
export function checkStartNotPast(startDate: string, now: Date, storedStart?: string): void {
  const result = makeEventDetailsSchema(() => now, storedStart).shape.start_date.safeParse(startDate);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? messages.futureDate, 'start_date');
}

/** The instants stored beside the dates as written (ordering, SQL); a date only is the server's local day. */
export function instants(payload: Pick<EventPayload, 'start_date' | 'end_date'>): { start: Date; end: Date | null } {
  const start = parseEventDate(payload.start_date);
  if (!start) throw badRequest(messages.dateInvalid, 'start_date');
  if (payload.end_date === undefined) return { start: new Date(start.time), end: null };
  const end = parseEventDate(payload.end_date);
  if (!end) throw badRequest(messages.dateInvalid, 'end_date');
  return { start: new Date(start.time), end: new Date(end.time) };
}

/** Money is whole naira: an amount with kobo or beyond the column's range is refused under its field. */
export function checkTickets(prices: readonly Ticket[]): void {
  prices.forEach((ticket, i) => {
    if (!Number.isInteger(ticket.amount) || ticket.amount > MAX_INT) {
      throw badRequest('Ticket amount must be a whole number of naira', `prices.${i}.amount`);
    }
    if (ticket.attendees > MAX_INT) throw badRequest(messages.ticketStockRequired, `prices.${i}.attendees`);
  });
}

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

function isCleanNameClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' && e.constraint.includes('clean_name');
}

export async function retryOnCleanNameClash<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await work();
    } catch (error) {
      if (i >= attempts || !isCleanNameClash(error)) throw error;
    }
  }
}

function priceValues(ticket: Ticket, position: number) {
  return { title: ticket.title, amount: ticket.amount, stock: ticket.attendees, with_chips: ticket.withChips === 'with', position };
}

export async function insertPrices(trx: Trx, eventId: string, prices: readonly Ticket[]): Promise<void> {
  if (prices.length === 0) return;
  await trx
    .insertInto('event_prices')
    .values(prices.map((ticket, i) => ({ id: randomId(), event_id: eventId, ...priceValues(ticket, i) })))
    .execute();
}

export async function replaceGallery(trx: Trx, eventId: string, gallery: EventPayload['gallery']): Promise<void> {
  await trx.deleteFrom('event_gallery').where('event_id', '=', eventId).execute();
  if (gallery.length === 0) return;
  await trx
    .insertInto('event_gallery')
    .values(gallery.map((item, i) => ({ id: randomId(), event_id: eventId, name: item.name, image: item.image, position: i })))
    .execute();
}

/**
 * Replaces the ticket categories of an event. A ticket that carries the id of one of the event's
 * categories updates it in place (its id, and so its attendees, stay); others are new. A category
 * that has sold tickets (confirmed or awaiting payment) may not be removed nor get less stock than
 * it has sold: both are checked by the conditional writes themselves, so a registration running at
 * the same moment cannot slip between a check and the write.
 */
export async function replacePrices(trx: Trx, eventId: string, prices: readonly Ticket[]): Promise<void> {
  const existing = await trx.selectFrom('event_prices').select(['id', 'title']).where('event_id', '=', eventId).execute();
  const known = new Map(existing.map((p) => [p.id, p]));
  const kept = new Set<string>();
  const fresh: { ticket: Ticket; position: number }[] = [];

  for (const [position, ticket] of prices.entries()) {
    const id = typeof ticket.id === 'string' && known.has(ticket.id) && !kept.has(ticket.id) ? ticket.id : undefined;
    if (!id) {
      fresh.push({ ticket, position });
      continue;
    }
    kept.add(id);
    const updated = await trx
      .updateTable('event_prices')
      .set(priceValues(ticket, position))
      .where('id', '=', id)
      .where('sold', '<=', ticket.attendees)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const { sold } = await trx.selectFrom('event_prices').select('sold').where('id', '=', id).executeTakeFirstOrThrow();
      const name = known.get(id)?.title ?? ticket.title;
      throw badRequest(`The ticket "${name}" has ${sold} sold, so its stock cannot be lower than ${sold}`, `prices.${position}.attendees`);
    }
  }

  for (const price of existing) {
    if (kept.has(price.id)) continue;
    const removed = await trx.deleteFrom('event_prices').where('id', '=', price.id).where('sold', '=', 0).executeTakeFirst();
    if (removed.numDeletedRows === 0n) {
      throw badRequest(`The ticket "${price.title}" already has attendees and cannot be removed`, 'prices');
    }
  }

  for (const { ticket, position } of fresh) {
    await trx.insertInto('event_prices').values({ id: randomId(), event_id: eventId, ...priceValues(ticket, position) }).execute();
  }
}
