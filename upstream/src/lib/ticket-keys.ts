import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { formatTicket, ticketSigningInput } from '@tapcard/shared/domain';

/** A door-ticket signing key: its id (in every ticket), the private key, and the raw public key (base64url). */
export interface TicketKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: string;
}

/**
 * An Ed25519 private key from PKCS#8 PEM, or from its DER in base64 (one line, as an environment
 * variable holds it more easily). Throws when it is neither, or another kind of key.
 */
export function readTicketPrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----BEGIN')
    ? createPrivateKey({ key: trimmed, format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${key.asymmetricKeyType ?? 'unknown'})`);
  return key;
}

/** The key id: the first 8 characters of the base64url SHA-256 of the raw public key (48 bits, enough to tell a few keys apart). */
export function ticketKeyId(rawPublicKey: string): string {
  return createHash('sha256').update(Buffer.from(rawPublicKey, 'base64url')).digest('base64url').slice(0, 8);
}

export function ticketKeyOf(privateKey: KeyObject): TicketKey {
  const publicKey = createPublicKey(privateKey).export({ format: 'jwk' }).x;
  if (!publicKey) throw new Error('the Ed25519 key has no public part');
  return { kid: ticketKeyId(publicKey), privateKey, publicKey };
}

export function generateTicketKey(): TicketKey {
  return ticketKeyOf(generateKeyPairSync('ed25519').privateKey);
}

export function privateKeyPem(key: TicketKey): string {
  return key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The signed door ticket of one attendee of one event (see @tapcard/shared/domain, tickets). */
export function signTicket(key: TicketKey, eventId: string, attendeeId: string): string {
  const input = ticketSigningInput({ kid: key.kid, eventId, attendeeId });
  return formatTicket(input, sign(null, Buffer.from(input, 'utf8'), key.privateKey).toString('base64url'));
}
