/** Event registration (attendee) and the chip page's access token. */
import { z } from 'zod';
import { ACCESS_TOKEN_MAX_LENGTH, ACCESS_TOKEN_MIN_LENGTH } from '../constants/index.js';
import { pagePatterns } from '../pages/index.js';
import { emailField, phoneField, requiredString } from './fields.js';
import { messages } from './messages.js';
import { PROFILE_PHONE_PATTERN } from './profile.js';

/**
 * Registration: name, email, phone (optional plus, 3 + 3 + 4 to 7 digits: the profile's pattern) and
 * the chosen ticket, all required. The requirements word no registration message: the phone's reads as
 * its neighbour 'Email is not valid' does ('Phone number is not valid', the pre-order's text), not the
 * profile's lower-case 'phone is invalid'.
 */
export const registrationSchema = z.object({
  name: requiredString(messages.nameRequired),
  email: emailField(messages.emailRequired, messages.emailInvalid),
  phone: phoneField(messages.phoneRequired, messages.preorderPhoneInvalid, PROFILE_PHONE_PATTERN),
  /** The ticket category id; a numeric id is accepted and given back as a string. */
  event_prices_id: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    requiredString(messages.ticketRequired),
  ),
});
export type RegistrationValues = z.infer<typeof registrationSchema>;

/** The attendee schema is the registration form's. */
export const attendeeSchema = registrationSchema;
export type AttendeeValues = RegistrationValues;

/**
 * An access link as registration mails it (`<public url>/event/u/token/<tid>`), the ticket page's
 * (`…/event/u/ticket/<tid>`) or the arena's (`…/event/u/arena/<tid>`, its chat and private chats),
 * with or without the address, a trailing slash, a query or a fragment.
 */
const ACCESS_PAGES = [pagePatterns.eventToken, pagePatterns.eventTicket, pagePatterns.arena]
  .map((pattern) => pattern.replace(/\/:tid$/, '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|');
const ACCESS_LINK = new RegExp(
  `^(?:(?:https?:\\/\\/)?[^\\s/?#]+)?(?:${ACCESS_PAGES})\\/([^\\s/?#]+)(?:\\/chat(?:\\/[^\\s/?#]*)?)?\\/?(?:[?#]\\S*)?$`,
  'i',
);

/** The access token in `input`: the tid of an access link, else the input itself. */
export function accessTokenOf(input: string): string {
  const tid = ACCESS_LINK.exec(input)?.[1];
  if (tid === undefined) return input;
  try {
    return decodeURIComponent(tid);
  } catch {
    return input;
  }
}

/**
 * The attendee's access token on the chip page: the access link from the registration mail (the
 * token is taken from it) or the bare token, URL-safe characters, ACCESS_TOKEN_MIN_LENGTH..MAX long.
 */
export const chipTokenSchema = z.object({
  token: z
    .string({ error: messages.accessTokenFormat })
    .trim()
    .transform(accessTokenOf)
    .pipe(z.string().regex(new RegExp(`^[A-Za-z\\d_-]{${ACCESS_TOKEN_MIN_LENGTH},${ACCESS_TOKEN_MAX_LENGTH}}$`), messages.accessTokenFormat)),
});
export type ChipTokenValues = z.infer<typeof chipTokenSchema>;

/** The token of a registration's email confirmation link: URL-safe characters, ACCESS_TOKEN_MIN_LENGTH..MAX long. */
export const registrationConfirmSchema = z.object({
  token: z
    .string({ error: messages.confirmTokenInvalid })
    .trim()
    .regex(
      new RegExp(`^[A-Za-z\\d_-]{${ACCESS_TOKEN_MIN_LENGTH},${ACCESS_TOKEN_MAX_LENGTH}}$`),
      messages.confirmTokenInvalid,
    ),
});
export type RegistrationConfirmValues = z.infer<typeof registrationConfirmSchema>;

/** The secret of a paid ticket held for its payment, with which the buyer gives the seat back. */
export const heldTicketReleaseSchema = z.object({
  token: z
    .string({ error: messages.releaseTokenInvalid })
    .trim()
    .regex(new RegExp(`^[A-Za-z\\d_-]{${ACCESS_TOKEN_MIN_LENGTH},${ACCESS_TOKEN_MAX_LENGTH}}$`), messages.releaseTokenInvalid),
});

/** "Lost your ticket?" on an event's public page: the email the ticket was registered with. */
export const ticketRecoverySchema = z.object({
  email: emailField(messages.emailRequired, messages.emailInvalid),
});
export type TicketRecoveryValues = z.infer<typeof ticketRecoverySchema>;

/** The token of a "Lost your ticket?" mail's link: URL-safe characters, ACCESS_TOKEN_MIN_LENGTH..MAX long. */
export const ticketRecoveryTokenSchema = z
  .string({ error: messages.ticketRecoveryInvalid })
  .trim()
  .regex(new RegExp(`^[A-Za-z\\d_-]{${ACCESS_TOKEN_MIN_LENGTH},${ACCESS_TOKEN_MAX_LENGTH}}$`), messages.ticketRecoveryInvalid);
export const ticketRecoveryRedeemSchema = z.object({ token: ticketRecoveryTokenSchema });
export type TicketRecoveryRedeemValues = z.infer<typeof ticketRecoveryRedeemSchema>;

/** The ticket holder's own name, edited on the ticket page before check-in: the registration's name rules. */
export const ticketNameSchema = registrationSchema.pick({ name: true });
export type TicketNameValues = z.infer<typeof ticketNameSchema>;

/** A ticket transferred to another person: their name and email, with the registration's rules. */
export const ticketTransferSchema = registrationSchema.pick({ name: true, email: true });
export type TicketTransferValues = z.infer<typeof ticketTransferSchema>;
