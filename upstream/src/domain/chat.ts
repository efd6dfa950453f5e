import { eventTiming } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import type { Row } from '../db/schema.js';
import { badRequest } from '../lib/http-error.js';
import { eventDates } from '../repositories/event-wire.js';

/** When the organiser and the attendees may post in an event's chats, and the answers when they may not. */

export const CHAT_ENDED_MESSAGE = messages.chatEnded;
export const CHAT_NOT_STARTED_MESSAGE = 'This event is yet to start. The chat opens when it starts.';
export const RECIPIENT_MESSAGE = 'The recipient is not an attendee of this event';
export const NOT_SELF_MESSAGE = 'You can only post as yourself';
export const NOT_YOUR_EVENT_MESSAGE = 'You can only post in your own event';
export const ACCESS_UNKNOWN_MESSAGE = 'This access token is not valid';

/** Attendee chats are open while the event runs (shared eventTiming === 0). */
export function checkChatOpen(event: Row<'events'>, now: Date): void {
  const timing = eventTiming(eventDates(event), now);
  if (timing === 1) throw badRequest(CHAT_ENDED_MESSAGE);
  if (timing === -1) throw badRequest(CHAT_NOT_STARTED_MESSAGE);
}

/** The organiser may write before the event (announcements) but not after it has ended. */
export function checkOrganiserChatOpen(event: Row<'events'>, now: Date): void {
  if (eventTiming(eventDates(event), now) === 1) throw badRequest(CHAT_ENDED_MESSAGE);
}
