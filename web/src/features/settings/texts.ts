/** The texts of settings and change password, the required ones to the letter. */
export const TEXTS = {
  updating: 'Updating password',
  updated: 'Password Updated successfully!',
  updateFailed: 'Unable to update password!',
} as const;

/** The active-sessions page and the current-password field (ours: neither is required). */
export const SESSION_TEXTS = {
  link: 'Active sessions',
  heading: 'Active sessions',
  intro: 'Where your account is signed in. End any session you do not recognise, then change your password.',
  currentPassword: 'Current Password',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  endSession: 'End session',
  endOthers: 'Sign out all other sessions',
  confirmEndTitle: 'End this session?',
  confirmEnd: (device: string) => `${device} will be signed out and need the password to sign in again.`,
  confirmOthersTitle: 'Sign out all other sessions?',
  confirmOthers: 'Every device except this one will be signed out.',
  cancel: 'Cancel',
  ended: 'Session ended',
  othersEnded: 'Other sessions signed out',
  endFailed: 'Unable to end the session',
  loadFailed: 'Unable to load your sessions',
  retry: 'Try again',
  empty: 'No other sessions',
  emptyNote: 'Only this device is signed in.',
} as const;
