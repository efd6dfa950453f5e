import { z } from 'zod';
import { idempotencyHeadersSchema, makeEventSchema } from '../rules/index.js';
import { call, id, idParam, type CallFactories } from './core.js';
import { plainAnswerSchema, wireData } from './envelope.js';
import { adminEventSchema, cancelledAttendeeSchema, chatMessageSchema, eventListsSchema, eventSchema, privateChatSchema, userSummarySchema } from './entities.js';
import { chatPostSchema, privateChatPostSchema } from './events-public.js';

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

/** Built once each, on first use, in `calls`. */
export const organiserEventCallFactories = {
  listEvents: () => call({
    method: 'GET',
    path: '/event/api/events',
    auth: 'bearer',
    query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(100) }),
    answer: wireData(eventListsSchema.extend({ user: userSummarySchema })),
  }),
  getEvent: () => call({ method: 'GET', path: '/event/api/events/:id', auth: 'bearer', access: { action: 'event.view' }, params: idParam, answer: wireData(eventSchema) }),
  createEvent: () => call({ method: 'POST', path: '/event/api/events', auth: 'bearer', headers: idempotencyHeadersSchema, body: eventPayloadSchema, answer: wireData(eventSchema) }),
  updateEvent: () => call({ method: 'POST', path: '/event/api/events/:id', auth: 'bearer', access: { action: 'event.edit' }, params: idParam, body: eventPayloadSchema, answer: wireData(eventSchema), live: { wakes: 'poll' } }),
  deleteEvent: () => call({ method: 'DELETE', path: '/event/api/events/:id', auth: 'bearer', access: { action: 'event.delete' }, params: idParam, answer: plainAnswerSchema }),
  adminEvent: () => call({ method: 'GET', path: '/event/api/admin-event/:id', auth: 'bearer', access: { action: 'event.dashboard' }, params: idParam, answer: wireData(adminEventSchema) }),
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
  resendTicket: () => call({
    method: 'POST',
    path: '/event/api/events/:id/resend-ticket',
    auth: 'bearer',
    access: { action: 'attendee.resendTicket' },
    params: idParam,
    body: z.object({ attendee_id: id }),
    answer: plainAnswerSchema,
  }),
  /** Ours: cancels a confirmed attendee's registration: the seat goes back at once, a paid ticket is refunded in full. */
  cancelAttendee: () => call({
    method: 'POST',
    path: '/event/api/events/:id/cancel-attendee',
    auth: 'bearer',
    access: { action: 'attendee.cancel' },
    params: idParam,
    body: z.object({ attendee_id: id }),
    answer: wireData(cancelledAttendeeSchema),
    live: { wakes: 'poll' },
  }),
  /** Ours: the event's cancelled registrations, newest first, with their refunds' states. */
  cancelledAttendees: () => call({
    method: 'GET',
    path: '/event/api/events/:id/cancelled-attendees',
    auth: 'bearer',
    access: { action: 'attendee.cancel' },
    params: idParam,
    answer: wireData(z.array(cancelledAttendeeSchema)),
  }),
  /** Ours: the event's reminder mails, as the organiser set them (both on by default). */
  reminderSettings: () => call({
    method: 'GET',
    path: '/event/api/events/:id/reminders',
    auth: 'bearer',
    access: { action: 'reminders.view' },
    params: idParam,
    answer: wireData(z.object({ event_id: id, settings: reminderSettingsSchema })),
  }),
  /** Ours: the organiser turns the event's reminder mails on or off. */
  setReminderSettings: () => call({
    method: 'POST',
    path: '/event/api/events/:id/reminders',
    auth: 'bearer',
    access: { action: 'reminders.edit' },
    params: idParam,
    body: reminderSettingsSchema,
    answer: wireData(z.object({ event_id: id, settings: reminderSettingsSchema })),
  }),
  /** create-chat (admin) */
  adminChat: () => call({
    method: 'POST',
    path: '/event/api/create-chat/:id',
    auth: 'bearer',
    access: { action: 'chat.postAsOrganiser' },
    params: idParam,
    body: chatPostSchema,
    answer: wireData(chatMessageSchema),
    live: { wakes: 'poke', message: 'group' },
  }),
  /** create-private-chat (admin) */
  adminPrivateChat: () => call({
    method: 'POST',
    path: '/event/api/create-private-chat/:id',
    auth: 'bearer',
    access: { action: 'chat.postAsOrganiser' },
    params: idParam,
    body: privateChatPostSchema,
    answer: wireData(privateChatSchema),
    live: { wakes: 'poke', message: 'private' },
  }),
} satisfies CallFactories;
