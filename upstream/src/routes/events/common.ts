import { ADMIN_ID_PREFIX } from '@tapcard/shared/constants';

/** Texts and ids the organiser's and the attendees' chat routes share. */

/** The name admin (organiser) posts are stored and shown under. */
export const ADMIN_NAME = 'ADMIN';

export const CHAT_ENDED_MESSAGE = 'This event has ended, so its chat is closed.';
export const CHAT_NOT_STARTED_MESSAGE = 'This event is yet to start. The chat opens when it starts.';
export const RECIPIENT_MESSAGE = 'The recipient is not an attendee of this event';
export const NOT_SELF_MESSAGE = 'You can only post as yourself';
export const NOT_YOUR_EVENT_MESSAGE = 'You can only post in your own event';

/** The attendee id an organiser posts under in their own event's chats. */
export const adminIdOf = (userId: string): string => `${ADMIN_ID_PREFIX}${userId}`;

/** Pages of the web people are sent to (relative to the public URL). */
export const chipPath = (chipId: string): string => `/events/d/chip/i/${encodeURIComponent(chipId)}`;
export const arenaPath = (tid: string): string => `/event/u/arena/${encodeURIComponent(tid)}`;
