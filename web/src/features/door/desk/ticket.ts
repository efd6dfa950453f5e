import { parseTicket, verifyTicket, type TicketPublicKey } from '@tapcard/shared/domain';
import { TEXTS } from '../texts.js';

/**
 * A scanned or typed code against the event's public keys, without a network: the attendee it admits,
 * or why it admits nobody. `unknown_key` means the phone may only lack a newer key (worth refreshing the
 * keys once when online).
 */
export type TicketVerdict = { ok: true; attendeeId: string } | { ok: false; why: string; unknownKey?: boolean };

/** Whether a text is shaped like a ticket at all (a search box tells a typed ticket from a name with it). */
export const looksLikeTicket = (text: string): boolean => parseTicket(text) !== undefined;

export async function checkTicket(text: string, keys: readonly TicketPublicKey[], eventId: string): Promise<TicketVerdict> {
  const ticket = parseTicket(text);
  if (!ticket) return { ok: false, why: TEXTS.notTicket };
  if (ticket.eventId !== eventId) return { ok: false, why: TEXTS.otherEvent };
  if (keys.length === 0) return { ok: false, why: TEXTS.noKeys, unknownKey: true };
  const check = await verifyTicket(text, keys, { eventId });
  if (check.valid) return { ok: true, attendeeId: check.attendeeId };
  return { ok: false, why: TEXTS.notGenuine, unknownKey: check.reason === 'unknown_key' };
}
