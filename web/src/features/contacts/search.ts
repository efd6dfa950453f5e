import type { Contact } from '@tapcard/shared/contract';
import { foldForSearch, phoneHasDigits, phoneQueryDigits } from '@tapcard/shared/domain';

/**
 * The filter of the contacts search box: the full name, the title or the email holds the text typed,
 * ignoring case and accents ('jose' finds 'José'); or, when the text is a phone number (or part of
 * one), the contact's phone holds its digits, whatever spaces, dashes or leading + either side has.
 * An empty query matches every contact.
 */
export function contactMatches(contact: Contact, query: string): boolean {
  const text = foldForSearch(query);
  if (text === '') return true;
  if ([contact.full_name, contact.title, contact.email].some((field) => foldForSearch(field).includes(text))) return true;
  const digits = phoneQueryDigits(query);
  return digits !== null && phoneHasDigits(contact.phone, digits);
}
