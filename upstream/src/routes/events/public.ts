import { calls } from '@tapcard/shared/contract';
import { capacity } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { eventById, eventLists, eventView, eventViews, likeEscape, publicAttendees, SEARCH_LIMIT } from '../../repositories/events.js';

/** Public event pages: no login, public shapes only (no attendee email or phone, no tokens). */
export function publicEventRoutes(app: FastifyInstance): void {
  route(app, calls.findEvents)(async ({ body }) => {
    const rows = await app.db
      .selectFrom('events')
      .selectAll()
      .where('title', 'ilike', `%${likeEscape(body.title)}%`)
      .orderBy('start_date', 'desc')
      .orderBy('id')
      .limit(SEARCH_LIMIT)
      .execute();
    return { success: 'true', data: await eventViews(app.db, rows) };
  });

  route(app, calls.publicEvent)(async ({ params }) => {
    return { success: 'true', data: await eventView(app.db, await eventById(app.db, params.id)) };
  });

  route(app, calls.eventAttendees)(async ({ params }) => {
    const event = await eventById(app.db, params.id);
    const [attendees, prices] = await Promise.all([
      publicAttendees(app.db, event.id),
      app.db.selectFrom('event_prices').select('stock').where('event_id', '=', event.id).execute(),
    ]);
    return {
      success: 'true',
      data: { attendees, registered: attendees.length, capacity: capacity(prices.map((p) => ({ attendees: p.stock }))) },
    };
  });

  // An event's current clean name first, else a former one (the event answers with its current
  // clean_name, from which the page builds the link to show).
  route(app, calls.openEvent)(async ({ query }) => {
    const row =
      (await app.db.selectFrom('events').selectAll().where('clean_name', '=', query.id).executeTakeFirst()) ??
      (await app.db
        .selectFrom('event_aliases')
        .innerJoin('events', 'events.id', 'event_aliases.event_id')
        .selectAll('events')
        .where('event_aliases.clean_name', '=', query.id)
        .executeTakeFirst());
    if (!row) throw notFound('Event not found');
    return { success: 'true', data: { event: await eventView(app.db, row) } };
  });

  route(app, calls.cardEvents)(async ({ query }) => {
    const card = await app.db.selectFrom('card_profiles').select('user_id').where('link', '=', query.link).executeTakeFirst();
    if (!card) throw notFound('Card not found');
    const rows = await app.db
      .selectFrom('events')
      .selectAll()
      .where('user_id', '=', card.user_id)
      .orderBy('start_date', 'desc')
      .orderBy('id')
      .limit(SEARCH_LIMIT)
      .execute();
    return { success: 'true', data: eventLists(await eventViews(app.db, rows), app.now()) };
  });
}
