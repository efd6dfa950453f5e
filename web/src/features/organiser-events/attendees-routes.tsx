// One event's attendees, with the attendee dialog (check-in, mute, resend, cancel).
export { EventAttendeesPage } from './EventAttendeesPage.js';
