import { describe, expect, it } from 'vitest';
import { verifyTicket } from '@tapcard/shared/domain';
import { EVENT_ID, tampered, ticketIssuer } from '../door.fixtures.js';
import { nobleCheck } from './ed25519-fallback.js';

describe("the door's JavaScript Ed25519 (for browsers without it in WebCrypto)", () => {
  it('admits a genuine ticket and refuses a tampered one, as WebCrypto does', async () => {
    const { publicKey, issue } = await ticketIssuer();
    const ticket = await issue('att_1');
    expect(await verifyTicket(ticket, [publicKey], { eventId: EVENT_ID, check: nobleCheck })).toMatchObject({ valid: true, attendeeId: 'att_1' });
    expect(await verifyTicket(tampered(ticket), [publicKey], { eventId: EVENT_ID, check: nobleCheck })).toEqual({ valid: false, reason: 'bad_signature' });
  });
});
