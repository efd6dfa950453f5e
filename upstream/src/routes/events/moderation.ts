import { moderationCalls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { changeChatSettings, handleReport, muteAttendee, pinAnnouncement, removeMessage, unpinAnnouncement, type Moderator } from '../../domain/moderation.js';
import { route } from '../../lib/route.js';
import type { AuthUser } from '../../plugins/auth.js';
import { mutedAttendees, muteOf } from '../../repositories/arena-safety.js';
import { chatSettingsOf, eventReports, moderationLog, pinnedAnnouncements } from '../../repositories/moderation.js';

/** Reports and log rows the moderation page reads (newest first): far more than a live view carries. */
export const MODERATION_LIST_LIMIT = 1000;

const moderator = (user: AuthUser): Moderator => ({ id: user.id, name: user.name });

/**
 * The moderation of an event's chats (`moderationCalls`). Who may make each call is the access
 * policy's answer (access/policy.ts): anyone without a role at the event gets the event's 404, as for
 * the organiser's other calls. Each write is one
 * change of the event with its row in the moderation log (domain/moderation.ts).
 */
export function moderationRoutes(app: FastifyInstance): void {
  route(app, moderationCalls.moderation)(async ({ event }) => {
    const now = app.now();
    const [announcements, reports, muted, log] = await Promise.all([
      pinnedAnnouncements(app.db, event.id),
      eventReports(app.db, event.id, MODERATION_LIST_LIMIT),
      mutedAttendees(app.db, event.id, now),
      moderationLog(app.db, event.id, MODERATION_LIST_LIMIT),
    ]);
    return {
      success: 'true',
      data: {
        event_id: event.id,
        chat: chatSettingsOf(event),
        announcements,
        reports,
        muted: muted.flatMap((a) => {
          const mute = muteOf(a, now);
          return mute ? [{ attendee_id: a.id, name: a.name, image: a.image, mute }] : [];
        }),
        log,
      },
    };
  });

  route(app, moderationCalls.removeMessage)(async ({ body, event, user }) => {
    await removeMessage(app.db, event.id, moderator(user), body.room, body.message_id, app.now());
    return { success: 'true', message: 'Message removed', data: { event_id: event.id } };
  });

  route(app, moderationCalls.muteAttendee)(async ({ body, event, user }) => {
    const mute = await muteAttendee(app.db, event.id, moderator(user), body.attendee_id, body.mute, app.now());
    return { success: 'true', data: { event_id: event.id, attendee_id: body.attendee_id, mute } };
  });

  route(app, moderationCalls.chatSettings)(async ({ body, event, user }) => {
    const chat = await changeChatSettings(app.db, event.id, moderator(user), body, app.now());
    return { success: 'true', data: { event_id: event.id, chat } };
  });

  route(app, moderationCalls.handleReport)(async ({ params, body, event, user }) => {
    const report = await handleReport(app.db, event.id, moderator(user), params.reportId, body.action, app.now());
    return { success: 'true', data: { event_id: event.id, report } };
  });

  route(app, moderationCalls.pinAnnouncement)(async ({ body, event, user }) => {
    const announcement = await pinAnnouncement(app.db, event.id, moderator(user), body.message, app.now());
    return { success: 'true', data: { event_id: event.id, announcement } };
  });

  route(app, moderationCalls.unpinAnnouncement)(async ({ params, event, user }) => {
    await unpinAnnouncement(app.db, event.id, moderator(user), params.announcementId, app.now());
    return { success: 'true', data: { event_id: event.id } };
  });
}
