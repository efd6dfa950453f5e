/**
 * The door ticket's shape, with no schema (tickets.ts builds its schemas from these), so that a page
 * tells a typed ticket from a name without loading the ticket's checks:
 *
 *   TC1.<kid>.<eventId>.<attendeeId>.<signature>
 */
export const TICKET_VERSION = 'TC1';
/** Longer text is refused before it is split or decoded (a well-formed ticket is about 150 characters). */
export const TICKET_MAX_LENGTH = 256;
/** The characters of a ticket's ids and key id: base64url only, so the dot separates the parts unambiguously. */
export const TICKET_ID_CHARS = /^[A-Za-z0-9_-]+$/;
export const TICKET_ID_MAX = 64;
export const TICKET_KEY_ID_MAX = 16;
/** 64 bytes in canonical base64url: 86 characters, the last carrying 2 bits (its 4 low bits zero). */
export const TICKET_SIGNATURE = /^[A-Za-z0-9_-]{85}[AQgw]$/;

const SHAPE = new RegExp(`^${TICKET_VERSION}\\.[A-Za-z0-9_-]{1,${TICKET_KEY_ID_MAX}}\\.[A-Za-z0-9_-]{1,${TICKET_ID_MAX}}\\.[A-Za-z0-9_-]{1,${TICKET_ID_MAX}}\\.${TICKET_SIGNATURE.source.slice(1, -1)}$`);

/** Whether a text is shaped like a ticket (parseTicket reads it); surrounding whitespace is ignored. */
export function isTicketShaped(text: string): boolean {
  return text.length <= TICKET_MAX_LENGTH && SHAPE.test(text.trim());
}
