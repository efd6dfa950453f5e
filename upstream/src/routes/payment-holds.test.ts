import { calls } from '@tapcard/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../lib/crypto.js';
import { TestPaymentProvider } from '../domain/payments.js';
import { answerOf, send } from '../test/contract.js';
import { upstreamWithOrganiser, type TestUpstream, type TestUser } from '../test/harness.js';
import { createEvent, mailsAfterPayment, priceId, tidOf } from '../test/events.js';
import { fromIp } from '../test/cards.js';

/** Paid tickets are held for their payment 15 minutes, then released; a late payment never oversells. */

let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  ({ t, organiser } = await upstreamWithOrganiser('Olu Organiser'));
  return () => t.close();
});

const MINUTE = 60_000;
const email = () => `buyer-${randomId().toLowerCase()}@example.com`;

function provider(): TestPaymentProvider {
  return new TestPaymentProvider(t.db, `${t.config.publicUrl}/api`, t.clock.now);
}

/** Runs `fn` with the clock moved on by `ms`, then moves it back for the other tests. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.advance(-ms);
  }
}

async function vipEvent(stock: number) {
  const event = await createEvent(t, organiser.authorization, { prices: [{ title: 'VIP', amount: 5000, attendees: stock, withChips: 'without' }] });
  return { event, vip: priceId(event, 'VIP') };
}

function register(eventId: string, ticket: string, to = email()) {
  return send(t, calls.register, { body: { event_id: eventId, name: 'Paying Pat', email: to, phone: '+2348031234567', event_prices_id: ticket }, headers: fromIp() });
}

async function registerPaid(eventId: string, ticket: string) {
  const to = email();
  const res = await register(eventId, ticket, to);
  const answer = answerOf(calls.register, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  const reference = decodeURIComponent(answer.link.split('/').pop() ?? '');
  return { reference, email: to, holdUntil: answer.hold_until };
}

const sold = async (id: string) => (await t.db.selectFrom('event_prices').select('sold').where('id', '=', id).executeTakeFirstOrThrow()).sold;
const attendeeOf = (reference: string) =>
  t.db.selectFrom('attendees').innerJoin('ticket_payments', 'ticket_payments.attendee_id', 'attendees.id').select(['attendees.status']).where('ticket_payments.reference', '=', reference).executeTakeFirstOrThrow();
const orderOf = (reference: string) => t.db.selectFrom('orders').select(['payment_status', 'expired_at', 'refund_due_at']).where('reference', '=', reference).executeTakeFirstOrThrow();
const returnFromProvider = (reference: string) => send(t, calls.paymentSuccessful, { body: { reference, status: 'success' } });

describe('paid ticket holds', () => {
  it('holds the seat for 15 minutes, says until when, then releases it: stock back, registration cancelled, order expired', async () => {
    const { event, vip } = await vipEvent(1);
    const before = t.clock.now().getTime();
    const pat = await registerPaid(event.id, vip);
    const holdUntil = Date.parse(pat.holdUntil ?? '');
    expect(holdUntil).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(holdUntil).toBeLessThanOrEqual(t.clock.now().getTime() + 15 * MINUTE);

    // Within the hold the last seat is taken.
    const early = await later(14 * MINUTE, () => register(event.id, vip));
    expect(early.statusCode).toBe(409);
    expect(answerOf(calls.register, early)).toMatchObject({ message: 'Sorry, the VIP ticket is sold out.' });

    // Once it has passed, the seat is someone else's.
    const next = await later(15 * MINUTE + 1000, () => register(event.id, vip));
    expect(next.statusCode, next.body).toBe(200);
    expect(await sold(vip)).toBe(1);
    expect((await attendeeOf(pat.reference)).status).toBe('cancelled');
    const order = await orderOf(pat.reference);
    expect(order.payment_status).toBe('pending');
    expect(order.expired_at).not.toBeNull();
  });

  it('gives a payment completed after its hold the ticket when a seat is left', async () => {
    const { event, vip } = await vipEvent(2);
    const pat = await registerPaid(event.id, vip);
    // A later registration releases the expired hold (one seat left after it).
    await later(16 * MINUTE, async () => {
      expect((await register(event.id, vip)).statusCode).toBe(200);
      expect(await sold(vip)).toBe(1);
      expect(await provider().decide(pat.reference, 'paid')).toBe(true);
      const res = await returnFromProvider(pat.reference);
      const answer = answerOf(calls.paymentSuccessful, res);
      expect(answer).toMatchObject({ success: 'true', message: 'Your event access has been sent to your email.' });
      if (answer.success === 'true') expect(tidOf(answer.link)).toBeTruthy();
    });
    expect(await sold(vip)).toBe(2);
    expect((await attendeeOf(pat.reference)).status).toBe('confirmed');
    expect(await mailsAfterPayment(t, pat.email)).toHaveLength(1);
  });

  it('issues no ticket for a payment completed after its seat was sold, says so and marks it for a refund', async () => {
    const { event, vip } = await vipEvent(1);
    const pat = await registerPaid(event.id, vip);
    await later(16 * MINUTE, async () => {
      expect((await register(event.id, vip)).statusCode).toBe(200);
      await provider().decide(pat.reference, 'paid');
      for (let i = 0; i < 2; i++) {
        const res = await returnFromProvider(pat.reference);
        expect(res.statusCode).toBe(409);
        expect(answerOf(calls.paymentSuccessful, res)).toMatchObject({
          success: 'false',
          outcome: 'sold_out',
          retry: `/events/l/${event.clean_name}/register`,
          message: 'Your payment arrived after your reservation expired and the VIP ticket sold out, so no ticket was issued. Your payment will be refunded.',
        });
      }
    });
    expect(await sold(vip)).toBe(1);
    expect((await attendeeOf(pat.reference)).status).toBe('cancelled');
    expect((await orderOf(pat.reference)).refund_due_at).not.toBeNull();
    expect(await mailsAfterPayment(t, pat.email)).toEqual([]);
  });

  it('never sells more than the stock when a late payment and new registrations race for the released seats', async () => {
    const { event, vip } = await vipEvent(3);
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await registerPaid(event.id, vip));
    // Two buyers walk away; one pays after the hold.
    const payer = held[0]!;
    await provider().decide(payer.reference, 'paid');
    const results = await later(16 * MINUTE, () => Promise.all([returnFromProvider(payer.reference), ...Array.from({ length: 49 }, () => register(event.id, vip))]));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(3);
    for (const res of results.filter((r) => r.statusCode !== 200)) expect(res.statusCode).toBe(409);
    expect(await sold(vip)).toBe(3);
    const holding = await t.db
      .selectFrom('attendees')
      .select('id')
      .where('event_id', '=', event.id)
      .where((eb) => eb.or([eb('status', '=', 'confirmed'), eb.and([eb('status', '=', 'pending'), eb('hold_until', '>', new Date(t.clock.now().getTime() + 16 * MINUTE))])]))
      .execute();
    expect(holding).toHaveLength(3);
    // The late payer either has the ticket or is due a refund.
    const [attendee, order] = await Promise.all([attendeeOf(payer.reference), orderOf(payer.reference)]);
    expect(attendee.status === 'confirmed' || order.refund_due_at !== null).toBe(true);
  });

  it('answers a declined payment with the reason and the page to register again', async () => {
    const { event, vip } = await vipEvent(1);
    const pat = await registerPaid(event.id, vip);
    await provider().decide(pat.reference, 'declined');
    const res = await returnFromProvider(pat.reference);
    expect(res.statusCode).toBe(402);
    expect(answerOf(calls.paymentSuccessful, res)).toMatchObject({
      success: 'false',
      outcome: 'declined',
      retry: `/events/l/${event.clean_name}/register`,
      message: 'Your payment was declined, so no ticket was issued.',
    });
    expect(await sold(vip)).toBe(0);
  });

  it('says an unknown reference is unknown', async () => {
    const res = await returnFromProvider('TC-no-such-payment');
    expect(res.statusCode).toBe(404);
    expect(answerOf(calls.paymentSuccessful, res)).toMatchObject({
      success: 'false',
      outcome: 'unknown',
      message: 'We could not find this payment. Check the link, or register again from the event page.',
    });
  });
});
