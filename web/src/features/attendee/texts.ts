/** The attendee pages' texts, the spec's to the letter where it gives them. */
export const TEXTS = {
  registered: 'Registration Successful!',
  thankYou: 'Thank you for registering. Your event access has been sent to your email.',
  goBack: 'Go Back',
  openArena: 'Open my event access',
  qrLabel: 'QR code of your event access link',
  eventChat: 'Event Chat',
  backToArena: 'Back to Arena',
  backToChat: 'Back to Event Chat',
  privateChat: 'Private chat',
  welcome: 'Welcome',
  // The emailed confirmation link of a free registration (ours)
  confirmFailed: 'We could not confirm your registration',
  confirmUsed: 'Registration already confirmed',
  home: 'Home',
} as const;
