// The organiser's events list (/event): its own chunk, without the wizard's form or any one event's pages.
export { EventsPage } from './EventsPage.js';
