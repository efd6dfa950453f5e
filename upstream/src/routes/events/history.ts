import { CHAT_HISTORY_PAGE_SIZE } from '@tapcard/shared/constants';
import { historyCalls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { groupChatsBefore } from '../../repositories/chats.js';

export const OTHER_EVENT_TOKEN_MESSAGE = 'This access token is for another event';

/**
 * The group chat's older pages, read by whoever the access policy lets read them ('chat.history'):
 * a confirmed attendee by their access token (the event named must be the token's own), the event's
 * organisers.
 */
export function historyRoutes(app: FastifyInstance): void {
  route(app, historyCalls.chatHistory)(async ({ query, ticketHolder: reader }) => {
    if (query.event_id !== reader.event_id) throw forbidden(OTHER_EVENT_TOKEN_MESSAGE);
    const page = await groupChatsBefore(app.db, reader.event_id, query.before, CHAT_HISTORY_PAGE_SIZE);
    return { success: 'true', data: { event_id: reader.event_id, ...page } };
  });

  route(app, historyCalls.adminChatHistory)(async ({ query, event }) => {
    const page = await groupChatsBefore(app.db, event.id, query.before, CHAT_HISTORY_PAGE_SIZE);
    return { success: 'true', data: { event_id: event.id, ...page } };
  });
}
