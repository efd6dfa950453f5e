// The organiser's Messages page (writing to attendees, the after-event mails, the history): a chunk of
// its own, loaded when the organiser opens it, so the other organiser pages do not carry its forms.
export { EventMessagesPage } from './EventMessagesPage.js';
