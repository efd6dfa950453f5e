// The organiser's event pages (signed in).
export { EventsPage } from './EventsPage.js';
export { EventAddPage } from './EventAddPage.js';
export { EventUpdatePage } from './EventUpdatePage.js';
export { EventViewPage } from './EventViewPage.js';
export { EventChatPage } from './EventChatPage.js';
export { EventAttendeesPage } from './EventAttendeesPage.js';
export { EventGetCardsPage, EventGetChipsPage } from './EventGetCardsPage.js';
export { EventModerationPage } from './EventModerationPage.js';
