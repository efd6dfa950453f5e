import { LIVE_REPORTS_LIMIT } from '@tapcard/shared/constants';
import { calls, serviceCalls } from '@tapcard/shared/contract';
import { ADMIN_NAME, adminIdOf } from '@tapcard/shared/domain';
import { afterEventSendAt, IDEMPOTENCY_HEADER } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { checkOrganiserChatOpen, NOT_SELF_MESSAGE } from '../../domain/chat.js';
import { checkIn } from '../../domain/check-in.js';
import { checkStartNotPast, checkTickets, eventColumns, retryOnCleanNameClash } from '../../domain/event-details.js';
import { inEventChange } from '../../domain/event-sequence.js';
import { randomId } from '../../lib/crypto.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { partyPrivateChats, recentChats, requireConfirmedAttendee, storeGroupChat, storePrivateChat } from '../../repositories/chats.js';
import { chipsOfEvent } from '../../repositories/chips.js';
import { claimIdempotencyKey } from '../../repositories/idempotency-keys.js';
import { organiserAttendees } from '../../repositories/attendee-lists.js';
import { eventView, eventViews } from '../../repositories/event-views.js';
import { eventDates, eventLists } from '../../repositories/event-wire.js';
import { claimCleanName, deleteEvent, EVENT_NOT_FOUND_MESSAGE, eventById, eventName, eventsOfOwner, freeCleanName, insertEvent, replaceGallery, updateEvent } from '../../repositories/events.js';
import { liveState } from '../../repositories/live-state.js';
import { moveAfterEventMails } from '../../repositories/messages.js';
import { chatSettingsOf, eventReports, pinnedAnnouncements } from '../../repositories/moderation.js';
import { insertPrices, replacePrices } from '../../repositories/tickets.js';

/** The organiser's answers show every attendee among an event's avatars, those hiding from public lists too. */
const ORGANISER = { withHidden: true } as const;

/**
 * The organiser's calls (bearer token). A call on one event declares its action on the contract, and
 * the access policy decides before it runs (access/policy.ts): another user's event answers 404, as
 * an unknown one does, so event ids cannot be probed.
 */
export function organiserRoutes(app: FastifyInstance): void {
  route(app, calls.listEvents)(async ({ query, user }) => {
    const rows = await eventsOfOwner(app.db, user.id, query.page, query.limit);
    const views = await eventViews(app.db, rows, ORGANISER);
    return { success: 'true', data: { ...eventLists(views, app.now()), user: { name: user.name, image: user.image } } };
  });

  route(app, calls.getEvent)(async ({ event }) => {
    return { success: 'true', data: await eventView(app.db, event, ORGANISER) };
  });

  // With an Idempotency-Key, a repeat of a create (a double click, a retried request) answers the
  // event the first one made: the key is claimed in the create's own transaction, before any write.
  route(app, calls.createEvent)(async ({ body, headers, user }) => {
    const now = app.now();
    checkStartNotPast(body.start_date, now);
    checkTickets(body.prices);
    const columns = eventColumns(body);
    const key = headers[IDEMPOTENCY_HEADER];
    let id = randomId();
    await retryOnCleanNameClash(() =>
      app.db.transaction().execute(async (trx) => {
        const earlier = key ? await claimIdempotencyKey(trx, { scope: 'event', owner: user.id, key }, id, now) : null;
        if (earlier !== null) {
          id = earlier;
          return;
        }
        const name = await freeCleanName(trx, body.title);
        await insertEvent(trx, { id, user_id: user.id, ...columns, clean_name: name, created_at: now, updated_at: now });
        await claimCleanName(trx, id, name);
        await insertPrices(trx, id, body.prices);
        await replaceGallery(trx, id, body.gallery);
      }),
    );
    return { success: 'true', message: 'Event created', data: await eventView(app.db, await eventById(app.db, id), ORGANISER) };
  });

  route(app, calls.updateEvent)(async ({ body, event: existing }) => {
    const now = app.now();
    checkStartNotPast(body.start_date, now, eventDates(existing).start_date);
    checkTickets(body.prices);
    const columns = eventColumns(body);
    await retryOnCleanNameClash(() =>
      inEventChange(app.db, existing.id, async (trx) => {
        // Read again under the event row's lock: a rename that committed meanwhile is the former name.
        const current = await eventName(trx, existing.id);
        const cleanName = body.title === current.title ? current.clean_name : await freeCleanName(trx, body.title, existing.id);
        await updateEvent(trx, existing.id, { ...columns, clean_name: cleanName, updated_at: now });
        if (cleanName !== current.clean_name) await claimCleanName(trx, existing.id, cleanName, current.clean_name);
        await replacePrices(trx, existing.id, body.prices);
        await replaceGallery(trx, existing.id, body.gallery);
        // The after-event mails still waiting follow the event's new end.
        const sendAt = afterEventSendAt(eventDates(await eventById(trx, existing.id)));
        if (sendAt) await moveAfterEventMails(trx, existing.id, sendAt, now);
      }),
    );
    return { success: 'true', message: 'Event updated', data: await eventView(app.db, await eventById(app.db, existing.id), ORGANISER) };
  });

  route(app, calls.deleteEvent)(async ({ event }) => {
    // Deleted meanwhile by another request: as unknown.
    if (!(await deleteEvent(app.db, event.id))) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    return { success: 'true', message: 'Event deleted' };
  });

  route(app, calls.adminEvent)(async ({ event: row, user }) => {
    const [view, attendees, chats, privateChats, chips, announcements, reports] = await Promise.all([
      eventView(app.db, row, ORGANISER),
      organiserAttendees(app.db, row.id, app.now()),
      recentChats(app.db, row.id),
      partyPrivateChats(app.db, row.id, adminIdOf(user.id)),
      chipsOfEvent(app.db, row.id),
      pinnedAnnouncements(app.db, row.id),
      eventReports(app.db, row.id, LIVE_REPORTS_LIMIT),
    ]);
    return {
      success: 'true',
      data: { ...view, attendees, chats, private_chats: privateChats, chips, chat: chatSettingsOf(row), announcements, reports },
    };
  });

  route(app, calls.checkIn)(async ({ params, body, user }) => {
    // url_id (the chip the check-in came from) is accepted as the web sends it; the attendee id in the path decides.
    // From a chip page (url_id) the check-in is recorded as the organiser's tap of that chip.
    const by = body.url_id ? `chip:${user.id}` : 'organiser';
    const result = await checkIn(app.db, body.event_id, params.id, body.checked_in, { at: app.now(), by });
    if (!result) throw notFound('Attendee not found');
    const { status } = result;
    if (!result.changed) return { success: 'true', data: { status, event_id: body.event_id } };
    return { success: 'true', message: status ? 'Checked in' : 'Marked absent', data: { status, event_id: body.event_id } };
  });

  route(app, calls.adminChat)(async ({ body, event, user }) => {
    if (body.event_id !== event.id) throw badRequest('The message is for another event', 'event_id');
    const adminId = adminIdOf(user.id);
    if (body.attendee_id !== adminId) throw forbidden(NOT_SELF_MESSAGE);
    checkOrganiserChatOpen(event, app.now());
    const admin = { id: adminId, name: ADMIN_NAME, image: user.image ?? '' };
    return { success: 'true', data: await storeGroupChat(app.db, event.id, admin, body.message, app.now()) };
  });

  route(app, calls.adminPrivateChat)(async ({ body, event, user }) => {
    if (body.event_id !== event.id) throw badRequest('The message is for another event', 'event_id');
    const adminId = adminIdOf(user.id);
    if (body.attendee_id_1 !== adminId) throw forbidden(NOT_SELF_MESSAGE);
    checkOrganiserChatOpen(event, app.now());
    await requireConfirmedAttendee(app.db, event.id, body.attendee_id_2);
    const admin = { id: adminId, name: ADMIN_NAME, image: user.image ?? '' };
    return { success: 'true', data: await storePrivateChat(app.db, event.id, admin, body.attendee_id_2, body.message, app.now()) };
  });

  route(app, serviceCalls.liveState)(async ({ params, query }) => {
    return { success: 'true', data: await liveState(app.db, params.id, query.since, app.now()) };
  });
}
