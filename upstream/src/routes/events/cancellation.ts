import { calls } from '@tapcard/shared/contract';
import { messages, safetyMessages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { ACCESS_UNKNOWN_MESSAGE } from '../../domain/chat.js';
import { cancelledAttendeeWire, cancelRegistration, scheduleRefundRetries, ticketCancellationOf } from '../../domain/cancellation.js';
import { hashToken } from '../../lib/crypto.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { cancelledAttendee, cancelledAttendeesOf } from '../../repositories/cancellations.js';
import { eventById } from '../../repositories/events.js';

/**
 * Cancelling a ticket: by its attendee from the ticket page (`calls.cancelTicket`, by the access
 * token; refunded by the event's refund policy) and by the organiser for any confirmed attendee
 * (`calls.cancelAttendee`, policy action 'attendee.cancel'; a paid ticket is refunded in full). The
 * ticket page reads the ticket's state by its token (`calls.ticketCancellation`), which still answers
 * once the ticket is cancelled; the organiser lists the cancelled ones with their refunds.
 */
export function cancellationRoutes(app: FastifyInstance): void {
  scheduleRefundRetries(app);
  const stateOf = async (tid: string) => {
    const state = await ticketCancellationOf(app, hashToken(tid), (id) => eventById(app.db, id));
    if (!state) throw notFound(ACCESS_UNKNOWN_MESSAGE);
    return state;
  };

  route(app, calls.ticketCancellation)(async ({ params }) => ({ success: 'true', data: await stateOf(params.id) }));

  route(app, calls.cancelTicket)(async ({ params, event, ticketHolder }) => {
    const { cancelled } = await cancelRegistration(app, event, ticketHolder.id, 'attendee');
    if (!cancelled) throw conflict(messages.ticketAlreadyCancelled);
    return { success: 'true', data: await stateOf(params.id) };
  });

  route(app, calls.cancelAttendee)(async ({ body, event }) => {
    const { cancelled } = await cancelRegistration(app, event, body.attendee_id, 'organiser');
    const row = await cancelledAttendee(app.db, event.id, body.attendee_id);
    if (!row) throw notFound(safetyMessages.attendeeNotFound);
    if (!cancelled) throw conflict(messages.ticketAlreadyCancelled);
    return { success: 'true', data: cancelledAttendeeWire(row) };
  });

  route(app, calls.cancelledAttendees)(async ({ event }) => ({
    success: 'true',
    data: (await cancelledAttendeesOf(app.db, event.id)).map(cancelledAttendeeWire),
  }));
}
