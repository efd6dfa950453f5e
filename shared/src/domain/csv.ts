/**
 * The contacts list's spreadsheet export: RFC 4180 CSV that spreadsheet programs open as UTF-8 and
 * never run as a formula.
 */
import { phoneE164 } from './phone.js';
import { toWellFormed } from './text.js';

const CRLF = '\r\n';

export interface CsvContact {
  full_name?: string | null;
  title?: string | null;
  phone?: string | null;
  email?: string | null;
  /** The owner's own note on the contact, as the vCard's NOTE. */
  note?: string | null;
}

export const CONTACT_CSV_COLUMNS = ['full_name', 'title', 'phone', 'email', 'note'] as const;

/** Excel reads a file without it as the system code page, so 'Ọlá' would show as mojibake. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell starting with one of these is read as a formula by spreadsheet programs (OWASP CSV
 * injection): = + - @, tab, carriage return, line feed, and their full-width forms.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A phone number in E.164 form: a plus and nothing but 7 to 15 digits. A spreadsheet can at most read
 * it as that number; it calls no function and refers to no cell, so it is left clean.
 */
const E164 = /^\+\d{7,15}$/;

/**
 * One RFC 4180 cell. Text that starts like a formula gets a leading single quote, unless the whole
 * cell is an E.164 phone number; then the cell is quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: string | null | undefined): string {
  let text = typeof value === 'string' ? toWellFormed(value) : '';
  if (FORMULA_START.test(text) && !E164.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A contact's cells as its vCard writes them: the phone in E.164 (phoneE164), so a spreadsheet neither drops a leading 0 nor makes a number of it. */
function csvValues(contact: CsvContact): Partial<Record<(typeof CONTACT_CSV_COLUMNS)[number], string | null>> {
  return { ...contact, phone: typeof contact.phone === 'string' ? phoneE164(contact.phone) : null };
}

/**
 * The contacts as a CSV file's text: the UTF-8 byte order mark, the header full_name,title,phone,email,note,
 * one row per contact, CRLF after every record (the last too). Missing values are empty cells.
 */
export function contactsCsvFile(contacts: readonly CsvContact[]): string {
  const rows = [CONTACT_CSV_COLUMNS.join(',')];
  for (const contact of contacts) {
    const values = csvValues(contact);
    rows.push(CONTACT_CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
  }
  return UTF8_BOM + rows.join(CRLF) + CRLF;
}
