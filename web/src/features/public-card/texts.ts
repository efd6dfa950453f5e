/** The public card pages' texts: the required ones to the letter, ours where none is required. */
export const TEXTS = {
  loading: 'Loading...',
  exchange: 'EXCHANGE CONTACT',
  save: 'SAVE CONTACT',
  /** ours */
  copyLink: 'Copy link',
  /** ours */
  linkCopied: 'Link copied',
  /** ours: when the browser let nothing copy */
  copyByHand: 'Copy this link',
  quickLinks: 'Quick Links',
  services: 'Services',
  connect: 'Connect',
  events: 'Events',
  address: 'Address',
  close: 'Close',
  call: 'Call',
  visit: 'Visit',
  // Contact exchange
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
