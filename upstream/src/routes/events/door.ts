import { capacity } from '@tapcard/shared/domain';
import { doorCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import type { FastifyInstance } from 'fastify';
import {
  doorAttendeeWire,
  doorCheckIn,
  doorCheckOut,
  doorConflictWire,
  doorLink,
  type DoorScan,
  requireLiveLink,
  STAFF_LINK_UNKNOWN_MESSAGE,
  staffLinkExpiry,
  staffLinkWire,
} from '../../domain/door.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { eventDates } from '../../repositories/event-wire.js';
import { eventById, ownEvent, ticketStocks } from '../../repositories/events.js';
import {
  doorConflictsOfEvent,
  insertDoorSession,
  insertStaffLink,
  revokeStaffLink,
  searchDoorAttendees,
  setDoorCheckOut,
  staffLinkBySecretHash,
  staffLinksOfEvent,
} from '../../repositories/staff-links.js';

const SEARCH_LIMIT = 20;
const CONFLICTS_LIMIT = 200;

const CHECK_IN_MESSAGES = { admitted: 'Checked in', already: 'Already checked in', unknown: 'Not an attendee of this event', conflict: 'Checked in first at another gate' } as const;
const CHECK_OUT_MESSAGES = { checked_out: 'Checked out', not_inside: 'Not checked in', unknown: 'Not an attendee of this event' } as const;

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
    const answer = await doorCheckIn(app.db, link, scanOf(body), now);
    return { success: 'true', message: CHECK_IN_MESSAGES[answer.outcome], data: answer };
  });

  route(app, doorCalls.doorCheckOut)(async ({ body }) => {
    const now = app.now();
    const link = await doorLink(app.db, body.session, now);
    const answer = await doorCheckOut(app.db, link, scanOf(body), now);
    return { success: 'true', message: CHECK_OUT_MESSAGES[answer.outcome], data: answer };
  });

  route(app, doorCalls.doorSettings)(async ({ params, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    return { success: 'true', data: { event_id: event.id, settings: { check_out: event.door_check_out } } };
  });

  route(app, doorCalls.setDoorSettings)(async ({ params, body, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    await setDoorCheckOut(app.db, event.id, body.check_out);
    return { success: 'true', message: 'Door settings saved', data: { event_id: event.id, settings: { check_out: body.check_out } } };
  });

  route(app, doorCalls.listDoorConflicts)(async ({ params, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    const conflicts = await doorConflictsOfEvent(app.db, event.id, CONFLICTS_LIMIT);
    return { success: 'true', data: { event_id: event.id, conflicts: conflicts.map(doorConflictWire) } };
  });

  async function sessionView(link: { id: string; event_id: string; label: string; expires_at: Date }) {
    const event = await eventById(app.db, link.event_id);
    const stocks = await ticketStocks(app.db, event.id);
    const { start_date, end_date } = eventDates(event);
    return {
      event_id: event.id,
      event: { id: event.id, title: event.title, start_date, end_date },
      link_id: link.id,
      gate: link.label,
      expires_at: link.expires_at.toISOString(),
      check_out: event.door_check_out,
      total_stock: capacity(stocks.map((attendees) => ({ attendees }))),
    };
  }
}

function scanOf(body: { attendee_id: string; client_id?: string | undefined; scanned_at?: string | undefined }): DoorScan {
  return { attendeeId: body.attendee_id, clientId: body.client_id, scannedAt: body.scanned_at === undefined ? undefined : new Date(body.scanned_at) };
}
