import { capacity } from '@tapcard/shared/domain';
import { doorCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { requireLiveLink } from '../../access/door-session.js';
import type { Row } from '../../db/schema.js';
import {
  doorAttendeeWire,
  doorCheckIn,
  doorCheckOut,
  doorConflictWire,
  type DoorScan,
  STAFF_LINK_UNKNOWN_MESSAGE,
  staffLinkExpiry,
  staffLinkWire,
} from '../../domain/door.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { eventDates } from '../../repositories/event-wire.js';
import { eventById, ticketStocks } from '../../repositories/events.js';
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

const CHECK_IN_MESSAGES = { admitted: 'Checked in', already: 'Already checked in', unknown: 'Not an attendee of this event', conflict: 'Checked in first at another gate', transferred: messages.ticketWasTransferred, cancelled: messages.ticketWasCancelled } as const;
const CHECK_OUT_MESSAGES = { checked_out: 'Checked out', not_inside: 'Not checked in', unknown: 'Not an attendee of this event' } as const;

/**
 * The door: the organiser's staff links and door settings (bearer), and the calls of a staff phone,
 * which carries its door session token in the body. Who may make each call is the access policy's
 * answer (access/policy.ts); a door session is checked against its link on every call, so a revoked
 * or expired link stops working at once (access/door-session.ts).
 */
export function doorRoutes(app: FastifyInstance): void {
  route(app, doorCalls.createStaffLink)(async ({ body, event, user }) => {
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

  route(app, doorCalls.listStaffLinks)(async ({ event }) => {
    const now = app.now();
    const links = await staffLinksOfEvent(app.db, event.id);
    return { success: 'true', data: { event_id: event.id, links: links.map((link) => staffLinkWire(link, now)) } };
  });

  route(app, doorCalls.revokeStaffLink)(async ({ params, event }) => {
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
    return { success: 'true', data: { session, ...(await sessionView(link, await eventById(app.db, link.event_id))) } };
  });

  route(app, doorCalls.doorSession)(async ({ event, staffLink }) => {
    return { success: 'true', data: await sessionView(staffLink, event) };
  });

  route(app, doorCalls.doorSearch)(async ({ body, event }) => {
    const found = await searchDoorAttendees(app.db, event.id, body.query, SEARCH_LIMIT);
    return { success: 'true', data: { event_id: event.id, attendees: found.map(doorAttendeeWire) } };
  });

  route(app, doorCalls.doorCheckIn)(async ({ body, staffLink }) => {
    const answer = await doorCheckIn(app.db, staffLink, scanOf(body), app.now());
    return { success: 'true', message: CHECK_IN_MESSAGES[answer.outcome], data: answer };
  });

  route(app, doorCalls.doorCheckOut)(async ({ body, staffLink }) => {
    const answer = await doorCheckOut(app.db, staffLink, scanOf(body), app.now());
    return { success: 'true', message: CHECK_OUT_MESSAGES[answer.outcome], data: answer };
  });

  route(app, doorCalls.doorSettings)(async ({ event }) => {
    return { success: 'true', data: { event_id: event.id, settings: { check_out: event.door_check_out } } };
  });

  route(app, doorCalls.setDoorSettings)(async ({ body, event }) => {
    await setDoorCheckOut(app.db, event.id, body.check_out);
    return { success: 'true', message: 'Door settings saved', data: { event_id: event.id, settings: { check_out: body.check_out } } };
  });

  route(app, doorCalls.listDoorConflicts)(async ({ event }) => {
    const conflicts = await doorConflictsOfEvent(app.db, event.id, CONFLICTS_LIMIT);
    return { success: 'true', data: { event_id: event.id, conflicts: conflicts.map(doorConflictWire) } };
  });

  async function sessionView(link: Row<'staff_links'>, event: Row<'events'>) {
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
