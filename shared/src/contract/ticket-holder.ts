import { z } from 'zod';
import { ticketNameSchema, ticketTransferSchema } from '../rules/index.js';
import { lazyCalls } from './core.js';
import { attendeeCall, eventAnswer } from './event-call.js';

/**
 * A ticket holder's own changes to their ticket, on the ticket page, by their access token: the name
 * on it, and giving it to someone else. Both only before check-in. Only the ticket page makes them, so
 * they are a group of their own (not in `calls`, which every page ships).
 */

export const ticketHolderCalls = lazyCalls({
  /** Ours: the holder's name as the door, the arena and the organiser show it. 409 once checked in. */
  editTicketName: () => attendeeCall('ticket.editName', {
    method: 'POST',
    path: '/event/public/api/token/:id/name',
    body: ticketNameSchema,
    answer: eventAnswer({ name: z.string() }),
    live: { wakes: 'poke' },
  }),
  /**
   * Ours: gives the ticket to another person. The caller's access link and door QR code stop working
   * at once (410 from then on), a bound chip is unbound, and the new holder is mailed their own access
   * link and QR code. Once only: a repeat, or a parallel request, of the same token answers 410; a
   * checked-in ticket 409; past LIMITS.ticketTransfer 429. The answer says nothing of the new holder.
   */
  transferTicket: () => attendeeCall('ticket.transfer', {
    method: 'POST',
    path: '/event/public/api/token/:id/transfer',
    body: ticketTransferSchema,
    answer: eventAnswer({}),
    live: { wakes: 'poke' },
  }),
});
