import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTicketShaped, TICKET_MAX_LENGTH } from './ticket-shape.js';
import { formatTicket, parseTicket, ticketSigningInput, verifyTicket, webCryptoHasEd25519, type TicketPublicKey } from './tickets.js';

// Signed as the upstream signs (Node's crypto.sign), checked with the WebCrypto verifier the door uses.
function keyPair(kid: string): { kid: string; privateKey: KeyObject; publicKey: TicketPublicKey } {
  const pair = generateKeyPairSync('ed25519');
  const x = pair.publicKey.export({ format: 'jwk' }).x ?? '';
  return { kid, privateKey: pair.privateKey, publicKey: { kid, alg: 'Ed25519', key: x } };
}

function issue(key: { kid: string; privateKey: KeyObject }, eventId: string, attendeeId: string): string {
  const input = ticketSigningInput({ kid: key.kid, eventId, attendeeId });
  return formatTicket(input, sign(null, Buffer.from(input), key.privateKey).toString('base64url'));
}

const current = keyPair('k1');
const other = keyPair('k2');
const keys = [current.publicKey];
const ticket = issue(current, 'evt_A-1', 'att_B-2');

/** The ticket with part `index` (0 version … 4 signature) replaced. */
function withPart(text: string, index: number, value: string): string {
  const parts = text.split('.');
  parts[index] = value;
  return parts.join('.');
}

describe('door tickets', () => {
  it('a ticket is compact and names the event and attendee, and nothing else', () => {
    expect(ticket).toMatch(/^TC1\.k1\.evt_A-1\.att_B-2\.[A-Za-z0-9_-]{86}$/);
    expect(parseTicket(ticket)).toMatchObject({ version: 'TC1', kid: 'k1', eventId: 'evt_A-1', attendeeId: 'att_B-2', signed: 'TC1.k1.evt_A-1.att_B-2' });
    // Two 22-character ids (the upstream's random ids) and an 8-character key id stay within a version 8 QR code at level M.
    const full = issue(keyPair('abcdefgh'), 'a'.repeat(22), 'b'.repeat(22));
    expect(full.length).toBeLessThanOrEqual(152);
  });

  it('verifies a genuine ticket, also for its own event, and ignores surrounding whitespace', async () => {
    const valid = { valid: true, eventId: 'evt_A-1', attendeeId: 'att_B-2', kid: 'k1' };
    expect(await verifyTicket(ticket, keys)).toEqual(valid);
    expect(await verifyTicket(ticket, [other.publicKey, current.publicKey], { eventId: 'evt_A-1' })).toEqual(valid);
    expect(await verifyTicket(` ${ticket}\n`, keys)).toEqual(valid);
  });

  it("uses the caller's signature check when given one, and a failing check refuses the ticket", async () => {
    expect(await webCryptoHasEd25519()).toBe(true);
    const seen: number[] = [];
    const accepting = async (key: Uint8Array, signature: Uint8Array, message: Uint8Array) => {
      seen.push(key.length, signature.length, message.length);
      return true;
    };
    expect(await verifyTicket(ticket, keys, { check: accepting })).toMatchObject({ valid: true });
    expect(seen).toEqual([32, 64, 'TC1.k1.evt_A-1.att_B-2'.length]);
    expect(await verifyTicket(ticket, keys, { check: async () => false })).toEqual({ valid: false, reason: 'bad_signature' });
    expect(await verifyTicket(ticket, keys, { check: () => Promise.reject(new Error('no Ed25519 here')) })).toEqual({ valid: false, reason: 'bad_signature' });
  });

  it('a genuine ticket of another event is refused as such', async () => {
    expect(await verifyTicket(ticket, keys, { eventId: 'evt_other' })).toEqual({ valid: false, reason: 'other_event' });
  });

  it('a changed event id, attendee id, key id or signature does not verify', async () => {
    expect(await verifyTicket(withPart(ticket, 2, 'evt_A-2'), keys)).toEqual({ valid: false, reason: 'bad_signature' });
    expect(await verifyTicket(withPart(ticket, 2, 'evt_other'), keys, { eventId: 'evt_other' })).toEqual({ valid: false, reason: 'bad_signature' });
    expect(await verifyTicket(withPart(ticket, 3, 'att_B-3'), keys)).toEqual({ valid: false, reason: 'bad_signature' });
    const signature = ticket.split('.')[4] ?? '';
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await verifyTicket(withPart(ticket, 4, flipped), keys)).toEqual({ valid: false, reason: 'bad_signature' });
    // Signed by another key but claiming the known key's id.
    const forged = withPart(issue(other, 'evt_A-1', 'att_B-2'), 1, 'k1');
    expect(await verifyTicket(forged, keys)).toEqual({ valid: false, reason: 'bad_signature' });
  });

  it('a ticket of a key the door does not have answers unknown key', async () => {
    expect(await verifyTicket(issue(other, 'evt_A-1', 'att_B-2'), keys)).toEqual({ valid: false, reason: 'unknown_key' });
    expect(await verifyTicket(ticket, [])).toEqual({ valid: false, reason: 'unknown_key' });
  });

  it('malformed text is refused before any key is used', async () => {
    const signature = ticket.split('.')[4] ?? '';
    const malformed = [
      '',
      'https://tapcard.example/event/u/arena/some-token',
      ticket.replace(/^TC1/, 'TC2'),
      `${ticket}.extra`,
      ticket.split('.').slice(0, 4).join('.'),
      withPart(ticket, 2, ''),
      withPart(ticket, 2, 'evt/1'),
      withPart(ticket, 3, 'att ü'),
      withPart(ticket, 4, signature.slice(1)),
      // Not canonical base64url: the last character's unused bits are set.
      withPart(ticket, 4, `${signature.slice(0, 85)}B`),
      withPart(ticket, 4, `${signature}=`),
    ];
    for (const text of malformed) expect(await verifyTicket(text, keys), text).toEqual({ valid: false, reason: 'malformed' });
    // The schema-free shape check (a search box's ticket-or-name) agrees with the parser, either way.
    for (const text of malformed) expect(isTicketShaped(text), text).toBe(false);
    for (const text of [ticket, ` ${ticket}\n`, issue(keyPair('abcdefghijklmnop'), 'a'.repeat(64), 'b'.repeat(64))]) {
      expect(isTicketShaped(text), text).toBe(true);
      expect(parseTicket(text), text).toBeDefined();
    }
    expect(isTicketShaped(withPart(ticket, 1, 'k'.repeat(17)))).toBe(false);
    expect(isTicketShaped(withPart(ticket, 2, 'e'.repeat(65)))).toBe(false);
    expect(parseTicket('x'.repeat(TICKET_MAX_LENGTH + 1))).toBeUndefined();
    expect(await verifyTicket(`${ticket}${' '.repeat(TICKET_MAX_LENGTH)}`, keys)).toEqual({ valid: false, reason: 'malformed' });
    expect(await verifyTicket(withPart(ticket, 3, 'a'.repeat(10_000)), keys)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('an id a ticket cannot carry is refused when signing', () => {
    expect(() => ticketSigningInput({ kid: 'k1', eventId: 'evt.1', attendeeId: 'a' })).toThrow();
    expect(() => ticketSigningInput({ kid: 'k1', eventId: 'e', attendeeId: '' })).toThrow();
  });
});
