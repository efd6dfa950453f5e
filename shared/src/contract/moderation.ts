import { z } from 'zod';
import { announcementTextSchema, chatRoomKindSchema, muteChoiceSchema, slowModeSecondsSchema } from '../rules/arena-safety.js';
import { id, lazyCalls } from './core.js';
import { wireData } from './envelope.js';
import { eventAnswer, organiserCall } from './event-call.js';
import { announcementSchema, chatReportSchema, chatSettingsSchema, muteSchema } from './entities.js';

/**
 * The organiser's moderation of an event's chats: removing messages, muting attendees, closing the
 * group chat, slow mode, the reports queue and pinned announcements. Only the event's organiser may
 * call them (another caller gets the event's 404). Every action is recorded with who did it and when
 * (`ModerationAction`), and every write answers `data.event_id`, so the gateway wakes the event's
 * live views at once. Kept out of `calls` so that only the organiser's chat pages ship these schemas.
 */

export const MODERATION_ACTIONS = [
  'remove_message',
  'mute',
  'unmute',
  'close_chat',
  'open_chat',
  'slow_mode',
  'dismiss_report',
  'resolve_report',
  'pin',
  'unpin',
] as const;

/** One recorded moderation action. */
export const moderationActionSchema = z.object({
  id,
  action: z.enum(MODERATION_ACTIONS),
  /** Who did it: the organiser's name (and their user id). */
  actor_name: z.string(),
  actor_id: z.string(),
  /** The attendee acted on, when any. */
  target_attendee_id: z.string().nullable(),
  target_name: z.string().nullable(),
  message_id: z.string().nullable(),
  /** What else the action set, in words (e.g. 'until 18:40', '10 s', the announcement's text). */
  details: z.string(),
  created_at: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** A muted attendee, as the moderation page lists them. */
export const mutedAttendeeSchema = z.object({ attendee_id: id, name: z.string(), image: z.string(), mute: muteSchema });
export type MutedAttendee = z.infer<typeof mutedAttendeeSchema>;

/** The moderation page's read: the chat's settings, pinned announcements, the reports, who is muted and the log (newest first). */
export const moderationSchema = z.object({
  event_id: id,
  chat: chatSettingsSchema,
  announcements: z.array(announcementSchema),
  reports: z.array(chatReportSchema),
  muted: z.array(mutedAttendeeSchema),
  log: z.array(moderationActionSchema),
});
export type Moderation = z.infer<typeof moderationSchema>;

export const REPORT_ACTIONS = ['dismiss', 'resolve', 'remove_message'] as const;

export const moderationCalls = lazyCalls({
  /** Ours: everything the moderation page shows. */
  moderation: () => organiserCall('moderation.view', { method: 'GET', path: '/event/api/moderation/:id', answer: wireData(moderationSchema) }),
  /** Ours: remove a group message (or a reported private message) for everyone. */
  removeMessage: () => organiserCall('moderation.act', {
    method: 'POST',
    path: '/event/api/moderation/:id/remove',
    body: z.object({ message_id: id, room: chatRoomKindSchema }),
    answer: eventAnswer({}),
    live: { wakes: 'poke' },
  }),
  /** Ours: mute an attendee for some minutes or for good, or unmute them ('off'). */
  muteAttendee: () => organiserCall('moderation.act', {
    method: 'POST',
    path: '/event/api/moderation/:id/mute',
    body: z.object({ attendee_id: id, mute: muteChoiceSchema }),
    answer: eventAnswer({ attendee_id: id, mute: muteSchema.nullable() }),
    live: { wakes: 'poke' },
  }),
  /** Ours: close or open the group chat to attendees' posts, and set slow mode. */
  chatSettings: () => organiserCall('chat.settings', {
    method: 'POST',
    path: '/event/api/moderation/:id/chat',
    body: z.object({ closed: z.boolean().optional(), slow_mode_seconds: slowModeSecondsSchema.optional() }),
    answer: eventAnswer({ chat: chatSettingsSchema }),
    live: { wakes: 'poke' },
  }),
  /** Ours: act on a report: dismiss it, mark it resolved, or remove the reported message (which resolves it). */
  handleReport: () => organiserCall('moderation.act', {
    method: 'POST',
    path: '/event/api/moderation/:id/reports/:reportId',
    params: z.object({ id, reportId: id }),
    body: z.object({ action: z.enum(REPORT_ACTIONS) }),
    answer: eventAnswer({ report: chatReportSchema }),
    live: { wakes: 'poke' },
  }),
  /** Ours: pin an announcement at the top of the arena and the group chat. */
  pinAnnouncement: () => organiserCall('announcements.manage', {
    method: 'POST',
    path: '/event/api/moderation/:id/announcements',
    body: z.object({ message: announcementTextSchema }),
    answer: eventAnswer({ announcement: announcementSchema }),
    live: { wakes: 'poke' },
  }),
  /** Ours: unpin an announcement. */
  unpinAnnouncement: () => organiserCall('announcements.manage', {
    method: 'DELETE',
    path: '/event/api/moderation/:id/announcements/:announcementId',
    params: z.object({ id, announcementId: id }),
    answer: eventAnswer({}),
    live: { wakes: 'poke' },
  }),
});
