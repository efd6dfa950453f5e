// The public event pages: a card's events, an event's detail, registration and attendees, and the open event link.
export { CardEventsPage } from './CardEventsPage.js';
export { CardEventPage } from './CardEventPage.js';
export { CardEventRegisterPage } from './CardEventRegisterPage.js';
export { CardEventAttendeesPage } from './CardEventAttendeesPage.js';
export { OpenEventPage } from './OpenEventPage.js';
export { OpenEventRegisterPage } from './OpenEventRegisterPage.js';
export { cardEventsQuery, openEventQuery, publicEventQuery } from './api.js';
