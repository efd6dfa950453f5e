import { z } from 'zod';
import { chipTokenSchema, groupChatMessageSchema, heldTicketReleaseSchema, ownImageSchema, privateChatMessageSchema, registrationConfirmSchema, registrationSchema, ticketRecoverySchema, ticketRecoveryTokenSchema } from '../rules/index.js';
import { call, id, idParam, linkQuery, type CallFactories } from './core.js';
import { credential, ticketStateParam } from './credential.js';
import { failureSchema, okShape, plainAnswerSchema, wire, wireData } from './envelope.js';
import { attendeeCall, eventAnswer } from './event-call.js';
import { attendeeTokenSchema, chatMessageSchema, chipRecordSchema, eventListsSchema, eventSchema, privateChatSchema, publicAttendeeSchema, ticketCancellationSchema } from './entities.js';

/**
 * Events, the public's and the attendees' side: finding and opening an event, registering and paying
 * for a ticket, an attendee's access token and chip, and the attendees' chats.
 */

export const chatPostSchema = z.object({
  event_id: id,
  attendee_id: z.string().min(1).max(160),
  message: groupChatMessageSchema,
  image: z.string().max(2048).default(''),
});
export type ChatPost = z.infer<typeof chatPostSchema>;

export const privateChatPostSchema = z.object({
  event_id: id,
  attendee_id_1: z.string().min(1).max(160),
  attendee_id_2: z.string().min(1).max(160),
  message: privateChatMessageSchema,
  image: z.string().max(2048).default(''),
});
export type PrivateChatPost = z.infer<typeof privateChatPostSchema>;

/**
 * A post in the event's group chat or a private chat, by an attendee or the organiser alike: the
 * answer is the stored message, which the gateway emits without a poll.
 */
export const groupChatPost = () => ({ method: 'POST', body: chatPostSchema, answer: wireData(chatMessageSchema), live: { wakes: 'poke', message: 'group' } }) as const;
export const privateChatPost = () => ({ method: 'POST', body: privateChatPostSchema, answer: wireData(privateChatSchema), live: { wakes: 'poke', message: 'private' } }) as const;

/**
 * Why a ticket payment gave no ticket (ours): not decided yet, declined, paid after its seat was
 * released and sold (to be refunded), or no such payment. `retry` is the event's registration page.
 */
export const ticketPaymentOutcomeSchema = z.enum(['pending', 'declined', 'sold_out', 'unknown']);
export type TicketPaymentOutcome = z.infer<typeof ticketPaymentOutcomeSchema>;

export const ticketPaymentAnswerSchema = z.discriminatedUnion('success', [
  okShape({ link: z.string() }),
  failureSchema.extend({ outcome: ticketPaymentOutcomeSchema.optional(), retry: z.string().optional() }),
]);

/** Built once each, on first use, in `calls`. */
export const publicEventCallFactories = {
  findEvents: () => call({
    method: 'POST',
    path: '/event/public/api/find-events',
    auth: 'none',
    body: z.object({ title: z.string().trim().min(1).max(200) }),
    answer: wireData(z.array(eventSchema)),
  }),
  publicEvent: () => call({ method: 'GET', path: '/event/public/api/events/:id', auth: 'none', params: idParam, answer: wireData(eventSchema) }),
  /** event attendees (public list) */
  eventAttendees: () => call({
    method: 'GET',
    path: '/event/public/api/events/:id/attendees',
    auth: 'none',
    params: idParam,
    answer: wireData(z.object({ attendees: z.array(publicAttendeeSchema), registered: z.number().int(), capacity: z.number().int() })),
  }),
  /** card open (event by clean name) */
  openEvent: () => call({
    method: 'GET',
    path: '/event/public/api/open',
    auth: 'none',
    query: z.object({ id: z.string().min(1).max(200) }),
    answer: wireData(z.object({ event: eventSchema })),
  }),
  cardEvents: () => call({ method: 'GET', path: '/event/public/api/card-events', auth: 'none', query: linkQuery, answer: wireData(eventListsSchema) }),
  register: () => call({
    method: 'POST',
    path: '/event/public/api/register',
    auth: 'none',
    body: registrationSchema.extend({ event_id: id, image: ownImageSchema.optional() }),
    // `pending` is ours: a free ticket of an event that asks for email confirmation waits for it (link '').
    // `hold_until` is ours: a paid ticket is held for its payment until then (ISO time; link is the provider's page).
    // `release_token` is ours: with a held paid ticket, the secret that gives its seat back (releaseHeldTicket).
    answer: wire({ link: z.string(), pending: z.boolean().optional(), hold_until: z.iso.datetime().optional(), release_token: z.string().optional() }),
    live: { wakes: 'poll' },
  }),
  /**
   * Ours: "Lost your ticket?": mails, for every ticket `email` holds for event `:id`, a one-time link
   * (pages.ticketRecovery) that replaces the ticket's access link when opened; the current access link
   * is not touched. The answer is the same whether or not the email registered.
   */
  recoverTicket: () => call({
    method: 'POST',
    path: '/event/public/api/events/:id/resend-ticket',
    auth: 'none',
    params: idParam,
    body: ticketRecoverySchema,
    answer: plainAnswerSchema,
  }),
  /**
   * Ours: opens a "Lost your ticket?" link once: the ticket gets a new access link (the old one stops
   * working), mailed as the access mail, and the answer's `link` is its token page. An unknown, used or
   * expired link is 410.
   */
  redeemTicketRecovery: () => call({
    method: 'POST',
    path: '/event/public/api/ticket-recovery',
    auth: 'none',
    body: z.object({ token: credential(ticketRecoveryTokenSchema) }),
    answer: wire({ link: z.string() }),
  }),
  /** ours: the buyer of a paid ticket held for its payment gives the seat back at once. */
  releaseHeldTicket: () => call({
    method: 'POST',
    path: '/event/public/api/release-held-ticket',
    auth: 'none',
    body: heldTicketReleaseSchema,
    answer: plainAnswerSchema,
  }),
  confirmRegistration: () => call({
    method: 'POST',
    path: '/event/public/api/confirm-registration',
    auth: 'none',
    body: registrationConfirmSchema,
    answer: wire({ link: z.string() }),
    live: { wakes: 'poll' },
  }),
  paymentSuccessful: () => call({
    method: 'POST',
    path: '/event/public/api/payment-successful',
    auth: 'none',
    body: z.looseObject({ reference: z.string().min(1).max(128) }),
    answer: ticketPaymentAnswerSchema,
    live: { wakes: 'poll' },
  }),
  eventToken: () => attendeeCall('arena.enter', { method: 'GET', path: '/event/public/api/token/:id', answer: wireData(attendeeTokenSchema) }),
  /**
   * Ours: the cancel step of the ticket page, by the access token: whether the ticket is confirmed or
   * cancelled, what was paid, the event's refund policy, and a cancelled ticket's refund state. It
   * answers for a cancelled ticket too (the access token opens nothing else once cancelled).
   */
  ticketCancellation: () => call({ method: 'GET', path: '/event/public/api/token/:id/cancellation', auth: 'none', params: ticketStateParam, answer: wireData(ticketCancellationSchema) }),
  /**
   * Ours: the attendee cancels their ticket. The seat goes back at once; a paid ticket is refunded by
   * the event's refund policy. Once: a ticket already cancelled answers 409.
   */
  cancelTicket: () => attendeeCall('ticket.cancel', { method: 'POST', path: '/event/public/api/token/:id/cancel', answer: wireData(ticketCancellationSchema), live: { wakes: 'poll' } }),
  chip: () => call({ method: 'GET', path: '/event/public/api/chip/:id', auth: 'optional', params: idParam, answer: wireData(chipRecordSchema) }),
  bindChip: () => call({
    method: 'POST',
    path: '/event/public/api/chip/:id',
    auth: 'none',
    params: idParam,
    body: chipTokenSchema,
    answer: eventAnswer({}),
    live: { wakes: 'poke' },
  }),
  chat: () => attendeeCall('chat.post', { path: '/event/public/api/create-chat/:id', ...groupChatPost() }),
  privateChat: () => attendeeCall('chat.post', { path: '/event/public/api/create-private-chat/:id', ...privateChatPost() }),
} satisfies CallFactories;
