// The moderation page: reports, muted attendees and the log.
export { EventModerationPage } from './EventModerationPage.js';
