// The Get Cards and Get Chips pages of an event.
export { EventGetCardsPage, EventGetChipsPage } from './EventGetCardsPage.js';
