import { PHONE_COUNTRY_PREFIX, PHONE_INTERNATIONAL_MIN_DIGITS } from '../constants/index.js';

/**
 * The shortest national number that gets the country prefix. A prefixed result then has at least
 * PHONE_INTERNATIONAL_MIN_DIGITS digits, so normalising it again keeps it as it is (idempotence).
 */
const NATIONAL_MIN_DIGITS = PHONE_INTERNATIONAL_MIN_DIGITS - PHONE_COUNTRY_PREFIX.length;

/**
 * The phone normaliser: strip every non-digit (a '+' included) and the leading
 * zeros, then prefix the country code 234 unless the number already starts with 234 and is longer
 * than 10 digits. The result holds digits only and no '+'.
 *
 * Edge decisions, all taken so that the function never throws and is idempotent
 * (normalisePhone(normalisePhone(x)) === normalisePhone(x)):
 * - No digit left (e.g. '', '+', '0', '000') gives ''.
 * - Fewer than 8 significant digits (e.g. '5', '234', '12345') is not a phone number in any
 *   Nigerian plan: the digits are returned without a prefix. Prefixing them would not be idempotent
 *   ('5' -> '2345' -> '2342345' -> ...). Every input of 8 or more significant digits follows the
 *   rule above to the letter.
 * - '+234 (0)803 123 4567': a number that starts with 234 followed by the national trunk zero is
 *   read as 234 + the national number without its zeros ('23408031234567' -> '2348031234567'),
 *   unless that leaves fewer than 8 digits (then the rule above keeps it as it is).
 */
export function normalisePhone(input: string): string {
  const raw = typeof input === 'string' ? input : '';
  const digits = raw.replace(/\D+/g, '').replace(/^0+/, '');
  if (digits === '') return '';

  if (digits.startsWith(PHONE_COUNTRY_PREFIX) && digits.length >= PHONE_INTERNATIONAL_MIN_DIGITS) {
    const afterPrefix = digits.slice(PHONE_COUNTRY_PREFIX.length);
    const national = afterPrefix.replace(/^0+/, '');
    if (national === afterPrefix || national.length < NATIONAL_MIN_DIGITS) return digits;
    return PHONE_COUNTRY_PREFIX + national;
  }

  if (digits.length < NATIONAL_MIN_DIGITS) return digits;
  return PHONE_COUNTRY_PREFIX + digits;
}

/**
 * A phone number in E.164 form with its '+' (for vCards and dialling): a number written with an
 * international prefix ('+' or '00') keeps its own country code ('+44 20 7946 0958' ->
 * '+442079460958'); every other number follows normalisePhone ('0803 123 4567' -> '+2348031234567'),
 * the Nigerian trunk zero after +234 dropped. A number too short for any plan (fewer than 8
 * significant digits) cannot be E.164: its digits are returned without a '+'. No digit gives ''.
 */
export function phoneE164(input: string): string {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (/^(?:\+|00)/.test(raw)) {
    const digits = raw.replace(/\D+/g, '').replace(/^0+/, '');
    if (digits.length >= NATIONAL_MIN_DIGITS && !digits.startsWith(PHONE_COUNTRY_PREFIX)) return `+${digits}`;
  }
  const normalised = normalisePhone(raw);
  return normalised.length >= PHONE_INTERNATIONAL_MIN_DIGITS ? `+${normalised}` : normalised;
}
