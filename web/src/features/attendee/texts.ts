/** The attendee pages' texts: the required ones to the letter, ours where none is required. */
export const TEXTS = {
  registered: 'Registration Successful!',
  thankYou: 'Thank you for registering. Your event access has been sent to your email.',
  goBack: 'Go Back',
  openArena: 'Open my event access',
  qrLabel: 'QR code of your ticket for the door',
  qrHint: 'Show this QR code at the door: it is your ticket. It does not open your event access; the button below does.',
  eventChat: 'Event Chat',
  backToArena: 'Back to Arena',
  backToChat: 'Back to Event Chat',
  privateChat: 'Private chat',
  welcome: 'Welcome',
  // The emailed confirmation link of a free registration (ours)
  confirmFailed: 'We could not confirm your registration',
  confirmUsed: 'Registration already confirmed',
  home: 'Home',
  // Back from the payment provider without a ticket: the required declined title, the rest ours
  paymentDeclined: 'Payment Declined.',
  paymentPending: 'Checking Transaction',
  noTicketIssued: 'No ticket was issued',
  paymentUnknown: 'Payment not found',
  paymentFailed: 'We could not complete your registration',
  paymentUnchecked: 'We could not check your payment',
  checkConnection: 'Please check your connection and try again.',
  checkAgain: 'Check again',
  registerAgain: 'Try again',
} as const;
