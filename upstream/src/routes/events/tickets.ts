import { doorCalls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { ticketPublicKeys } from '../../domain/tickets.js';
import { route } from '../../lib/route.js';
import { eventById } from '../../repositories/events.js';

/** Door tickets: the public keys a door fetches once, then checks every scanned ticket with offline. */
export function ticketRoutes(app: FastifyInstance): void {
  route(app, doorCalls.ticketKeys)(async ({ params }) => {
    // An unknown event answers 404. Keys are per deployment today; the event in the path lets a key
    // be per event later without changing the door.
    await eventById(app.db, params.id);
    return { success: 'true', data: { keys: await ticketPublicKeys(app) } };
  });
}
