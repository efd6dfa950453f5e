import type { EventPayload } from '@tapcard/shared/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { badRequest } from '../lib/http-error.js';

/** An event's ticket categories (event_prices) as the organiser writes them. */

type Trx = Transaction<Database>;
type Ticket = EventPayload['prices'][number];

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
