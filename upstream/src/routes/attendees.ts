import type { FastifyInstance } from 'fastify';
import { arenaRoutes } from './events/arena.js';
import { registrationRoutes } from './events/registration.js';
import { ticketRoutes } from './events/tickets.js';

/** Attendees: registration and paid-ticket settlement, the token page and arena, chips and chat posts, door-ticket keys. */
export default async function attendeesRoutes(app: FastifyInstance): Promise<void> {
  registrationRoutes(app);
  arenaRoutes(app);
  ticketRoutes(app);
}
