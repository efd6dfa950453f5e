import { z } from 'zod';
import { afterEventMailKindSchema, messageAudienceSchema, messageDraftSchema, organiserMessageTexts, scheduleMessageSchema, scheduledMessageSchema } from '../rules/index.js';
import { call, id, type CallFactories } from './core.js';
import { credential } from './credential.js';
import { plainAnswerSchema, wire, wireData } from './envelope.js';
import { organiserCall } from './event-call.js';

/**
 * The organiser's messages to an event's attendees: how many an audience reaches, sending now or
 * later, editing or cancelling a scheduled one, the history with its delivery counts, and the
 * attendee's one-click unsubscribe from a message mail.
 */

/**
 * scheduled: waits for `send_at` (may be edited or cancelled); sending: claimed and being handed to
 * the mail queue; sent: every mail is queued (see the counts); cancelled: never sent.
 */
export const messageStatusSchema = z.enum(['scheduled', 'sending', 'sent', 'cancelled']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** One message as the organiser's history shows it. */
export const organiserMessageSchema = z.object({
  id,
  event_id: id,
  subject: z.string(),
  body: z.string(),
  audience: messageAudienceSchema,
  /** One of the event's after-event mails (its audience and time are the kind's), or null for any other message. */
  kind: afterEventMailKindSchema.nullable(),
  status: messageStatusSchema,
  /** When it goes (scheduled) or went (ISO time). */
  send_at: z.string(),
  sent_at: z.string().nullable(),
  /** Mails waiting for delivery (or a retry), delivered, and given up on. */
  counts: z.object({ queued: z.number().int().nonnegative(), sent: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
  /** Whether it was also shown in the arena (sent during the event). */
  announced: z.boolean(),
  created_at: z.string(),
});
export type OrganiserMessage = z.infer<typeof organiserMessageSchema>;

const messageParams = z.object({ id, message_id: id });
const messageAnswer = wireData(organiserMessageSchema);

/** The unsubscribe token of a message mail's link. */
// A credential: whoever holds it unsubscribes that email, so request logs redact it.
export const unsubscribeTokenParam = z.object({
  token: credential(
    z
      .string()
      .min(16, organiserMessageTexts.unsubscribeInvalid)
      .max(128, organiserMessageTexts.unsubscribeInvalid)
      .regex(/^[A-Za-z\d_-]+$/, organiserMessageTexts.unsubscribeInvalid),
  ),
});

export const organiserMessageCallFactories = {
  /** How many people an audience reaches now (distinct emails, without those who unsubscribed). */
  messageAudienceCount: () => organiserCall('messages.view', {
    method: 'POST',
    path: '/event/api/events/:id/message-audience',
    body: z.object({ audience: messageAudienceSchema }),
    answer: wireData(z.object({ count: z.number().int().nonnegative() })),
  }),
  /** The event's messages, newest first, with their delivery counts. */
  listMessages: () => organiserCall('messages.view', { method: 'GET', path: '/event/api/events/:id/messages', answer: wireData(z.array(organiserMessageSchema)) }),
  /** Sends a message now: mails its audience and, during the event, announces it in their arenas. */
  sendMessage: () => organiserCall('messages.send', { method: 'POST', path: '/event/api/events/:id/messages', body: messageDraftSchema, answer: messageAnswer, live: { wakes: 'poll' } }),
  /**
   * Schedules a message for `send_at`. With `kind` it is one of the event's after-event mails: its
   * audience must be the kind's, it goes a fixed time after the event's end whatever `send_at` says, and
   * a second one of that kind while one is scheduled or sent is refused (409).
   */
  scheduleMessage: () => organiserCall('messages.send', { method: 'POST', path: '/event/api/events/:id/scheduled-messages', body: scheduleMessageSchema, answer: messageAnswer }),
  /** Changes a scheduled message; refused (409) once it has gone or was cancelled. An after-event mail keeps its audience and time. */
  updateMessage: () => organiserCall('messages.send', {
    method: 'POST',
    path: '/event/api/events/:id/messages/:message_id',
    params: messageParams,
    body: scheduledMessageSchema,
    answer: messageAnswer,
  }),
  /** Cancels a scheduled message; refused (409) once it has gone. */
  cancelMessage: () => organiserCall('messages.send', { method: 'DELETE', path: '/event/api/events/:id/messages/:message_id', params: messageParams, answer: messageAnswer }),
  /** What an unsubscribe link is for: the event's title (the confirmation page shows it). */
  unsubscribeInfo: () => call({
    method: 'GET',
    path: '/event/public/api/unsubscribe/:token',
    auth: 'none',
    params: unsubscribeTokenParam,
    answer: wire({ data: z.object({ event_title: z.string(), unsubscribed: z.boolean() }) }),
  }),
  /**
   * One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` as a form, the
   * confirmation page POSTs JSON; either stops the organiser's messages of that event to that email.
   */
  unsubscribe: () => call({
    method: 'POST',
    path: '/event/public/api/unsubscribe/:token',
    auth: 'none',
    params: unsubscribeTokenParam,
    answer: plainAnswerSchema,
  }),
} satisfies CallFactories;
