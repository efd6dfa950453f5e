import { FILE_NAME_MAX_LENGTH, VCARD_LINE_MAX_OCTETS } from '../constants/index.js';
import { phoneE164 } from './phone.js';
import { toWellFormed } from './text.js';

const CRLF = '\r\n';

/** A photo embedded in the card: base64 of the image bytes and its vCard TYPE. */
export interface VCardPhoto {
  type: VCardPhotoType;
  base64: string;
}

/** The image types a vCard 3.0 PHOTO carries embedded (TYPE is the image subtype in capitals). */
export const VCARD_PHOTO_TYPES = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/gif': 'GIF' } as const;
export type VCardPhotoType = (typeof VCARD_PHOTO_TYPES)[keyof typeof VCARD_PHOTO_TYPES];

export interface VCardContact {
  full_name: string;
  /** The job title. */
  title?: string | null;
  /** The main phone, then any others (`phones`); each written in E.164, duplicates once. */
  phone?: string | null;
  phones?: readonly string[] | null;
  email?: string | null;
  emails?: readonly string[] | null;
  /** The company. */
  org?: string | null;
  /** The main link, then the others (web links, social profiles). */
  url?: string | null;
  urls?: readonly string[] | null;
  /** Postal addresses as free text, each written as the street part of an ADR. */
  addresses?: readonly string[] | null;
  /** An image URI, or the image itself embedded. */
  photo?: string | VCardPhoto | null;
  note?: string | null;
}

/** Control characters (Unicode Cc) other than tab: no content line may hold them (newlines are escaped first). */
const CONTROL = /[^\P{Cc}\t]/gu;

/** A TEXT value escaped per RFC 6350 section 3.4 / RFC 2426 section 4: backslash, comma, semicolon, newline. */
export function escapeVCardText(value: string): string {
  return toWellFormed(value)
    .replace(/\\|,|;|\r\n|\r|\n/g, (match) => (match === '\\' || match === ',' || match === ';' ? `\\${match}` : '\\n'))
    .replace(CONTROL, '');
}

/**
 * A URI value (URL, PHOTO): not backslash-escaped (the RFCs escape TEXT values only, and an
 * escaped comma would break the link), but stripped of whitespace at the ends and of every control
 * character, so it cannot break out of its line.
 */
function cleanUri(value: string): string {
  return toWellFormed(value).replace(/[\r\n]/g, '').replace(CONTROL, '').trim();
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line at VCARD_LINE_MAX_OCTETS octets of UTF-8 (RFC 6350 section 3.2): continuation lines
 * start with one space, which counts toward their 75. A multi-byte character is never split, nor a
 * backslash escape ('\,' stays on one line) for the sake of lenient readers.
 */
export function foldLine(line: string): string {
  const units = line.match(/\\[\s\S]|[\s\S]/gu) ?? [];
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  let limit = VCARD_LINE_MAX_OCTETS;
  for (const unit of units) {
    let size = 0;
    for (const char of unit) size += utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > limit) {
      lines.push(current);
      current = ' ';
      octets = 1;
      limit = VCARD_LINE_MAX_OCTETS;
    }
    current += unit;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** 'Ada King Lovelace' -> family 'Lovelace', given 'Ada King'; a single word is the given name. */
function splitName(fullName: string): { family: string; given: string } {
  const words = fullName.trim().split(/\s+/u).filter((word) => word !== '');
  if (words.length < 2) return { family: '', given: words[0] ?? '' };
  return { family: words[words.length - 1] ?? '', given: words.slice(0, -1).join(' ') };
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The present values of a main value and a list, trimmed, each once (the first spelling kept). */
function distinct(first: string | null | undefined, rest: readonly string[] | null | undefined, key: (value: string) => string = (v) => v): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const value of [first, ...(rest ?? [])]) {
    if (!present(value)) continue;
    const trimmed = value.trim();
    const k = key(trimmed);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    values.push(trimmed);
  }
  return values;
}

/**
 * A vCard 3.0 of a contact: CRLF line endings (the last line too), N and FN always, then ORG, TITLE,
 * TEL;TYPE=CELL (E.164 with its '+', see phoneE164), EMAIL;TYPE=INTERNET, URL, ADR, PHOTO (embedded
 * as PHOTO;ENCODING=b;TYPE=JPEG|PNG|GIF, or PHOTO;VALUE=URI) and NOTE when given. A property without
 * a value is left out; repeated phones, emails and links are written once. Text values are escaped,
 * URI values cleaned, every line folded at 75 octets.
 */
export function buildVCard(contact: VCardContact): string {
  const fullName = typeof contact.full_name === 'string' ? contact.full_name.trim() : '';
  const { family, given } = splitName(fullName);
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${escapeVCardText(family)};${escapeVCardText(given)};;;`, `FN:${escapeVCardText(fullName)}`];
  if (present(contact.org)) lines.push(`ORG:${escapeVCardText(contact.org.trim())}`);
  if (present(contact.title)) lines.push(`TITLE:${escapeVCardText(contact.title.trim())}`);
  const phones = distinct(contact.phone, contact.phones, phoneE164).map(phoneE164);
  for (const phone of phones) lines.push(`TEL;TYPE=CELL:${escapeVCardText(phone)}`);
  for (const email of distinct(contact.email, contact.emails, (e) => e.toLowerCase())) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(email)}`);
  for (const url of distinct(contact.url, contact.urls, cleanUri)) lines.push(`URL:${cleanUri(url)}`);
  for (const address of distinct(null, contact.addresses)) lines.push(`ADR;TYPE=WORK:;;${escapeVCardText(address)};;;;`);
  const photo = contact.photo;
  if (typeof photo === 'string' && present(photo)) lines.push(`PHOTO;VALUE=URI:${cleanUri(photo)}`);
  else if (photo && typeof photo === 'object' && /^[A-Za-z0-9+/]+={0,2}$/.test(photo.base64) && Object.values(VCARD_PHOTO_TYPES).includes(photo.type)) {
    lines.push(`PHOTO;ENCODING=b;TYPE=${photo.type}:${photo.base64}`);
  }
  if (present(contact.note)) lines.push(`NOTE:${escapeVCardText(contact.note.trim())}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * A safe download name: accents folded, ASCII letters, digits and hyphens kept, every other run
 * one underscore, at most FILE_NAME_MAX_LENGTH characters, 'contact' when nothing is left, then
 * '.vcf' ('Ada Lovelace' -> 'Ada_Lovelace.vcf').
 */
export function vcardFileName(name: string): string {
  const base = toWellFormed(typeof name === 'string' ? name : '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, FILE_NAME_MAX_LENGTH)
    .replace(/[_-]+$/, '');
  return `${base === '' ? 'contact' : base}.vcf`;
}
