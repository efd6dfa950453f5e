import { z } from 'zod';
import { ticketNameSchema, ticketTransferSchema } from '../rules/index.js';
import { id, lazyCalls, type Call } from './core.js';
import { tidParam } from './credential.js';
import { wireData } from './envelope.js';

/**
 * A ticket holder's own changes to their ticket, on the ticket page, by their access token: the name
 * on it, and giving it to someone else. Both only before check-in. Only the ticket page makes them, so
 * they are a group of their own (not in `calls`, which every page ships).
 */

const call = <const C extends Call>(c: C): C => c;

export const ticketHolderCalls = lazyCalls({
  /** Ours: the holder's name as the door, the arena and the organiser show it. 409 once checked in. */
  editTicketName: () => call({
    method: 'POST',
    path: '/event/public/api/token/:id/name',
    auth: 'none',
    access: { action: 'ticket.editName', from: 'ticket' },
    params: tidParam,
    body: ticketNameSchema,
    answer: wireData(z.object({ event_id: id, name: z.string() })),
    live: { wakes: 'poke' },
  }),
  /**
   * Ours: gives the ticket to another person. The caller's access link and door QR code stop working
   * at once (410 from then on), a bound chip is unbound, and the new holder is mailed their own access
   * link and QR code. Once only: a repeat, or a parallel request, of the same token answers 410; a
   * checked-in ticket 409; past LIMITS.ticketTransfer 429. The answer says nothing of the new holder.
   */
  transferTicket: () => call({
    method: 'POST',
    path: '/event/public/api/token/:id/transfer',
    auth: 'none',
    access: { action: 'ticket.transfer', from: 'ticket' },
    params: tidParam,
    body: ticketTransferSchema,
    answer: wireData(z.object({ event_id: id })),
    live: { wakes: 'poke' },
  }),
});
