import { messages } from '@tapcard/shared/rules';

/** The onboarding wizard's texts: the required ones to the letter; "ours" where none is required. */
export const TEXTS = {
  linkExisting: 'Link card to an Existing Account',
  createNew: 'Create a New Account',
  needDevice: 'You need to attach a valid device to this card',
  tokenSubtitle: 'Scratch and enter the token provided on your card',
  verifyingToken: 'Verifying token...',
  getCode: 'Get Code',
  resendCode: 'Resend Code',
  invalidEmail: 'Invalid email!',
  codeFailed: 'Unable to send verification code!',
  socialsTitle: 'Add your socials',
  socialsSubtitle: 'Share your social accounts',
  imageTitle: 'Profile Image',
  imageSubtitle: 'Upload your profile photo',
  signupFailed: 'Unable to signup',
  createCardFailed: 'Unable to create card!',
  serverError: messages.serverError,
  /** ours */
  passwordAgain: 'For your safety your password is never saved on this device. Please enter it again to continue.',
  /** ours */
  creating: 'Creating your account...',
  /** ours: a new card opened while signed in */
  newCardTitle: 'A new card',
  /** ours */
  newCardSubtitle: 'This card is not activated yet. Add it to your account, or sign out so that its new owner can activate it.',
  /** ours */
  addToAccount: 'Add it to my account',
  /** ours */
  activateForSomeoneElse: 'Sign out and activate it for someone else',
} as const;
