import { calls } from '@tapcard/shared/contract';
import { capacity } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { cardOwner } from '../../repositories/cards.js';
import { confirmedAttendeeCount, publicAttendees } from '../../repositories/attendee-lists.js';
import { eventView, eventViews } from '../../repositories/event-views.js';
import { eventLists } from '../../repositories/event-wire.js';
import { EVENT_NOT_FOUND_MESSAGE, eventByCleanName, eventById, eventsByTitle, eventsOfUser, SEARCH_LIMIT, ticketStocks } from '../../repositories/events.js';

/**
 * Public event pages: no login, public shapes only (no attendee email or phone, no tokens), and no
 * attendee who hides from public lists (counts still count them).
 */
export function publicEventRoutes(app: FastifyInstance): void {
  route(app, calls.findEvents)(async ({ body }) => {
    const rows = await eventsByTitle(app.db, body.title, SEARCH_LIMIT);
    return { success: 'true', data: await eventViews(app.db, rows) };
  });

  route(app, calls.publicEvent)(async ({ params }) => {
    return { success: 'true', data: await eventView(app.db, await eventById(app.db, params.id)) };
  });

  route(app, calls.eventAttendees)(async ({ params }) => {
    const event = await eventById(app.db, params.id);
    const [attendees, registered, stocks] = await Promise.all([publicAttendees(app.db, event.id), confirmedAttendeeCount(app.db, event.id), ticketStocks(app.db, event.id)]);
    // Attendees who hide are left out of the list but still counted.
    return {
      success: 'true',
      data: { attendees, registered, capacity: capacity(stocks.map((stock) => ({ attendees: stock }))) },
    };
  });

  // An event's current clean name first, else a former one (the event answers with its current
  // clean_name, from which the page builds the link to show).
  route(app, calls.openEvent)(async ({ query }) => {
    const row = await eventByCleanName(app.db, query.id);
    if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    return { success: 'true', data: { event: await eventView(app.db, row) } };
  });

  route(app, calls.cardEvents)(async ({ query }) => {
    const ownerId = await cardOwner(app.db, query.link);
    if (!ownerId) throw notFound('Card not found');
    const rows = await eventsOfUser(app.db, ownerId, SEARCH_LIMIT);
    return { success: 'true', data: eventLists(await eventViews(app.db, rows), app.now()) };
  });
}
