import { CHAT_HISTORY_PAGE_SIZE } from '@tapcard/shared/constants';
import { historyCalls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { confirmedAttendeeByTidHash } from '../../repositories/attendees.js';
import { groupChatsBefore } from '../../repositories/chats.js';
import { ownEvent } from '../../repositories/events.js';
import { ACCESS_UNKNOWN_MESSAGE } from './arena.js';

export const OTHER_EVENT_TOKEN_MESSAGE = 'This access token is for another event';

/**
 * The group chat's older pages, read by whoever may read the group chat: a confirmed attendee by
 * their access token (the event named must be the token's own), the organiser for their own event.
 */
export function historyRoutes(app: FastifyInstance): void {
  route(app, historyCalls.chatHistory)(async ({ params, query }) => {
    const reader = await confirmedAttendeeByTidHash(app.db, hashToken(params.id));
    if (!reader) throw notFound(ACCESS_UNKNOWN_MESSAGE);
    if (query.event_id !== reader.event_id) throw forbidden(OTHER_EVENT_TOKEN_MESSAGE);
    const page = await groupChatsBefore(app.db, reader.event_id, query.before, CHAT_HISTORY_PAGE_SIZE);
    return { success: 'true', data: { event_id: reader.event_id, ...page } };
  });

  route(app, historyCalls.adminChatHistory)(async ({ params, query, user }) => {
    const event = await ownEvent(app.db, params.id, user.id);
    const page = await groupChatsBefore(app.db, event.id, query.before, CHAT_HISTORY_PAGE_SIZE);
    return { success: 'true', data: { event_id: event.id, ...page } };
  });
}
