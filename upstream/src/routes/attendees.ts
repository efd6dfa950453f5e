import type { FastifyInstance } from 'fastify';
import { arenaRoutes } from './events/arena.js';
import { arenaSafetyRoutes } from './events/arena-safety.js';
import { cancellationRoutes } from './events/cancellation.js';
import { registrationRoutes } from './events/registration.js';
import { ticketHolderRoutes } from './events/ticket-holder.js';
import { ticketResendRoutes } from './events/ticket-resend.js';
import { ticketRoutes } from './events/tickets.js';

/** Attendees: registration and paid-ticket settlement, the token page and arena, chips and chat posts, their safety calls and Share my card, door-ticket keys, access mails sent again, the holder's name and transfer, cancellations and their refunds. */
export default async function attendeesRoutes(app: FastifyInstance): Promise<void> {
  registrationRoutes(app);
  arenaRoutes(app);
  arenaSafetyRoutes(app);
  ticketRoutes(app);
  ticketResendRoutes(app);
  cancellationRoutes(app);
  ticketHolderRoutes(app);
}
