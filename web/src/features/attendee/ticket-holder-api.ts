import { ticketHolderCalls, type Body } from '@tapcard/shared/contract';
import { api } from '../../lib/api.js';

/** The ticket holder's own changes, by access token: the name on the ticket, and a transfer. */
export const editTicketName = (tid: string, body: Body<typeof ticketHolderCalls.editTicketName>) => api(ticketHolderCalls.editTicketName, { params: { id: tid }, body });
export const transferTicket = (tid: string, body: Body<typeof ticketHolderCalls.transferTicket>) => api(ticketHolderCalls.transferTicket, { params: { id: tid }, body });

/** Whether a failed read of the ticket page says the ticket went to someone else (its old link). */
export const isTransferredRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 410;
