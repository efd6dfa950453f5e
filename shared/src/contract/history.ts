import { z } from 'zod';
import { id, lazyCalls } from './core.js';
import { wireData } from './envelope.js';
import { attendeeCall, organiserCall } from './event-call.js';
import { chatMessageSchema } from './entities.js';

/**
 * The group chat's older pages: a reader scrolling back past the live view's newest messages reads
 * the ones before the oldest it holds, one page at a time. Kept out of `calls` so that only the chat
 * pages ship these schemas.
 */

/** `before`: the seq of the oldest message the reader holds; the page holds only older ones. */
export const chatHistoryQuery = z.object({ before: z.coerce.number().int().positive() });

/**
 * Up to CHAT_HISTORY_PAGE_SIZE messages just before `before`, oldest first; `has_more`: older ones
 * remain after this page.
 */
export const chatHistorySchema = z.object({ event_id: id, chats: z.array(chatMessageSchema), has_more: z.boolean() });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** The history calls (ours), used as `historyCalls.x` wherever `calls.x` would be. */
export const historyCalls = lazyCalls({
  /** Ours: older group messages of the attendee's event; the path carries the attendee's access token, as the arena's calls do. */
  chatHistory: () => attendeeCall('chat.history', {
    method: 'GET',
    path: '/event/public/api/chat-history/:id',
    /** `event_id`: the event the reader is looking at; a token of another event is refused. */
    query: chatHistoryQuery.extend({ event_id: id }),
    answer: wireData(chatHistorySchema),
  }),
  /** Ours: older group messages of the organiser's own event. */
  adminChatHistory: () => organiserCall('chat.history', { method: 'GET', path: '/event/api/chat-history/:id', query: chatHistoryQuery, answer: wireData(chatHistorySchema) }),
});
