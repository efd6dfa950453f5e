import { calls } from '@tapcard/shared/contract';
import { adminIdOf, eventTiming } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Row } from '../../db/schema.js';
import { clientKey } from '../../lib/client-address.js';
import { hashToken } from '../../lib/crypto.js';
import { inEventChange } from '../../domain/event-sequence.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { LIMITS } from '../../lib/throttle.js';
import { CHAT_ENDED_MESSAGE, CHAT_NOT_STARTED_MESSAGE, NOT_SELF_MESSAGE, NOT_YOUR_EVENT_MESSAGE, RECIPIENT_MESSAGE } from './common.js';
import { requireConfirmedAttendee, storeGroupChat, storePrivateChat } from '../../repositories/chats.js';
import { eventById, eventDates, eventSummary, partyPrivateChats, recentChats } from '../../repositories/events.js';

export const CHIP_TAKEN_MESSAGE = 'This chip is already linked to another attendee';
export const ACCESS_UNKNOWN_MESSAGE = 'This access token is not valid';
export const NO_CHIP_TICKET_MESSAGE = 'This access token is for a ticket without a chip';
export const TOKEN_HAS_CHIP_MESSAGE = 'This access token is already linked to another chip';

interface TokenHolder {
  id: string;
  event_id: string;
  name: string;
  image: string;
  checked_in: boolean;
  price_category: string;
}

/** The confirmed attendee holding an access token (tid), or 404. */
async function attendeeByTid(db: Kysely<Database>, tid: string): Promise<TokenHolder> {
  const row = await db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.event_id', 'attendees.name', 'attendees.image', 'attendees.checked_in', 'event_prices.title as price_category'])
    .where('attendees.tid_hash', '=', hashToken(tid))
    .where('attendees.status', '=', 'confirmed')
    .executeTakeFirst();
  if (!row) throw notFound(ACCESS_UNKNOWN_MESSAGE);
  return row;
}

/** Attendee chats are open while the event runs (shared eventTiming === 0). */
function checkChatOpen(event: Row<'events'>, now: Date): void {
  const timing = eventTiming(eventDates(event), now);
  if (timing === 1) throw badRequest(CHAT_ENDED_MESSAGE);
  if (timing === -1) throw badRequest(CHAT_NOT_STARTED_MESSAGE);
}

/**
 * The attendee's side: the token page and arena data, chips, and chat posts. A post is accepted only
 * as self: the path carries the poster's access token (tid), and the body's attendee id and event
 * must be that token's own (else 403); the stored name and image are the poster's own.
 */
export function arenaRoutes(app: FastifyInstance): void {
  route(app, calls.eventToken)(async ({ params }) => {
    const attendee = await attendeeByTid(app.db, params.id);
    const event = await eventById(app.db, attendee.event_id);
    const summary = eventSummary(event);
    const [chats, privateChats] = await Promise.all([recentChats(app.db, event.id), partyPrivateChats(app.db, event.id, attendee.id)]);
    return {
      success: 'true',
      data: {
        event: summary,
        name: attendee.name,
        image: attendee.image,
        attendee: {
          id: attendee.id,
          name: attendee.name,
          image: attendee.image,
          checked_in: attendee.checked_in,
          price_category: attendee.price_category,
          event: summary,
          chats,
          private_chats: privateChats,
        },
      },
    };
  });

  route(app, calls.chip)(async ({ params, user }) => {
    const chip = await app.db.selectFrom('chips').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!chip) throw notFound('Chip not found');
    const event = await eventById(app.db, chip.event_id);
    const [holder, chats] = await Promise.all([
      chip.attendee_id
        ? app.db
            .selectFrom('attendees')
            .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
            .select(['attendees.id', 'attendees.name', 'attendees.image', 'attendees.checked_in', 'event_prices.title'])
            .where('attendees.id', '=', chip.attendee_id)
            .where('attendees.status', '=', 'confirmed')
            .executeTakeFirst()
        : undefined,
      recentChats(app.db, event.id),
    ]);
    return {
      success: 'true',
      data: {
        id: chip.id,
        event_id: event.id,
        event: eventSummary(event),
        event_attendee_id: holder?.id ?? null,
        attendee: holder ? { name: holder.name, image: holder.image, checked_in: holder.checked_in } : null,
        price: holder ? { title: holder.title } : null,
        chats,
        is_organiser: user !== null && user.id === event.user_id,
      },
    };
  });

  route(app, calls.bindChip)(async ({ params, body, request }) => {
    const chip = await app.db.selectFrom('chips').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!chip) throw notFound('Chip not found');
    // Counted before the token is looked up: only guesses within the limits are evaluated.
    const guess = await app.throttle.guess(`chip-token:${chip.id}`, clientKey(request), { perAddress: LIMITS.chipToken, ceiling: LIMITS.chipTokenCeiling });
    const attendee = await app.db
      .selectFrom('attendees')
      .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
      .select(['attendees.id', 'attendees.event_id', 'event_prices.with_chips'])
      .where('attendees.tid_hash', '=', hashToken(body.token))
      .where('attendees.status', '=', 'confirmed')
      .executeTakeFirst();
    if (!attendee || attendee.event_id !== chip.event_id) throw badRequest(messages.accessTokenInvalid, 'token');
    // A chip binds only to a ticket that includes one, and one token holds at most one chip.
    if (!attendee.with_chips) throw badRequest(NO_CHIP_TICKET_MESSAGE, 'token');
    if (chip.attendee_id !== attendee.id) {
      if (chip.attendee_id !== null) throw conflict(CHIP_TAKEN_MESSAGE);
      await inEventChange(app.db, chip.event_id, async (trx, seq) => {
        // The counter's update holds the event row's lock, so binds of one event queue here and this
        // check sees every binding committed before it: the check and the binding are one step.
        const held = await trx.selectFrom('chips').select('id').where('attendee_id', '=', attendee.id).executeTakeFirst();
        if (held) throw conflict(TOKEN_HAS_CHIP_MESSAGE);
        const bound = await trx
          .updateTable('chips')
          .set({ attendee_id: attendee.id, seq })
          .where('id', '=', chip.id)
          .where('attendee_id', 'is', null)
          .executeTakeFirst();
        if (bound.numUpdatedRows === 0n) throw conflict(CHIP_TAKEN_MESSAGE);
      });
    }
    await guess.succeeded();
    return { success: 'true', message: 'Chip linked', data: { event_id: chip.event_id } };
  });

  route(app, calls.chat)(async ({ params, body }) => {
    const poster = await attendeeByTid(app.db, params.id);
    if (body.attendee_id !== poster.id) throw forbidden(NOT_SELF_MESSAGE);
    if (body.event_id !== poster.event_id) throw forbidden(NOT_YOUR_EVENT_MESSAGE);
    const event = await eventById(app.db, poster.event_id);
    const now = app.now();
    checkChatOpen(event, now);
    return { success: 'true', data: await storeGroupChat(app.db, event.id, poster, body.message, now) };
  });

  route(app, calls.privateChat)(async ({ params, body }) => {
    const poster = await attendeeByTid(app.db, params.id);
    if (body.attendee_id_1 !== poster.id) throw forbidden(NOT_SELF_MESSAGE);
    if (body.event_id !== poster.event_id) throw forbidden(NOT_YOUR_EVENT_MESSAGE);
    const event = await eventById(app.db, poster.event_id);
    const now = app.now();
    checkChatOpen(event, now);
    const recipient = body.attendee_id_2;
    // A private message goes to another confirmed attendee of the event or to its organiser.
    if (recipient === poster.id) throw badRequest(RECIPIENT_MESSAGE, 'attendee_id_2');
    if (recipient !== adminIdOf(event.user_id)) await requireConfirmedAttendee(app.db, event.id, recipient);
    return { success: 'true', data: await storePrivateChat(app.db, event.id, poster, recipient, body.message, now) };
  });
}
