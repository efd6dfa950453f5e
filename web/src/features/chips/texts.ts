/** The chip pages' texts ('Checked In' and 'Not checked in' are required; the rest is ours). */
export const TEXTS = {
  checkedIn: 'Checked In',
  notCheckedIn: 'Not checked in',
  checkingIn: 'Checking in…',
  retry: 'Try again',
  chat: 'Chat',
  tokenTitle: 'Enter your access token',
  tokenLead: 'Paste the access link from the email you received when you registered for this event, or the access token at its end.',
  tokenLabel: 'Access Token',
  tokenSubmit: 'Submit',
  chatTokenTitle: 'Enter your access token to chat',
  chatTokenMismatch: 'This access token does not belong to this chip',
  noAttendee: 'This chip is not linked to an attendee yet.',
  eventChat: 'Event Chat',
  back: 'Back',
  ticket: 'Ticket',
} as const;
