import type { CallAccess } from '@tapcard/shared/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Row } from '../db/schema.js';
import { ACCESS_UNKNOWN_MESSAGE } from '../domain/chat.js';
import { hashToken } from '../lib/crypto.js';
import { forbidden, notFound, unauthorised } from '../lib/http-error.js';
import { ticketTransferredError } from '../domain/ticket-transfer.js';
import { confirmedAttendeeByTidHash, type TokenHolder } from '../repositories/attendees.js';
import { ticketStateByTidHash } from '../repositories/ticket-transfers.js';
import { EVENT_NOT_FOUND_MESSAGE, eventById } from '../repositories/events.js';
import { doorLink } from './door-session.js';
import { decide, type Actor } from './policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The event a call with `access` acts on, loaded once the policy allowed the caller the call's action. */
    event: Row<'events'> | null;
    /** The live staff link behind the door session of a 'door' call. */
    staffLink: Row<'staff_links'> | null;
    /** The confirmed attendee holding the access token of a 'ticket' call. */
    ticketHolder: TokenHolder | null;
  }
  interface FastifyInstance {
    /** The preHandler of a call that declares `access`: finds the caller and the event, and asks the policy. */
    eventAccess(access: CallAccess): preHandlerAsyncHookHandler;
  }
}

type Found = { actor: Actor; eventId: string };

/**
 * Every call that acts on one event passes here (lib/route.ts adds the preHandler of its `access`),
 * after the call's input is validated and its signed-in user, if any, is known. The answers:
 * a user with no role at the event, or an unknown event: 404 'Event not found' (so event ids cannot
 * be probed); a door session unknown, revoked or expired: 403 saying which; an access token whose
 * ticket went to someone else: 410 saying so; an access token that is no confirmed attendee's: 404;
 * a role that does not allow the action: 403.
 */
export default fp(
  async function access(app: FastifyInstance) {
    app.decorateRequest('event', null);
    app.decorateRequest('staffLink', null);
    app.decorateRequest('ticketHolder', null);

    async function callerOf(request: FastifyRequest, access: CallAccess): Promise<Found> {
      const from = access.from ?? 'path';
      switch (from) {
        case 'path':
        case 'body': {
          if (!request.user) throw unauthorised();
          const named = from === 'path' ? (request.params as { id: string }).id : (request.body as { event_id: string }).event_id;
          return { actor: { kind: 'user', userId: request.user.id }, eventId: named };
        }
        case 'door': {
          const link = await doorLink(app.db, (request.body as { session: string }).session, app.now());
          request.staffLink = link;
          return { actor: { kind: 'door', eventId: link.event_id }, eventId: link.event_id };
        }
        case 'ticket': {
          const tidHash = hashToken((request.params as { id: string }).id);
          const holder = await confirmedAttendeeByTidHash(app.db, tidHash);
          if (!holder) {
            if ((await ticketStateByTidHash(app.db, tidHash))?.status === 'transferred') throw ticketTransferredError();
            throw notFound(ACCESS_UNKNOWN_MESSAGE);
          }
          request.ticketHolder = holder;
          return { actor: { kind: 'attendee', eventId: holder.event_id }, eventId: holder.event_id };
        }
      }
    }

    app.decorate('eventAccess', (access: CallAccess): preHandlerAsyncHookHandler => {
      return async function eventAccess(request) {
        const { actor, eventId } = await callerOf(request, access);
        const event = await eventById(app.db, eventId);
        const decision = decide(actor, access.action, event);
        if (decision === 'stranger') throw notFound(actor.kind === 'user' ? EVENT_NOT_FOUND_MESSAGE : ACCESS_UNKNOWN_MESSAGE);
        if (decision === 'refused') throw forbidden();
        request.event = event;
      };
    });
  },
  { name: 'access', dependencies: ['context', 'auth'] },
);
