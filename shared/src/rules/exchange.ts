/** The visitor's contact-exchange form, with its required messages exactly. */
import { z } from 'zod';
import { EXCHANGE_PHONE_MAX_DIGITS, EXCHANGE_PHONE_MIN_DIGITS, JOB_TITLE_MIN_LENGTH } from '../constants/index.js';
import { emailField, phoneField, requiredString } from './fields.js';
import { messages } from './messages.js';

/** Optional plus, then 9 to 15 digits (spaces or hyphens between digits are accepted and removed first). */
export const EXCHANGE_PHONE_PATTERN = new RegExp(`^\\+?\\d{${EXCHANGE_PHONE_MIN_DIGITS},${EXCHANGE_PHONE_MAX_DIGITS}}$`);

export const contactExchangeSchema = z.object({
  /** Letters (any script) and spaces only, at least two words; runs of spaces become one. */
  full_name: requiredString(messages.fullNameRequired)
    .pipe(z.string().regex(/^[\p{L}\p{M} ]+$/u, messages.fullNameAlphabets))
    .pipe(
      z
        .string()
        .refine((name) => name.split(/ +/).length >= 2, messages.fullNameTwoWords)
        .overwrite((name) => name.replace(/ +/g, ' ')),
    ),
  /**
   * Letters and whitespace only. QUIRK kept on purpose: the required rule is "length below 3 fails"
   * (a 3-letter title passes) while its message says "at least 4 characters"; both are as shown.
   */
  title: requiredString(messages.jobTitleRequired)
    .pipe(z.string().regex(/^[\p{L}\p{M}\s]+$/u, messages.jobTitleAlphabets))
    .pipe(z.string().min(JOB_TITLE_MIN_LENGTH, messages.jobTitleMin)),
  phone: phoneField(messages.phoneRequired, messages.exchangePhoneDigits, EXCHANGE_PHONE_PATTERN),
  email: emailField(messages.emailRequired, messages.emailInvalid),
});
export type ContactExchangeValues = z.infer<typeof contactExchangeSchema>;

/** The longest note an owner keeps on a contact, in characters (code points, so an emoji counts once). */
export const CONTACT_NOTE_MAX_LENGTH = 1000;

/**
 * The owner's note on a contact: kept as typed, at most CONTACT_NOTE_MAX_LENGTH characters. A blank
 * note (or null) clears it, so the output is the text or null.
 */
export const contactNoteSchema = z
  .string()
  .nullable()
  .refine((note) => note === null || [...note].length <= CONTACT_NOTE_MAX_LENGTH, messages.contactNoteMax(CONTACT_NOTE_MAX_LENGTH))
  .transform((note) => (note === null || note.trim() === '' ? null : note));
