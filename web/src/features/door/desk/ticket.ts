import { parseTicket, verifyTicket, webCryptoHasEd25519, type SignatureCheck, type TicketPublicKey } from '@tapcard/shared/domain';
import { TEXTS } from '../texts.js';

/**
 * A scanned or typed code against the event's public keys, without a network: the attendee it admits,
 * or why it admits nobody. `unknown_key` means the phone may only lack a newer key (worth refreshing the
 * keys once when online).
 */
export type TicketVerdict = { ok: true; attendeeId: string } | { ok: false; why: string; unknownKey?: boolean };

/**
 * The signature check this browser can run: its own WebCrypto Ed25519 where it has one, else a
 * JavaScript one loaded on first need (older browsers would otherwise call every genuine ticket forged).
 */
let signatureCheck: Promise<SignatureCheck | undefined> | undefined;
function chooseCheck(): Promise<SignatureCheck | undefined> {
  signatureCheck ??= webCryptoHasEd25519().then(async (native) => (native ? undefined : (await import('./ed25519-fallback.js')).nobleCheck));
  return signatureCheck;
}

export async function checkTicket(text: string, keys: readonly TicketPublicKey[], eventId: string): Promise<TicketVerdict> {
  const ticket = parseTicket(text);
  if (!ticket) return { ok: false, why: TEXTS.notTicket };
  if (ticket.eventId !== eventId) return { ok: false, why: TEXTS.otherEvent };
  if (keys.length === 0) return { ok: false, why: TEXTS.noKeys, unknownKey: true };
  const signature = await chooseCheck();
  const check = await verifyTicket(text, keys, { eventId, ...(signature ? { check: signature } : {}) });
  if (check.valid) return { ok: true, attendeeId: check.attendeeId };
  return { ok: false, why: TEXTS.notGenuine, unknownKey: check.reason === 'unknown_key' };
}
