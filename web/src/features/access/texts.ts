import { messages } from '@tapcard/shared/rules';

/** The access screens' texts, the required ones to the letter. */
export const TEXTS = {
  tokenSubtitle: 'Scratch and enter the token provided on your card',
  needDevice: 'You need to attach a valid device to this card',
  verifyingToken: 'Verifying token...',
  deviceAdded: 'Successfully added device!',
  deviceAddFailed: 'Unable to add device!',
  loginFailed: messages.loginFailed,
  socialSignupFailed: messages.socialSignupFailed,
  /** ours: the social sign-in button, named after the configured provider */
  signInWith: (provider: string) => `Sign in with ${provider}`,
  sendingMail: 'Sending mail...',
  mailSent: 'Mail sent successfully!',
  mailFailed: 'Unable to send mail!',
  resetting: 'Resetting password...',
  resetDone: 'Password reset successfully!',
  resetFailed: 'Unable to reset Password!',
  resetLinkDead: 'This link can no longer be used',
  sendNewLink: 'Send a new link',
  /** ours: on login when a change to the card waits, kept because the session had ended */
  sessionEndedDraft: 'Your session ended. Log in again to save your changes to your card.',
  /** ours: said when the token screen sends a signed-out person to log in first */
  loginFirst: 'Log in to link this card to your account',
} as const;
