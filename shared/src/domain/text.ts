/** What truncate() appends. */
export const ELLIPSIS = '...';

/**
 * Cuts text longer than `max` characters to its first `max` characters plus '...'. Characters are
 * code points, so a surrogate pair (an emoji) is never cut in half. Whitespace left at the cut is
 * dropped before the ellipsis ('Hello world', 6 -> 'Hello...'). Text of `max` characters or fewer
 * comes back unchanged; a negative or non-finite `max` counts as 0.
 */
export function truncate(text: string, max: number): string {
  const source = typeof text === 'string' ? text : '';
  const limit = Number.isFinite(max) && max > 0 ? Math.floor(max) : 0;
  let kept = 0;
  let cut = 0;
  for (const char of source) {
    if (kept === limit) return source.slice(0, cut).trimEnd() + ELLIPSIS;
    kept += 1;
    cut += char.length;
  }
  return source;
}

/** Replaces lone surrogates (which no encoder accepts) with U+FFFD. */
export function toWellFormed(text: string): string {
  // No lookbehind: older Safari versions reject it when parsing the module.
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (match) => (match.length === 2 ? match : '\uFFFD'));
}

/**
 * Up to two uppercase initials: the first letter or digit of the first and of the last word
 * ('Ada Lovelace' -> 'AL', 'Ada King Lovelace' -> 'AL', 'ada' -> 'A'). Words without a letter or
 * digit are skipped; no initial at all gives '?'.
 */
export function initials(name: string): string {
  const words = (typeof name === 'string' ? name : '').split(/\s+/u);
  const letters: string[] = [];
  for (const word of words) {
    const first = /[\p{L}\p{N}]/u.exec(word)?.[0];
    if (first !== undefined) letters.push(first.toUpperCase());
  }
  if (letters.length === 0) return '?';
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return first + last;
}

/** Escapes text for an XML attribute or text node. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** FNV-1a over the UTF-16 code units: a small, stable hash for picking a colour. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The avatar background of a name: a hue derived from the trimmed name, same name same colour. */
export function avatarColour(name: string): string {
  const hue = hash((typeof name === 'string' ? name : '').trim()) % 360;
  return `hsl(${hue}, 55%, 42%)`;
}

/**
 * The default avatar of a name without an image: a data: URI of a square SVG with the initials in
 * white on the name's colour. Safe for any name: the initials are XML-escaped, control characters
 * and lone surrogates are removed before URI encoding.
 */
export function avatarFor(name: string): string {
  const label = escapeXml(toWellFormed(initials(name)).replace(/\p{Cc}/gu, ''));
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" fill="${avatarColour(name)}"/>` +
    '<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ' +
    'font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" font-size="26" font-weight="600">' +
    `${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Text as a search compares it: compatibility-decomposed (NFKD, so full-width letters and ligatures
 * read as plain ones), combining marks removed, lower-cased, runs of whitespace made one space and
 * trimmed. 'ÉMILIE' and 'Émilie' both give 'emilie', 'Ọlá' gives 'ola'. Letters that are not a base
 * letter plus marks (ø, ł, ß) stay as they are; punctuation is kept ('O'Connor' gives "o'connor").
 */
export function foldForSearch(text: string | null | undefined): string {
  return (typeof text === 'string' ? text : '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** What a person types for a phone number: digits with spaces, a plus, hyphens, dots or parentheses. */
const PHONE_QUERY = /^[\d\s+\-().]*\d[\d\s+\-().]*$/u;

/**
 * The digits a phone search compares, or null when the query is not a phone number (or part of one).
 * Spaces, dashes, dots, parentheses and a leading + are ignored, and so is the national trunk zero, so
 * '0803 555' looks for '803555', which '+234 803 555 0101' holds.
 */
export function phoneQueryDigits(query: string): string | null {
  if (typeof query !== 'string' || !PHONE_QUERY.test(query)) return null;
  const digits = query.replace(/\D/gu, '').replace(/^0+/u, '');
  return digits === '' ? null : digits;
}

/** Whether a stored phone number holds the digits of a phone search (phoneQueryDigits). */
export function phoneHasDigits(phone: string | null | undefined, digits: string): boolean {
  return (typeof phone === 'string' ? phone : '').replace(/\D/gu, '').includes(digits);
}
