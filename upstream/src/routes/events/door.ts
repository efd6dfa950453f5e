import { doorCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import type { FastifyInstance } from 'fastify';
import { doorAttendeeWire, doorCheckIn, doorLink, requireLiveLink, STAFF_LINK_UNKNOWN_MESSAGE, staffLinkExpiry, staffLinkWire } from '../../domain/door.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { eventById, eventDates, ownEvent } from '../../repositories/events.js';
import {
  insertDoorSession,
  insertStaffLink,
  revokeStaffLink,
  searchDoorAttendees,
  staffLinkBySecretHash,
  staffLinksOfEvent,
} from '../../repositories/staff-links.js';

const SEARCH_LIMIT = 20;

/**
 * The door: the organiser's staff links (bearer, own events only: another's event answers 404), and
 * the calls of a staff phone, which carries its door session token in the body. A door session is
 * checked against its link on every call, so a revoked or expired link stops working at once.
 */
export function doorRoutes(app: FastifyInstance): void {
  route(app, doorCalls.createStaffLink)(async ({ params, body, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    const now = app.now();
    const secret = randomToken();
    const link = await insertStaffLink(app.db, {
      id: randomId(),
      event_id: event.id,
      secret_hash: hashToken(secret),
      label: body.label,
      expires_at: staffLinkExpiry(event, body.expiry, now),
      created_by: user.id,
      created_at: now,
    });
    return { success: 'true', message: 'Staff link created', data: { event_id: event.id, link: staffLinkWire(link, now), path: pages.staffLink(secret) } };
  });

  route(app, doorCalls.listStaffLinks)(async ({ params, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    const now = app.now();
    const links = await staffLinksOfEvent(app.db, event.id);
    return { success: 'true', data: { event_id: event.id, links: links.map((link) => staffLinkWire(link, now)) } };
  });

  route(app, doorCalls.revokeStaffLink)(async ({ params, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    const now = app.now();
    const link = await revokeStaffLink(app.db, event.id, params.link_id, now);
    if (!link) throw notFound('Staff link not found');
    return { success: 'true', message: 'Staff link revoked', data: { event_id: event.id, link: staffLinkWire(link, now) } };
  });

  route(app, doorCalls.openStaffLink)(async ({ body }) => {
    const now = app.now();
    const found = await staffLinkBySecretHash(app.db, hashToken(body.secret));
    if (!found) throw notFound(STAFF_LINK_UNKNOWN_MESSAGE);
    const link = requireLiveLink(found, now);
    const session = randomToken();
    await insertDoorSession(app.db, hashToken(session), link.id, now);
    return { success: 'true', data: { session, ...(await sessionView(link)) } };
  });

  route(app, doorCalls.doorSession)(async ({ body }) => {
    const link = await doorLink(app.db, body.session, app.now());
    return { success: 'true', data: await sessionView(link) };
  });

  route(app, doorCalls.doorSearch)(async ({ body }) => {
    const link = await doorLink(app.db, body.session, app.now());
    const found = await searchDoorAttendees(app.db, link.event_id, body.query, SEARCH_LIMIT);
    return { success: 'true', data: { event_id: link.event_id, attendees: found.map(doorAttendeeWire) } };
  });

  route(app, doorCalls.doorCheckIn)(async ({ body }) => {
    const now = app.now();
    const link = await doorLink(app.db, body.session, now);
    const answer = await doorCheckIn(app.db, link, body.attendee_id, body.client_id, now);
    const message = answer.outcome === 'admitted' ? 'Checked in' : answer.outcome === 'already' ? 'Already checked in' : 'Not an attendee of this event';
    return { success: 'true', message, data: answer };
  });

  async function sessionView(link: { event_id: string; label: string; expires_at: Date }) {
    const event = await eventById(app.db, link.event_id);
    const { start_date, end_date } = eventDates(event);
    return {
      event_id: event.id,
      event: { id: event.id, title: event.title, start_date, end_date },
      gate: link.label,
      expires_at: link.expires_at.toISOString(),
    };
  }
}
