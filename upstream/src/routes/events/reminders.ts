import { calls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { scheduleReminders } from '../../domain/reminders.js';
import { route } from '../../lib/route.js';
import { setReminderSettings } from '../../repositories/events.js';

/** The event's reminder mails: the organiser's settings (`calls.reminderSettings`, `calls.setReminderSettings`), and the periodic job that sends them. */
export function reminderRoutes(app: FastifyInstance): void {
  scheduleReminders(app);

  route(app, calls.reminderSettings)(async ({ event }) => {
    return { success: 'true', data: { event_id: event.id, settings: { day_before: event.remind_day_before, hour_before: event.remind_hour_before } } };
  });

  route(app, calls.setReminderSettings)(async ({ body, event }) => {
    await setReminderSettings(app.db, event.id, body);
    return { success: 'true', message: 'Reminder settings saved', data: { event_id: event.id, settings: body } };
  });
}
