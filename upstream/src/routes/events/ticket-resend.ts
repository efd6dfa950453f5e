import { LIMITS } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { messages, safetyMessages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { mailTicketRecovery, redeemTicketRecovery, resendAccess } from '../../domain/ticket-resend.js';
import { clientKey } from '../../lib/client-address.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { inBackgroundOf } from '../../lib/background.js';
import { route } from '../../lib/route.js';
import { eventById } from '../../repositories/events.js';
import { ticketOwner, ticketOwnersByEmail } from '../../repositories/attendees.js';

/**
 * Access mails sent again: by the organiser for one attendee (`calls.resendTicket`, the access policy's
 * 'attendee.resendTicket'), and for the owner of an email ("Lost your ticket?", `calls.recoverTicket`,
 * then `calls.redeemTicketRecovery`).
 *
 * Anyone may ask "Lost your ticket?" for any email, so asking never touches an access link: it mails a
 * one-time link, and only opening that (the inbox's owner) replaces the access link. The ask answers the
 * same neutral message whether or not the email holds a ticket, and by the same path: after its rate
 * limits it hands the look-up and the mails to the background and answers at once, so neither the
 * answer nor its timing tells whether someone registered.
 */
export function ticketResendRoutes(app: FastifyInstance): void {
  const inBackground = inBackgroundOf(app, 'could not mail a ticket again');

  route(app, calls.resendTicket)(async ({ body, event }) => {
    const owner = await ticketOwner(app.db, event.id, body.attendee_id);
    if (!owner || !(await resendAccess(app, event, owner))) throw notFound(safetyMessages.attendeeNotFound);
    return { success: 'true', message: messages.ticketResent };
  });

  route(app, calls.recoverTicket)(async ({ params, body, request }) => {
    const event = await eventById(app.db, params.id);
    // One statement counts both: the asking address over every event, and the event's email over every address.
    await app.throttle.attemptAll([
      { key: `ticket-resend:ip:${clientKey(request)}`, limit: LIMITS.ticketResendAddress },
      { key: `ticket-resend:${event.id}:${body.email.toLowerCase()}`, limit: LIMITS.ticketResendEmail },
    ]);
    inBackground(async () => {
      for (const owner of await ticketOwnersByEmail(app.db, event.id, body.email)) await mailTicketRecovery(app, event, owner);
    });
    return { success: 'true', message: messages.ticketResendNeutral };
  });

  route(app, calls.redeemTicketRecovery)(async ({ body }) => {
    const tid = await redeemTicketRecovery(app, body.token);
    if (!tid) throw new HttpError(410, messages.ticketRecoveryInvalid);
    return { success: 'true', message: messages.ticketResent, link: pages.eventToken(tid) };
  });
}
