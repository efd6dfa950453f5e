import { z } from 'zod';
import { idempotencyHeadersSchema, makeEventSchema } from '../rules/index.js';
import { call, id, idParam, type CallFactories } from './core.js';
import { plainAnswerSchema, wireData } from './envelope.js';
import { eventAnswer, organiserCall } from './event-call.js';
import { adminEventSchema, cancelledAttendeeSchema, eventListsSchema, eventSchema, userSummarySchema } from './entities.js';
import { groupChatPost, privateChatPost } from './events-public.js';

/**
 * Events, the organiser's side: their events, an event's attendees and check-ins, and the organiser's
 * posts in its chats.
 */

/**
 * An event as create and update take it. The "not in the past" rule depends on the server's
 * clock and, on update, on whether the start date changed, so the schema here checks everything but
 * that (a clock at the epoch lets every real date through) and the upstream applies it itself.
 */
export const eventPayloadSchema = makeEventSchema(() => new Date(0));
export type EventPayload = z.infer<typeof eventPayloadSchema>;

/** Which reminder mails the event's confirmed attendees get: 24 hours and 1 hour before the start. */
export const reminderSettingsSchema = z.object({ day_before: z.boolean(), hour_before: z.boolean() });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** The attendee an organiser's call acts on. */
const attendeeBody = z.object({ attendee_id: id });
const reminderSettingsAnswer = () => eventAnswer({ settings: reminderSettingsSchema });

/** Built once each, on first use, in `calls`. */
export const organiserEventCallFactories = {
  listEvents: () => call({
    method: 'GET',
    path: '/event/api/events',
    auth: 'bearer',
    query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(100) }),
    answer: wireData(eventListsSchema.extend({ user: userSummarySchema })),
  }),
  getEvent: () => organiserCall('event.view', { method: 'GET', path: '/event/api/events/:id', answer: wireData(eventSchema) }),
  createEvent: () => call({ method: 'POST', path: '/event/api/events', auth: 'bearer', headers: idempotencyHeadersSchema, body: eventPayloadSchema, answer: wireData(eventSchema) }),
  updateEvent: () => organiserCall('event.edit', { method: 'POST', path: '/event/api/events/:id', body: eventPayloadSchema, answer: wireData(eventSchema), live: { wakes: 'poll' } }),
  deleteEvent: () => organiserCall('event.delete', { method: 'DELETE', path: '/event/api/events/:id', answer: plainAnswerSchema }),
  adminEvent: () => organiserCall('event.dashboard', { method: 'GET', path: '/event/api/admin-event/:id', answer: wireData(adminEventSchema) }),
  checkIn: () => call({
    method: 'POST',
    path: '/event/api/check-in/:id',
    auth: 'bearer',
    access: { action: 'attendee.checkIn', from: 'body' },
    params: idParam,
    // `checked_in` is ours: the switch states the wanted value so a repeated request cannot flip it back.
    body: z.object({ event_id: id, url_id: z.string().max(128).optional(), checked_in: z.boolean().optional() }),
    answer: wireData(z.object({ status: z.boolean(), event_id: id })),
    live: { wakes: 'poke' },
  }),
  /** Ours: mails a confirmed attendee's access again, with a new access link (the old one stops working). */
  resendTicket: () => organiserCall('attendee.resendTicket', { method: 'POST', path: '/event/api/events/:id/resend-ticket', body: attendeeBody, answer: plainAnswerSchema }),
  /** Ours: cancels a confirmed attendee's registration: the seat goes back at once, a paid ticket is refunded in full. */
  cancelAttendee: () => organiserCall('attendee.cancel', {
    method: 'POST',
    path: '/event/api/events/:id/cancel-attendee',
    body: attendeeBody,
    answer: wireData(cancelledAttendeeSchema),
    live: { wakes: 'poll' },
  }),
  /** Ours: the event's cancelled registrations, newest first, with their refunds' states. */
  cancelledAttendees: () => organiserCall('attendee.cancel', { method: 'GET', path: '/event/api/events/:id/cancelled-attendees', answer: wireData(z.array(cancelledAttendeeSchema)) }),
  /** Ours: the event's reminder mails, as the organiser set them (both on by default). */
  reminderSettings: () => organiserCall('reminders.view', { method: 'GET', path: '/event/api/events/:id/reminders', answer: reminderSettingsAnswer() }),
  /** Ours: the organiser turns the event's reminder mails on or off. */
  setReminderSettings: () => organiserCall('reminders.edit', { method: 'POST', path: '/event/api/events/:id/reminders', body: reminderSettingsSchema, answer: reminderSettingsAnswer() }),
  /** create-chat (admin) */
  adminChat: () => organiserCall('chat.postAsOrganiser', { path: '/event/api/create-chat/:id', ...groupChatPost() }),
  /** create-private-chat (admin) */
  adminPrivateChat: () => organiserCall('chat.postAsOrganiser', { path: '/event/api/create-private-chat/:id', ...privateChatPost() }),
} satisfies CallFactories;
