import { messages } from '@tapcard/shared/rules';

/** Texts the organiser's and the attendees' chat routes share. */

export const CHAT_ENDED_MESSAGE = messages.chatEnded;
export const CHAT_NOT_STARTED_MESSAGE = 'This event is yet to start. The chat opens when it starts.';
export const RECIPIENT_MESSAGE = 'The recipient is not an attendee of this event';
export const NOT_SELF_MESSAGE = 'You can only post as yourself';
export const NOT_YOUR_EVENT_MESSAGE = 'You can only post in your own event';
