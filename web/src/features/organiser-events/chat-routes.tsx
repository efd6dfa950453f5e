// The organiser's event chat, with its moderation bar.
export { EventChatPage } from './EventChatPage.js';
