// The event wizard (create, edit): its form code (react-hook-form, the ticket and gallery editors) loads with it.
export { EventAddPage } from './EventAddPage.js';
export { EventUpdatePage } from './EventUpdatePage.js';
