import { SOLD_OUT } from '../../components/TicketList.js';

/** The public event pages' texts: the required ones to the letter, ours where none is required. */
export const TEXTS = {
  latestEvent: 'Latest Event',
  upcoming: 'Upcoming',
  past: 'Past',
  noUpcoming: 'No Upcoming Events.',
  noUpcomingHint: 'Your upcoming events will appear here',
  noPast: 'No Past Events.',
  noPastHint: 'Your past events will appear here',
  register: 'Register',
  registerNow: 'REGISTER NOW',
  tickets: 'Tickets',
  attendees: 'Attendees',
  noAttendees: 'No attendees yet',
  viewAll: 'View All',
  gallery: 'Media Gallery',
  events: 'Events',
  back: 'Back',
  backToEvent: 'Back to event',
  // Lost your ticket? (ours)
  lostTicket: 'Lost your ticket?',
  lostTicketIntro: 'Enter the email you registered with and we will email you a link to get a new ticket link. Your current link keeps working until you open it.',
  sendTicketAgain: 'Send my ticket again',
  /** The one answer, whether or not the email registered (the upstream's `messages.ticketResendNeutral`; a test keeps them equal). */
  ticketSentAgain: 'If that email has a ticket for this event, we have sent it again.',
  // Registration form
  fullName: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  chooseTicket: 'Choose Ticket',
  selectCategory: 'Select Category',
  soldOut: SOLD_OUT,
  /** An event with no ticket left (ours): said instead of the register link and form. */
  eventSoldOut: 'Sold out: every ticket has been taken.',
  /** A free registration waiting for its email confirmation (ours). */
  checkEmail: 'Check your email',
  /** A paid ticket held for its payment (ours). */
  completePayment: 'Complete your payment',
  ticketHeld: 'Your ticket is reserved while you pay. If the time runs out, the ticket is released.',
  continueToPayment: 'Continue to payment',
  registerAgain: 'Register again',
  /** Gives a held paid ticket's seat back before paying (ours). */
  releaseSeat: 'Release my seat',
  failedTitle: 'Something Went Wrong!',
  tryAgain: 'Try Again!',
  concluded: 'This event has been concluded',
  getCard: 'Get a Card',
  registered: 'registered',
  // When and where (ours)
  starts: 'Starts',
  ends: 'Ends',
  timeZone: 'Time zone',
  location: 'Location',
  addToCalendar: 'Add to calendar',
} as const;
