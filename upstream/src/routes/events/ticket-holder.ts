import { ticketHolderCalls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { editTicketName, transferTicket } from '../../domain/ticket-transfer.js';
import { route } from '../../lib/route.js';

/**
 * The ticket holder's own changes, by their access token (the access policy's 'ticket.editName' and
 * 'ticket.transfer'): the name on the ticket, and the ticket given to someone else.
 */
export function ticketHolderRoutes(app: FastifyInstance): void {
  route(app, ticketHolderCalls.editTicketName)(async ({ body, event, ticketHolder }) => {
    await editTicketName(app, event.id, ticketHolder.id, body.name);
    return { success: 'true', message: messages.ticketNameSaved, data: { event_id: event.id, name: body.name } };
  });

  route(app, ticketHolderCalls.transferTicket)(async ({ body, event, params }) => {
    await transferTicket(app, event, params.id, body);
    return { success: 'true', message: messages.ticketTransferred, data: { event_id: event.id } };
  });
}
