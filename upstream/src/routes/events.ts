import type { FastifyInstance } from 'fastify';
import { doorRoutes } from './events/door.js';
import { historyRoutes } from './events/history.js';
import { moderationRoutes } from './events/moderation.js';
import { organiserRoutes } from './events/organiser.js';
import { publicEventRoutes } from './events/public.js';
import { reminderRoutes } from './events/reminders.js';

/** Events: the organiser's calls (own events only) and chat moderation, the gateway's live state, and the public event pages. */
export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
  organiserRoutes(app);
  doorRoutes(app);
  historyRoutes(app);
  moderationRoutes(app);
  publicEventRoutes(app);
  reminderRoutes(app);
}
