import { keptById } from '../../lib/kept-by-id.js';

/** How many ticket pages a device keeps for a visit with no network. */
export const TICKETS_KEPT = 3;

/** Where the ticket pages' answers are kept (api.ts's keptTickets reads them, each checked with the contract's schema). */
export const KEPT_TICKETS_KEY = 'ticketAnswers';

/**
 * Keeps the server-rendered ticket page's answer for the door with no network, as soon as the light
 * page has hydrated and before the schemas have arrived: it writes what the server sent as it is (the
 * reader, keptTickets, checks each value when it reads it).
 */
export const keptTicketWriter = keptById<unknown>(KEPT_TICKETS_KEY, (value) => value, TICKETS_KEPT);
