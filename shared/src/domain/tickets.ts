import { z } from 'zod';
import { TICKET_ID_CHARS, TICKET_ID_MAX, TICKET_KEY_ID_MAX, TICKET_MAX_LENGTH, TICKET_SIGNATURE, TICKET_VERSION } from './ticket-shape.js';

/**
 * The door ticket: what an attendee's QR code carries (on the token page and in the access mail).
 *
 *   TC1.<kid>.<eventId>.<attendeeId>.<signature>
 *
 * The signature is Ed25519 over the exact bytes before its dot (version, key id, event and attendee),
 * base64url without padding. The ticket never carries the access token nor anything personal, so a
 * photo of it opens no arena and no chat; whoever holds the event's public key (`kid` names it, so keys
 * can be rotated) checks it without a network, in the browser or in Node (WebCrypto).
 */
export const TICKET_ALGORITHM = 'Ed25519';

const B64URL = TICKET_ID_CHARS;
/** An id in a ticket: base64url characters only, so the dot separates the parts unambiguously. */
const ticketIdSchema = z.string().min(1).max(TICKET_ID_MAX).regex(B64URL);
export const ticketKeyIdSchema = z.string().min(1).max(TICKET_KEY_ID_MAX).regex(B64URL);
const signatureSchema = z.string().regex(TICKET_SIGNATURE);
/** A raw 32-byte Ed25519 public key in canonical base64url: 43 characters, the last carrying 4 bits. */
const rawPublicKeySchema = z.string().regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);

/** A public key the tickets are checked with, as the upstream publishes it. */
export const ticketPublicKeySchema = z.object({
  kid: ticketKeyIdSchema,
  alg: z.literal(TICKET_ALGORITHM),
  /** The raw public key, base64url. */
  key: rawPublicKeySchema,
});
export type TicketPublicKey = z.infer<typeof ticketPublicKeySchema>;

/** The parts of a ticket; `signed` is the text the signature covers. */
export const ticketPartsSchema = z.object({
  version: z.literal(TICKET_VERSION),
  kid: ticketKeyIdSchema,
  eventId: ticketIdSchema,
  attendeeId: ticketIdSchema,
  signature: signatureSchema,
});
export type TicketParts = z.infer<typeof ticketPartsSchema> & { signed: string };

/** The text an issuer signs: everything of the ticket before the signature. Throws on an id a ticket cannot carry. */
export function ticketSigningInput(input: { kid: string; eventId: string; attendeeId: string }): string {
  const kid = ticketKeyIdSchema.parse(input.kid);
  const eventId = ticketIdSchema.parse(input.eventId);
  const attendeeId = ticketIdSchema.parse(input.attendeeId);
  return `${TICKET_VERSION}.${kid}.${eventId}.${attendeeId}`;
}

/** The ticket from its signing input and the base64url signature over it. */
export function formatTicket(signingInput: string, signature: string): string {
  return `${signingInput}.${signatureSchema.parse(signature)}`;
}

/** The ticket's parts, or undefined when the text is not a well-formed ticket (surrounding whitespace is ignored). */
export function parseTicket(text: string): TicketParts | undefined {
  if (text.length > TICKET_MAX_LENGTH) return undefined;
  const trimmed = text.trim();
  const parts = trimmed.split('.');
  if (parts.length !== 5) return undefined;
  const [version, kid, eventId, attendeeId, signature] = parts;
  const parsed = ticketPartsSchema.safeParse({ version, kid, eventId, attendeeId, signature });
  if (!parsed.success) return undefined;
  return { ...parsed.data, signed: trimmed.slice(0, trimmed.lastIndexOf('.')) };
}

export type TicketInvalidReason = 'malformed' | 'unknown_key' | 'bad_signature' | 'other_event';
export type TicketCheck =
  | { valid: true; eventId: string; attendeeId: string; kid: string }
  | { valid: false; reason: TicketInvalidReason };

/** base64url (no padding) to bytes; the schemas above have already checked the alphabet and length. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

type VerifyKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

// Imported keys by their base64url text: a door checks many tickets with one or two keys.
const imported = new Map<string, Promise<VerifyKey>>();
function verifyKey(raw: Uint8Array): Promise<VerifyKey> {
  const name = Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('');
  let found = imported.get(name);
  if (!found) {
    found = globalThis.crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: TICKET_ALGORITHM }, false, ['verify']);
    found.catch(() => imported.delete(name));
    imported.set(name, found);
  }
  return found;
}

/**
 * Checks a scanned ticket offline with the published public keys: its form, its key, its signature,
 * then (when `eventId` is given) that it is a ticket of that event. A ticket of another event of the
 * same deployment has a good signature and answers 'other_event'.
 */
/** Checks an Ed25519 signature (raw 32-byte public key, 64-byte signature, message bytes). */
export type SignatureCheck = (publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array) => Promise<boolean>;

/** WebCrypto's Ed25519: Node 20, and browsers that have it in a secure context. Throws where it is missing. */
const webCryptoCheck: SignatureCheck = async (publicKey, signature, message) => {
  const key = await verifyKey(publicKey);
  return globalThis.crypto.subtle.verify({ name: TICKET_ALGORITHM }, key, signature as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>);
};

/**
 * Whether this runtime's WebCrypto verifies Ed25519 (browsers without it, and pages outside a secure
 * context, need another `SignatureCheck`). Checked with a known-good signature, once.
 */
let webCryptoWorks: Promise<boolean> | undefined;
export function webCryptoHasEd25519(): Promise<boolean> {
  webCryptoWorks ??= (async () => {
    try {
      return await webCryptoCheck(fromBase64Url(PROBE.key), fromBase64Url(PROBE.signature), new TextEncoder().encode(PROBE.message));
    } catch {
      return false;
    }
  })();
  return webCryptoWorks;
}
// RFC 8032's test vector 1 (empty message).
const PROBE = {
  key: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  signature: '5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc-bRr0lv18FlbviRlUUFDjnoQCw',
  message: '',
};

export async function verifyTicket(
  text: string,
  publicKeys: readonly TicketPublicKey[],
  options: { eventId?: string; check?: SignatureCheck } = {},
): Promise<TicketCheck> {
  const ticket = parseTicket(text);
  if (!ticket) return { valid: false, reason: 'malformed' };
  const publicKey = publicKeys.find((k) => k.kid === ticket.kid && k.alg === TICKET_ALGORITHM);
  if (!publicKey || !rawPublicKeySchema.safeParse(publicKey.key).success) return { valid: false, reason: 'unknown_key' };
  let good: boolean;
  try {
    good = await (options.check ?? webCryptoCheck)(fromBase64Url(publicKey.key), fromBase64Url(ticket.signature), new TextEncoder().encode(ticket.signed));
  } catch {
    good = false;
  }
  if (!good) return { valid: false, reason: 'bad_signature' };
  if (options.eventId !== undefined && options.eventId !== ticket.eventId) return { valid: false, reason: 'other_event' };
  return { valid: true, eventId: ticket.eventId, attendeeId: ticket.attendeeId, kid: ticket.kid };
}
