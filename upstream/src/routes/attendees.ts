import type { FastifyInstance } from 'fastify';
import { arenaRoutes } from './events/arena.js';
import { registrationRoutes } from './events/registration.js';

/** Attendees: registration and paid-ticket settlement, the token page and arena, chips and chat posts. */
export default async function attendeesRoutes(app: FastifyInstance): Promise<void> {
  registrationRoutes(app);
  arenaRoutes(app);
}
