import { PAYMENT_HOLD_MINUTES } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestPaymentProvider } from '../domain/payments.js';
import { randomId } from '../lib/crypto.js';
import { fromIp } from '../test/cards.js';
import { answerOf, send } from '../test/contract.js';
import { createEvent, PAYMENT_MAIL_SUBJECT, priceId } from '../test/events.js';
import { upstreamWithOrganiser, type TestUpstream, type TestUser } from '../test/harness.js';
import { HOLD_ENDED_MESSAGE, SEAT_RELEASED_MESSAGE } from './events/registration.js';

/**
 * A paid ticket held for its payment: the payment link is mailed (a reloaded or closed page loses
 * nothing), and the buyer can give the seat back at once with the secret the registration answered.
 */

let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  ({ t, organiser } = await upstreamWithOrganiser('Rita Release'));
  return () => t.close();
});

const sold = async (id: string) => (await t.db.selectFrom('event_prices').select('sold').where('id', '=', id).executeTakeFirstOrThrow()).sold;

async function holdVip() {
  const event = await createEvent(t, organiser.authorization, { prices: [{ title: 'VIP', amount: 5000, attendees: 1, withChips: 'without' }] });
  const vip = priceId(event, 'VIP');
  const email = `holder-${randomId().toLowerCase()}@example.com`;
  const res = await send(t, calls.register, { body: { event_id: event.id, name: 'Held Hana', email, phone: '+2348031234567', event_prices_id: vip }, headers: fromIp() });
  const answer = answerOf(calls.register, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return { event, vip, email, link: answer.link, releaseToken: answer.release_token ?? '' };
}

const release = (token: string) => send(t, calls.releaseHeldTicket, { body: { token } });

describe('a paid ticket held for its payment', () => {
  it('mails the payment link to the buyer', async () => {
    const held = await holdVip();
    await expect.poll(async () => (await t.outbox(held.email)).filter((m) => PAYMENT_MAIL_SUBJECT.test(m.subject)).length).toBe(1);
    const mail = (await t.outbox(held.email)).find((m) => PAYMENT_MAIL_SUBJECT.test(m.subject));
    expect(mail?.text).toContain(held.link);
    expect(mail?.text).toContain('Complete your payment within 15 minutes');
    // The release secret is the page's, never the mail's.
    expect(mail?.text).not.toContain(held.releaseToken);
  });

  it('gives the seat back at once with the release secret, once', async () => {
    const held = await holdVip();
    expect(held.releaseToken.length).toBeGreaterThan(20);
    expect(await sold(held.vip)).toBe(1);
    const res = await release(held.releaseToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(calls.releaseHeldTicket, res)).toMatchObject({ success: 'true', message: SEAT_RELEASED_MESSAGE });
    expect(await sold(held.vip)).toBe(0);
    const status = await t.db.selectFrom('attendees').select('status').where('event_id', '=', held.event.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('cancelled');

    // Again, or in parallel: the seat went back once.
    const again = await Promise.all(Array.from({ length: 5 }, () => release(held.releaseToken)));
    for (const r of again) expect(r.statusCode).toBe(404);
    expect(await sold(held.vip)).toBe(0);
  });

  it('releases once under 50 parallel releases, and refuses a paid ticket or a wrong secret', async () => {
    const held = await holdVip();
    const answers = await Promise.all(Array.from({ length: 50 }, () => release(held.releaseToken)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await sold(held.vip)).toBe(0);

    const paid = await holdVip();
    const reference = decodeURIComponent(paid.link.split('/').pop() ?? '');
    await new TestPaymentProvider(t.db, `${t.config.publicUrl}/api`, t.clock.now).decide(reference, 'paid');
    expect((await send(t, calls.paymentSuccessful, { body: { reference } })).statusCode).toBe(200);
    const late = await release(paid.releaseToken);
    expect(late.statusCode).toBe(409);
    expect(answerOf(calls.releaseHeldTicket, late)).toMatchObject({ success: 'false', message: HOLD_ENDED_MESSAGE });
    expect(await sold(paid.vip)).toBe(1);

    const wrong = await release('x'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(answerOf(calls.releaseHeldTicket, wrong)).toMatchObject({ success: 'false', message: messages.releaseTokenInvalid });
    expect((await release('bad')).statusCode).toBe(400);
  });
});

describe('the periodic release of expired holds', () => {
  it('gives an unpaid seat back once its hold has passed, without waiting for a registration (the holds.release job)', async () => {
    const held = await holdVip();
    expect(await sold(held.vip)).toBe(1);
    t.clock.advance((PAYMENT_HOLD_MINUTES + 1) * 60_000);
    try {
      await t.app.jobs.trigger('holds.release');
      await expect.poll(() => sold(held.vip), { timeout: 20_000 }).toBe(0);
      const status = await t.db.selectFrom('attendees').select('status').where('event_id', '=', held.event.id).executeTakeFirstOrThrow();
      expect(status.status).toBe('cancelled');
    } finally {
      t.clock.advance(-(PAYMENT_HOLD_MINUTES + 1) * 60_000);
    }
  });
});

