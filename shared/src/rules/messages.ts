/**
 * Every required validation message, to the letter (typos included), plus the few texts no
 * requirement words (marked "ours"; docs/decisions.md, Validation). Schemas read their texts from here only; a message
 * that holds a number from the constants is built from that constant.
 */
import {
  EMAIL_CODE_MIN_LENGTH,
  EXCHANGE_PHONE_MAX_DIGITS,
  EXCHANGE_PHONE_MIN_DIGITS,
  LIMITS,
  MAX_REFUND_HOURS,
  MAX_REGISTRATIONS_PER_EMAIL,
  MAX_UPLOAD_BYTES,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_HOLD_MINUTES,
} from '../constants/index.js';

const BYTES_PER_MB = 1024 * 1024;

export const messages = {
  // ── Accounts, cards and profile ───────────────────────────────────────────
  /** Email required / valid: the contact-exchange texts, used for every email field. */
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  /** Login password required (ours). */
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  /** ours */
  passwordLowercase: 'Password must contain at least 1 lowercase letter',
  /** ours */
  passwordUppercase: 'Password must contain at least 1 uppercase letter',
  passwordNumberOrSpecial: 'At least 1 number or special character (@,!,#, etc).',
  confirmPasswordRequired: 'Confirm your password',
  passwordsMustMatch: 'Passwords must match',
  /** Change password: the current password, blank (ours). */
  currentPasswordRequired: 'Enter your current password',
  /** Change password: the current password does not match the account's (ours). */
  currentPasswordWrong: 'Current password is incorrect',
  /** Every failure of the activation token (and of the reset-password token, ours). */
  tokenInvalid: 'token is invalid',
  /** Toast shown when the activation token fails. */
  invalidTokenToast: 'Invalid Token',
  /** Email verification code (ours). */
  codeRequired: 'Code is required',
  codeNumeric: 'Code must contain only numbers',
  codeMin: `Code must be at least ${EMAIL_CODE_MIN_LENGTH} digits`,
  /** Sign-up without the verification ticket its email's verification handed out, or with a used or expired one (ours). */
  verifyEmailAgain: 'Please verify your email again',
  /** Profile, registration and checkout name (the checkout's required text, used everywhere). */
  nameRequired: 'Name is required',
  subTitleRequired: 'Tell us what you do?',
  /** Phone required: the required text of contact exchange and checkout, reused for profile, service and registration. */
  phoneRequired: 'Phone number is required',
  /** Profile and registration phone pattern. */
  phoneInvalid: 'phone is invalid',
  fieldEmpty: 'This field cannot be empty',
  fillAllInformation: 'Please fill in all information',
  /** Service form (ours). */
  serviceNameRequired: 'Service name is required',
  serviceDescriptionRequired: 'Service description is required',
  linkRequired: 'Link is required',
  linkInvalid: 'Link must be a valid URL',
  /** Quick-link content that does not fit its type (ours); social types use socialMismatch. */
  quickLinkUrlInvalid: 'Please enter a valid website link',
  quickLinkEmailInvalid: 'Please enter a valid email address',
  quickLinkPhoneInvalid: 'Please enter a valid phone number',
  quickLinkWhatsAppInvalid: 'Please enter a valid WhatsApp number',
  /** Social link that matches none of the network's patterns; `name` is the network as written. */
  socialMismatch: (name: string) => `Link has not matched with profile ${name}`,
  /** 'Image size must not be larger than 10MB' */
  imageTooLarge: `Image size must not be larger than ${MAX_UPLOAD_BYTES / BYTES_PER_MB}MB`,
  altImageTooLarge: 'The image is too large',
  altFileTooLarge: 'The file is too large',
  /** An upload stored, and an upload refused or broken (the upstream's answers, the web's toasts). */
  uploaded: 'Uploaded successfully',
  uploadFailed: 'Unable to upload file',
  /** An upload that is not a readable image, or empty. */
  imageUploadFailed: 'Unable to upload image',
  /** An upload past the bytes its address or account may store in a window (ours). */
  uploadQuotaReached: `Upload limit reached. Please try again within ${LIMITS.uploadBytesAnonymous.windowMs / 60_000} minutes.`,

  // ── Answers the web shows as they are ─────────────────────────
  loginFailed: 'Unable to Login',
  socialSignupFailed: 'Unable to create account!',
  /** A failure without a readable answer (the upstream's 500, the web's fallback). */
  serverError: 'Server error',
  /** A request refused by a rate limit (the upstream's 429, ours). */
  tooManyAttempts: 'Too many attempts. Please try again later.',

  // ── Events and tickets ─────────────────────────────────────────
  /** A staff link's gate name, blank (ours). */
  gateLabelRequired: 'Gate name is required',
  /** A staff link's gate name, too long (ours). */
  gateLabelMax: (max: number) => `Gate name must be at most ${max} characters`,
  eventNameRequired: 'Please enter event name',
  /** ours */
  eventDescriptionRequired: 'Please enter event description',
  /** ours */
  eventLocationRequired: 'Please enter event location',
  /** ours */
  startDateRequired: 'Please choose a start date',
  /** A date that is not YYYY-MM-DD or an ISO date-time (ours). */
  dateInvalid: 'Please choose a valid date',
  futureDate: 'Please choose future date!',
  endDateAfterStart: 'End date has to be after than start date',
  /** Event banner or gallery image that is not a string (ours). */
  imageInvalid: 'Image is invalid',
  /** An image field holding a link to another site instead of an upload (ours). */
  imageNotOwn: 'Please upload the image here: links to images on other sites are not accepted',
  ticketNameRequired: 'Ticket Name is required',
  priceMin: 'Price must be at least 0',
  stockMin: 'Total in Stock must be at least 1',
  ticketsMin: 'Please create at least 1 (ONE) ticket',
  /** The add-ticket form's own texts (its "variant messages"). */
  ticketTitleRequired: 'Ticket title is required',
  ticketAmountNumber: 'Ticket amount must be a valid number',
  ticketAmountMin: 'Ticket amount must be greater than or equal to 0',
  ticketStockMin: 'Ticket in stock must be at least 1',
  ticketStockRequired: 'Enter total tickets in stock',
  /** A chips choice other than with / without (ours). */
  withChipsInvalid: 'Please choose with or without chips',
  /** The organiser's registrations-per-email setting (ours). */
  registrationsPerEmailRange: `Registrations per email must be a whole number from 1 to ${MAX_REGISTRATIONS_PER_EMAIL}`,
  confirmEmailChoice: 'Please choose whether free tickets need an email confirmation',
  /** The organiser's refund policy (ours). */
  refundPolicyChoice: 'Please choose a refund policy',
  refundHoursRange: `Refund hours must be a whole number from 0 to ${MAX_REFUND_HOURS}`,
  /** Cancelling a ticket (ours). */
  ticketCancelled: 'Your ticket is cancelled. Its seat has gone back on sale.',
  attendeeCancelled: 'The ticket is cancelled. Its seat has gone back on sale.',
  ticketAlreadyCancelled: 'This ticket is already cancelled.',
  /** The holder's own cancel of a ticket already used at the door; the organiser may still cancel it (ours). */
  ticketCheckedInNoCancel: 'This ticket was already used to check in, so it can no longer be cancelled. Please contact the organiser.',
  /** A cancelled ticket's QR code at the door, online or synced later (ours). */
  ticketWasCancelled: 'This ticket was cancelled. Its QR code no longer works.',

  // ── Attendees and chips ────────────────────────────────────────
  /** ours */
  ticketRequired: 'Please select a ticket',
  /** ours */
  accessTokenInvalid: 'Access token is invalid',
  /** The chip page's token field holds neither an access link nor a token (ours). */
  accessTokenFormat: 'Enter the access link from your registration email (it contains /event/u/token/) or the access token at its end',
  /** A registration past the event's registrations per email (ours). */
  emailAlreadyRegistered: 'This email is already registered for this event',
  emailRegistrationLimit: (max: number) => `This email already has ${max} registrations for this event, the most allowed`,
  /** Free registration waiting for its email confirmation (ours). */
  confirmEmailSent: `Almost there! Check your email and confirm your registration within ${REGISTRATION_HOLD_MINUTES} minutes to receive your event access.`,
  /** "Lost your ticket?": the one answer, whether or not the email registered (ours). */
  ticketResendNeutral: 'If that email has a ticket for this event, we have sent it again.',
  /** A "Lost your ticket?" mail's link that is unknown, used or past its time (ours). */
  ticketRecoveryInvalid: 'This link has expired or was already used. Ask for your ticket again.',
  /** The organiser mailed an attendee's access again (ours). */
  ticketResent: 'The ticket was sent again. Its new access link replaces the old one.',
  /** The holder changed the name on their ticket (ours). */
  ticketNameSaved: 'Your name on the ticket was updated.',
  /** A name edit or a transfer of a ticket already used at the door (ours). */
  ticketCheckedInNoEdit: 'You are already checked in, so the name on this ticket can no longer be changed.',
  ticketCheckedInNoTransfer: 'This ticket was already used to check in, so it can no longer be transferred.',
  /** A transfer to the holder's own email (ours). */
  ticketTransferSelf: 'Enter the email of the person who gets the ticket, not your own',
  /** The transfer went through (ours). */
  ticketTransferred: 'The ticket was transferred. Its new holder has been emailed their own access link.',
  /** The old access link (or its QR code at the door) of a ticket that went to someone else (ours). */
  ticketWasTransferred: 'This ticket was transferred to someone else. Its old link and QR code no longer work.',
  /** Transfers past LIMITS.ticketTransfer (ours). */
  ticketTransferLimit: `This ticket has been transferred ${LIMITS.ticketTransfer.max} times today, the most allowed. Try again tomorrow.`,
  /** The confirmation link (ours). */
  confirmTokenInvalid: 'This confirmation link is not valid',
  confirmExpired: 'This confirmation link has expired. Please register again.',
  /** A 'Release my seat' whose secret names no held payment (ours). */
  releaseTokenInvalid: 'This reservation could not be found.',

  // ── Contact exchange ───────────────────────────────────────────
  fullNameRequired: 'Full name is required',
  fullNameAlphabets: 'Full name must only contain alphabets',
  fullNameTwoWords: 'Full name must be at least two words',
  jobTitleRequired: 'Job Title is required',
  jobTitleAlphabets: 'Job Title can only contain alphabets',
  /** The rule is "length below 3 fails" while its required message says 4; both kept (docs/decisions.md, Validation). */
  jobTitleMin: 'Job Title must be at least 4 characters',
  exchangePhoneDigits: `Phone number must contain between ${EXCHANGE_PHONE_MIN_DIGITS} and ${EXCHANGE_PHONE_MAX_DIGITS} digits`,
  /** The owner's note on a contact, too long (ours). */
  contactNoteMax: (max: number) => `Note must be at most ${max} characters`,

  // ── Pre-order ──────────────────────────────────────────────────
  preorderNameRequired: 'Please enter your name',
  preorderPhoneRequired: 'Please enter your phone number',
  /** Also event registration's phone pattern, which no requirement words (beside its 'Email is not valid'). */
  preorderPhoneInvalid: 'Phone number is not valid',
  preorderEmailRequired: 'Please enter your email',
  preorderEmailInvalid: 'Your email is not valid',

  // ── Shop, payment card, checkout ───────────────────────────────
  /** ours */
  colourRequired: 'Please select a colour',
  selectQuantity: 'Select Quantity',
  /** ours */
  cardNumberRequired: 'Card number is required',
  /** ours */
  expiryRequired: 'Expiry date is required',
  /** ours */
  cvcRequired: 'CVC is required',
  checkoutPhoneInvalid: 'Invalid phone number',
  checkoutEmailInvalid: 'Invalid email address',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  /** Also the country's message: the required (wrong) text, kept as it is (docs/decisions.md, Validation). */
  stateRequired: 'State is required',
  pickupRequired: 'Choose pick up location',
  /** ours */
  shippingInvalid: 'Choose a shipping option',
  /** A delivery's shipping that is not its address's zone (ours). */
  shippingZoneMismatch: (zone: string) => `Shipping must match the delivery address: ${zone} for this address`,
  /** ours */
  methodRequired: 'Choose a delivery method',
  /** Toast when any checkout field fails. */
  checkoutFailedToast: 'Fill all fields',

  // ── Chat (ours) ────────────────────────────────────────────────
  messageEmpty: 'Message cannot be empty',
  messageTooLong: 'Message is too long',
  /** A post to the chat of an event that has ended (the upstream's answer; the chat rooms say it too). */
  chatEnded: 'This event has ended, so its chat is closed.',

  // ── Creates (ours) ─────────────────────────────────────────────
  /** An Idempotency-Key header that is not a key the clients make. */
  idempotencyKeyInvalid: 'Idempotency-Key must be 16 to 128 letters, digits, - or _',
} as const;

/** Toast shown when the checkout form fails validation. */
export const CHECKOUT_FAILED_TOAST = messages.checkoutFailedToast;
