import type { FastifyInstance } from 'fastify';
import { doorRoutes } from './events/door.js';
import { historyRoutes } from './events/history.js';
import { messageRoutes } from './events/messages.js';
import { moderationRoutes } from './events/moderation.js';
import { organiserRoutes } from './events/organiser.js';
import { publicEventRoutes } from './events/public.js';
import { reminderRoutes } from './events/reminders.js';

/** Events: the organiser's calls (own events only), chat moderation and messages to attendees, the gateway's live state, and the public event pages. */
export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
  organiserRoutes(app);
  doorRoutes(app);
  historyRoutes(app);
  moderationRoutes(app);
  messageRoutes(app);
  publicEventRoutes(app);
  reminderRoutes(app);
}
