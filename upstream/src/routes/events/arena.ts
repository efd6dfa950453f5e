import { calls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { isOrganiser } from '../../access/policy.js';
import { checkChatOpen, NOT_SELF_MESSAGE, NOT_YOUR_EVENT_MESSAGE, RECIPIENT_MESSAGE } from '../../domain/chat.js';
import { bindChip, NO_CHIP_TICKET_MESSAGE } from '../../domain/chips.js';
import { issueTicket } from '../../domain/tickets.js';
import { clientKey } from '../../lib/client-address.js';
import { hashToken } from '../../lib/crypto.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { LIMITS } from '@tapcard/shared/constants';
import { postGroupChat, postPrivateChat } from '../../domain/chat-safety.js';
import { attendeeSafety, blockedIds, muteOf } from '../../repositories/arena-safety.js';
import { chatSettingsOf, pinnedAnnouncementsFor } from '../../repositories/moderation.js';
import { chipHolder, confirmedTicketByTidHash } from '../../repositories/attendees.js';
import { chipById } from '../../repositories/chips.js';
import { partyPrivateChats, recentChats } from '../../repositories/chats.js';
import { eventSummary } from '../../repositories/event-wire.js';
import { eventById } from '../../repositories/events.js';

/**
 * The attendee's side: the token page and arena data, chips, and chat posts. The path carries the
 * attendee's access token (tid): the access policy finds its holder and their event before the call
 * runs (an unknown token answers 404). A post is accepted only as self: the body's attendee id and
 * event must be that token's own (else 403); the stored name and image are the poster's own. What the
 * organiser set and the attendees chose may refuse it (domain/chat-safety.ts).
 */
export function arenaRoutes(app: FastifyInstance): void {
  route(app, calls.eventToken)(async ({ event, ticketHolder: attendee }) => {
    const summary = eventSummary(event);
    const [chats, privateChats, ticket, safety, blocked, announcements] = await Promise.all([
      recentChats(app.db, event.id),
      partyPrivateChats(app.db, event.id, attendee.id),
      issueTicket(app, event.id, attendee.id),
      attendeeSafety(app.db, event.id, attendee.id),
      blockedIds(app.db, attendee.id),
      pinnedAnnouncementsFor(app.db, event.id, attendee.id),
    ]);
    return {
      success: 'true',
      data: {
        event: summary,
        name: attendee.name,
        image: attendee.image,
        ticket,
        attendee: {
          id: attendee.id,
          name: attendee.name,
          image: attendee.image,
          checked_in: attendee.checked_in,
          // Their own check-in's time and gate, for the ticket page (no one else's).
          checked_in_at: attendee.checked_in_at?.toISOString() ?? null,
          checked_in_by: attendee.checked_in_by,
          price_category: attendee.price_category,
          event: summary,
          chats,
          private_chats: privateChats,
          // The attendee's own safety state and the chat's, as the arena's live view carries them.
          mute: safety ? muteOf(safety, app.now()) : null,
          hidden: safety?.hidden ?? false,
          dm_policy: safety?.dm_policy ?? 'anyone',
          blocked,
          chat: chatSettingsOf(event),
          announcements,
        },
      },
    };
  });

  route(app, calls.chip)(async ({ params, user }) => {
    const chip = await chipById(app.db, params.id);
    if (!chip) throw notFound('Chip not found');
    const event = await eventById(app.db, chip.event_id);
    const [holder, chats, announcements] = await Promise.all([
      chip.attendee_id ? chipHolder(app.db, chip.attendee_id) : undefined,
      recentChats(app.db, event.id),
      pinnedAnnouncementsFor(app.db, event.id, null),
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
        chat: chatSettingsOf(event),
        announcements,
        is_organiser: user !== null && isOrganiser(user.id, event),
      },
    };
  });

  route(app, calls.bindChip)(async ({ params, body, request }) => {
    const chip = await chipById(app.db, params.id);
    if (!chip) throw notFound('Chip not found');
    // Counted before the token is looked up: only guesses within the limits are evaluated.
    const guess = await app.throttle.guess(`chip-token:${chip.id}`, clientKey(request), { perAddress: LIMITS.chipToken, ceiling: LIMITS.chipTokenCeiling });
    const attendee = await confirmedTicketByTidHash(app.db, hashToken(body.token));
    if (!attendee || attendee.event_id !== chip.event_id) throw badRequest(messages.accessTokenInvalid, 'token');
    // A chip binds only to a ticket that includes one, and one token holds at most one chip.
    if (!attendee.with_chips) throw badRequest(NO_CHIP_TICKET_MESSAGE, 'token');
    await bindChip(app.db, chip, attendee.id);
    await guess.succeeded();
    return { success: 'true', message: 'Chip linked', data: { event_id: chip.event_id } };
  });

  route(app, calls.chat)(async ({ body, event, ticketHolder: poster }) => {
    if (body.attendee_id !== poster.id) throw forbidden(NOT_SELF_MESSAGE);
    if (body.event_id !== poster.event_id) throw forbidden(NOT_YOUR_EVENT_MESSAGE);
    const now = app.now();
    checkChatOpen(event, now);
    return { success: 'true', data: await postGroupChat(app, event.id, poster, body.message, now) };
  });

  route(app, calls.privateChat)(async ({ body, event, ticketHolder: poster }) => {
    if (body.attendee_id_1 !== poster.id) throw forbidden(NOT_SELF_MESSAGE);
    if (body.event_id !== poster.event_id) throw forbidden(NOT_YOUR_EVENT_MESSAGE);
    const now = app.now();
    checkChatOpen(event, now);
    const recipient = body.attendee_id_2;
    // A private message goes to another confirmed attendee of the event (who accepts it) or to its organiser.
    if (recipient === poster.id) throw badRequest(RECIPIENT_MESSAGE, 'attendee_id_2');
    return { success: 'true', data: await postPrivateChat(app, event, poster, recipient, body.message, now) };
  });
}
