import { LIMITS, TICKET_RECOVERY_TTL_MINUTES } from '@tapcard/shared/constants';
import { calls, type Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { messages, safetyMessages } from '@tapcard/shared/rules';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { fromIp } from '../test/cards.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createEvent, registerFree, tidOf, type Registered } from '../test/events.js';
import { createUser, mailingUpstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';

let smtp: TestSmtp;
let t: TestUpstream;
let organiser: TestUser;
mailingUpstreamForFile((started) => ({ smtp, t, organiser } = started));

const newEmail = () => `lost-${randomId().toLowerCase()}@example.com`;
const NEUTRAL = 'If that email has a ticket for this event, we have sent it again.';

function recover(event: Event, email: string, headers: Record<string, string> = fromIp()) {
  return send(t, calls.recoverTicket, { params: { id: event.id }, body: { email }, headers });
}

/** The access mail to `email` whose link is not `oldTid`'s: the one sent again. */
function accessMailAgain(email: string, oldTid: string): Promise<ParsedMail> {
  return smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject?.startsWith('Your access to ') === true && !(mail.text ?? '').includes(oldTid), 20_000);
}

/** The "Lost your ticket?" mail to `email` (the `nth` one, from 1). */
function recoveryMail(email: string, nth = 1): Promise<ParsedMail> {
  let seen = 0;
  return smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject?.startsWith('Get a new link to your ticket for ') === true && ++seen === nth, 20_000);
}

/** The token of a "Lost your ticket?" mail's link. */
function recoveryToken(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/recover-ticket\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  const params = matchPage(pagePatterns.ticketRecovery, link);
  if (!params) throw new Error(`no recovery link in: ${mail.text ?? ''}`);
  return params.token;
}

function redeem(token: string) {
  return send(t, calls.redeemTicketRecovery, { body: { token } });
}

/** A new event's attendee, once their access mail has arrived. */
async function registeredAndMailed(name = 'Ada Lovelace'): Promise<{ event: Event; attendee: Registered }> {
  const event = await createEvent(t, organiser.authorization);
  const attendee = await registerFree(t, event, name);
  await smtp.waitFor(sentTo(attendee.email), 20_000);
  return { event, attendee };
}

/** Whether the access token opens its ticket page. */
async function tokenWorks(tid: string): Promise<boolean> {
  return (await send(t, calls.eventToken, { params: { id: tid } })).statusCode === 200;
}

describe('Lost your ticket? (public)', () => {
  it('checks the email with the shared rule: 400 under email', async () => {
    const event = await createEvent(t, organiser.authorization);
    expectFieldError(await recover(event, ''), 'email', messages.emailRequired);
    expectFieldError(await recover(event, 'ada@'), 'email', messages.emailInvalid);
  });

  it('answers 404 for an unknown event', async () => {
    const res = await send(t, calls.recoverTicket, { params: { id: randomId() }, body: { email: newEmail() }, headers: fromIp() });
    expect(res.statusCode).toBe(404);
  });

  it('mails a registered email a recovery link (not a ticket link) and leaves the ticket link working; both answers are the same', async () => {
    const { event, attendee } = await registeredAndMailed();
    const stranger = newEmail();

    const unknown = await recover(event, stranger);
    const known = await recover(event, attendee.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: 'true', message: NEUTRAL });
    expect(known.json()).toEqual(unknown.json());

    const mail = await recoveryMail(attendee.email);
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain(`Someone asked for your ticket to ${event.title}`);
    expect(mail.text).toContain('your current link keeps working until you do');
    expect(mail.text).not.toContain('/event/u/token/');
    expect(mail.html).not.toContain('/event/u/token/');
    expect(recoveryToken(mail)).toMatch(/^[\w-]{32,}$/);
    // Only the token's hash is stored.
    const row = await t.db.selectFrom('ticket_recoveries').select(['token_hash', 'expires_at']).where('attendee_id', '=', attendee.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(recoveryToken(mail)));
    expect(await tokenWorks(attendee.tid)).toBe(true);

    // The unknown email's look-up ran beside the known one's and found nothing: no mail, nothing queued.
    await recover(event, `after-${stranger}`);
    expect(smtp.mails.filter(sentTo(stranger))).toEqual([]);
    expect(await t.pendingMail(stranger)).toEqual([]);
  });

  it('opening the recovery link replaces the ticket link: the new one works, the old one is refused', async () => {
    const { event, attendee } = await registeredAndMailed();
    await recover(event, attendee.email);
    const token = recoveryToken(await recoveryMail(attendee.email));

    const res = await redeem(token);
    expect(res.statusCode, res.body).toBe(200);
    const { link } = answerOf(calls.redeemTicketRecovery, res) as { link: string };
    const tid = matchPage(pagePatterns.eventToken, link)?.tid ?? '';
    expect(tid).not.toBe(attendee.tid);
    expect(await tokenWorks(tid)).toBe(true);
    expect(await tokenWorks(attendee.tid)).toBe(false);
    const mail = await accessMailAgain(attendee.email, attendee.tid);
    expect(tidOf(linkInMail(mail, '/event/u/token/').pathname)).toBe(tid);

    // Used: a second open is refused and changes nothing.
    const again = await redeem(token);
    expect(again.statusCode).toBe(410);
    expect(answerOf(calls.redeemTicketRecovery, again).message).toBe(messages.ticketRecoveryInvalid);
    expect(await tokenWorks(tid)).toBe(true);
  });

  it('opening one recovery link ends the others still out for the ticket', async () => {
    const { event, attendee } = await registeredAndMailed();
    await recover(event, attendee.email);
    const first = recoveryToken(await recoveryMail(attendee.email, 1));
    await recover(event, attendee.email);
    const second = recoveryToken(await recoveryMail(attendee.email, 2));
    expect((await redeem(second)).statusCode).toBe(200);
    expect((await redeem(first)).statusCode).toBe(410);
  });

  it('lets exactly one of 50 parallel opens of a recovery link through', async () => {
    const { event, attendee } = await registeredAndMailed();
    await recover(event, attendee.email);
    const token = recoveryToken(await recoveryMail(attendee.email));
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(49);
    const winner = results.find((r) => r.statusCode === 200);
    const { link } = answerOf(calls.redeemTicketRecovery, winner ?? results[0]!) as { link: string };
    expect(await tokenWorks(matchPage(pagePatterns.eventToken, link)?.tid ?? '')).toBe(true);
  });

  it('refuses a recovery link after it expires, and leaves the ticket link working', async () => {
    const { event, attendee } = await registeredAndMailed();
    await recover(event, attendee.email);
    const token = recoveryToken(await recoveryMail(attendee.email));
    t.clock.advance(TICKET_RECOVERY_TTL_MINUTES * 60_000 + 1000);
    const res = await redeem(token);
    expect(res.statusCode).toBe(410);
    expect(answerOf(calls.redeemTicketRecovery, res).message).toBe(messages.ticketRecoveryInvalid);
    expect(await tokenWorks(attendee.tid)).toBe(true);
  });

  it('refuses an unknown recovery link (410) and a malformed one (400 under token)', async () => {
    expect((await redeem(randomToken())).statusCode).toBe(410);
    expectFieldError(await redeem('short'), 'token', messages.ticketRecoveryInvalid);
    expectFieldError(await redeem('a'.repeat(200)), 'token', messages.ticketRecoveryInvalid);
    expectFieldError(await send(t, calls.redeemTicketRecovery, { body: {} as { token: string } }), 'token', messages.ticketRecoveryInvalid);
  });

  it('lets exactly the per-email budget through 50 parallel asks for one email, the rest 429', async () => {
    const event = await createEvent(t, organiser.authorization);
    const email = newEmail();
    const results = await Promise.all(Array.from({ length: 50 }, () => recover(event, email)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.ticketResendEmail.max);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(50 - LIMITS.ticketResendEmail.max);
    // Another event's budget for the same email is its own.
    const other = await createEvent(t, organiser.authorization);
    expect((await recover(other, email)).statusCode).toBe(200);
  });

  it('lets exactly the per-address budget through 50 parallel asks from one address, each for another email', async () => {
    const event = await createEvent(t, organiser.authorization);
    const address = fromIp();
    const results = await Promise.all(Array.from({ length: 50 }, () => recover(event, newEmail(), address)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.ticketResendAddress.max);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(50 - LIMITS.ticketResendAddress.max);
    expect((await recover(event, newEmail(), fromIp())).statusCode).toBe(200);
  });
});

describe('Re-send ticket (organiser)', () => {
  it('mails the attendee their access again with a new link', async () => {
    const { event, attendee } = await registeredAndMailed('Bayo Martins');
    const res = await send(t, calls.resendTicket, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: attendee.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(calls.resendTicket, res)).toEqual({ success: 'true', message: messages.ticketResent });
    const mail = await accessMailAgain(attendee.email, attendee.tid);
    expect(mail.text).toContain('Hello Bayo Martins,');
    const tid = tidOf(linkInMail(mail, '/event/u/token/').pathname);
    expect(await tokenWorks(tid)).toBe(true);
  });

  it('answers 404 for an attendee not in the event, and the event’s 404 to another user', async () => {
    const event = await createEvent(t, organiser.authorization);
    const other = await createEvent(t, organiser.authorization);
    const attendee = await registerFree(t, other);
    const res = await send(t, calls.resendTicket, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: attendee.id } });
    expect(res.statusCode).toBe(404);
    expect(answerOf(calls.resendTicket, res).message).toBe(safetyMessages.attendeeNotFound);

    const stranger = await createUser(t);
    const refused = await send(t, calls.resendTicket, { authorization: stranger.authorization, params: { id: other.id }, body: { attendee_id: attendee.id } });
    expect(refused.statusCode).toBe(404);
  });

  it('checks the body: 400 under attendee_id', async () => {
    const event = await createEvent(t, organiser.authorization);
    const res = await send(t, calls.resendTicket, { authorization: organiser.authorization, params: { id: event.id }, body: {} as { attendee_id: string } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toContain('attendee_id');
  });
});
