import { REPORT_DETAILS_MAX_LENGTH } from '../constants/index.js';
import { z } from 'zod';
import { chatRoomKindSchema, dmPolicySchema, reportReasonSchema, safetyMessages, shareDetailsSchema } from '../rules/arena-safety.js';
import { id, lazyCalls } from './core.js';
import { wireData } from './envelope.js';
import { attendeeCall, eventAnswer } from './event-call.js';
import { privateChatSchema } from './entities.js';

/**
 * An attendee's safety and networking calls in the arena: blocking, reporting, who may write to them,
 * hiding from public lists, and sharing their card. Each path carries the attendee's access token
 * (tid), as the arena's chat posts do, and each body names the event the attendee is looking at (a
 * token of another event is refused). Every write answers `data.event_id`, so the gateway wakes that
 * event's live view at once. Kept out of `calls` so that only the arena's pages ship these schemas.
 */

/** An attendee as the blocked list names them. */
export const blockedAttendeeSchema = z.object({ id, name: z.string(), image: z.string() });
export type BlockedAttendee = z.infer<typeof blockedAttendeeSchema>;

/** The attendee's own safety settings and blocks. */
export const arenaSafetySchema = z.object({
  event_id: id,
  dm_policy: dmPolicySchema,
  hidden: z.boolean(),
  blocked: z.array(blockedAttendeeSchema),
});
export type ArenaSafety = z.infer<typeof arenaSafetySchema>;

/** The answer of Share my card: the private message it made, and whether the two have now swapped. */
export const shareCardResultSchema = z.object({
  event_id: id,
  message: privateChatSchema,
  /** Both attendees have shared with each other (this share completed the swap). */
  swapped: z.boolean(),
  /** The other attendee landed in the caller's own contacts (the caller shared a card, and the swap is complete). */
  saved: z.boolean(),
});
export type ShareCardResult = z.infer<typeof shareCardResultSchema>;

export const arenaSafetyCalls = lazyCalls({
  /** Ours: the attendee's settings and the attendees they blocked, with names. */
  arenaSafety: () => attendeeCall('arena.safety', { method: 'GET', path: '/event/public/api/arena/:id/safety', answer: wireData(arenaSafetySchema) }),
  /** Ours: block (`blocked: true`) or unblock an attendee of the same event; answers the blocked ids after it. */
  blockAttendee: () => attendeeCall('arena.safety', {
    method: 'POST',
    path: '/event/public/api/arena/:id/block',
    body: z.object({ event_id: id, attendee_id: id, blocked: z.boolean() }),
    answer: eventAnswer({ blocked: z.array(z.string()) }),
    live: { wakes: 'poke' },
  }),
  /** Ours: report a group message, or a private message the attendee received, to the organiser. Reporting one message again answers the first report. */
  reportMessage: () => attendeeCall('arena.safety', {
    method: 'POST',
    path: '/event/public/api/arena/:id/report',
    body: z.object({
      event_id: id,
      message_id: id,
      room: chatRoomKindSchema,
      reason: reportReasonSchema,
      details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, safetyMessages.reportDetailsMax).default(''),
    }),
    answer: eventAnswer({ report_id: id }),
    live: { wakes: 'poke' },
  }),
  /** Ours: who may start a private chat with the attendee, and whether they hide from public attendee lists. */
  arenaSettings: () => attendeeCall('arena.safety', {
    method: 'POST',
    path: '/event/public/api/arena/:id/settings',
    body: z.object({ event_id: id, dm_policy: dmPolicySchema.optional(), hidden: z.boolean().optional() }),
    answer: eventAnswer({ dm_policy: dmPolicySchema, hidden: z.boolean() }),
    live: { wakes: 'poke' },
  }),
  /**
   * Ours: Share my card with another attendee, as a private message. With a card owner's bearer token
   * (optional) their public card is shared and, once both have shared, the other lands in their
   * contacts; without one, `details` (with the consent ticked) are shared instead, and land in the
   * other's contacts with the consent text.
   */
  shareCard: () => attendeeCall('arena.safety', {
    method: 'POST',
    path: '/event/public/api/arena/:id/share-card',
    auth: 'optional',
    body: z.object({ event_id: id, to: id, details: shareDetailsSchema.optional() }),
    answer: wireData(shareCardResultSchema),
    live: { wakes: 'poke' },
  }),
});
