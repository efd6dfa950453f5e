/** The public card pages' texts, the spec's to the letter where it gives them. */
export const TEXTS = {
  loading: 'Loading...',
  exchange: 'EXCHANGE CONTACT',
  save: 'SAVE CONTACT',
  quickLinks: 'Quick Links',
  services: 'Services',
  connect: 'Connect',
  events: 'Events',
  address: 'Address',
  close: 'Close',
  call: 'Call',
  visit: 'Visit',
  // Contact exchange (part 2 §2.21, §4)
  exchangeTitle: 'Exchange Contact',
  fullName: 'Full Name',
  jobTitle: 'Job Title',
  phone: 'Phone Number',
  email: 'Email',
  share: 'Share',
  wait: 'Please wait...',
  saved: 'Contact saved',
  failed: 'Unable to save contact',
  back: 'Back',
} as const;

/** The device type recorded for a contact exchange opened without one (a shared link). */
export const DEFAULT_DEVICE_TYPE = 'web';
