import { csvCell, UTF8_BOM } from '@tapcard/shared/domain';
import { placeOf } from './door-places.js';
import { TEXTS } from './texts.js';

const CRLF = '\r\n';

/** One attendee as the export reads it: the live view's attendee, and its email where the event's data has it. */
export interface CsvAttendee {
  name: string;
  email?: string | null;
  price_category: string;
  checked_in: boolean;
  checked_in_at?: string | null;
  checked_in_by?: string | null;
}

/**
 * The attendees as a CSV file's text (RFC 4180, UTF-8 with its byte order mark, CRLF after every
 * record; cells that would start a spreadsheet formula are defused by the shared writer). The
 * check-in time is ISO 8601 in UTC: one unambiguous value whatever the reader's time zone, which
 * spreadsheets read as a date. The time and gate are empty for those not checked in.
 */
export function attendeesCsv(attendees: readonly CsvAttendee[]): string {
  const rows = [TEXTS.csvColumns.map(csvCell).join(',')];
  for (const a of attendees) {
    const at = a.checked_in && a.checked_in_at ? new Date(a.checked_in_at).toISOString() : '';
    const gate = a.checked_in && a.checked_in_by ? placeOf(a.checked_in_by) : '';
    const cells = [a.name, a.email ?? '', a.price_category, a.checked_in ? TEXTS.yesNo.yes : TEXTS.yesNo.no, at, gate];
    rows.push(cells.map(csvCell).join(','));
  }
  return UTF8_BOM + rows.join(CRLF) + CRLF;
}

/** The file's name: the event's clean name, kept to letters, digits, dots, dashes and underscores. */
export function attendeesCsvName(cleanName: string): string {
  const safe = cleanName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'event';
  return TEXTS.csvFileName(safe);
}

/** Has the browser save `text` as `fileName`. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
