import { calls, serviceCalls, ticketHolderCalls, type Event } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { startFakePaystack, type FakePaystack } from '@tapcard/testkit/paystack';
import { linkInMail, sentTo, startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { waitFor } from '@tapcard/testkit/wait';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryPendingRefunds } from '../domain/cancellation.js';
import { randomId } from '../lib/crypto.js';
import { fromIp } from '../test/cards.js';
import { liveOf } from '../test/arena.js';
import { doorCheckIn, doorSession, eventSeq } from '../test/door.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createEvent, dayText, eventBody, insertChip, priceId, registerFree, tidOf } from '../test/events.js';
import { createTestUpstream, createUser, type TestUpstream, type TestUser } from '../test/harness.js';

/**
 * Cancelling a ticket and its refund, with Paystack as the payment provider: a local server speaking
 * Paystack's API (initialize, verify, the hosted checkout, POST /refund) that sends its signed
 * webhooks to this upstream, listening on a port. Mails are read from a real SMTP server.
 */

let smtp: TestSmtp;
let paystack: FakePaystack;
let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  smtp = await startTestSmtp();
  paystack = await startFakePaystack();
  t = await createTestUpstream({ smtpUrl: smtp.url, payments: { provider: 'paystack', secretKey: paystack.secretKey, baseUrl: paystack.url } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  paystack.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${serviceCalls.paystackWebhook.path}`;
  organiser = await createUser(t, { name: 'Olu Organiser' });
}, 60_000);
afterAll(async () => {
  await paystack.close();
  // The fake's webhook posts keep their connections alive; the upstream would wait them out.
  t.app.server.closeAllConnections();
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  paystack.refundOutcome = 'processed';
  paystack.refundUnavailable = false;
});

const VIP_PRICE = 15_000;
const WITHIN_MS = 20_000;

/** An event with a free Regular and a paid VIP ticket, starting `startDays` from today at 18:00 local, with the given refund policy. */
function policyEvent(refund: { refund_policy: 'none' | 'before_start'; refund_hours?: number }, startDays = 5): Promise<Event> {
  const now = t.clock.now();
  return createEvent(t, organiser.authorization, { start_date: `${dayText(now, startDays)}T18:00`, end_date: dayText(now, startDays + 1), ...refund });
}

interface Holder {
  tid: string;
  id: string;
  email: string;
  reference: string;
}

/** Registers for the VIP ticket, pays on the Paystack checkout, and returns to the ticket page: the access token. */
async function buyVip(event: Event): Promise<Holder> {
  const email = `buyer-${randomId().toLowerCase()}@example.com`;
  const res = await send(t, calls.register, {
    body: { event_id: event.id, name: 'Paying Pat', email, phone: '+2348031234567', event_prices_id: priceId(event, 'VIP') },
    headers: fromIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const reference = paystack.transactions().find((x) => x.email === email)?.reference;
  if (!reference) throw new Error('no Paystack transaction');
  const paid = await fetch(`${paystack.checkoutUrl(reference)}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(302);
  const back = answerOf(calls.paymentSuccessful, await send(t, calls.paymentSuccessful, { body: { reference } }));
  if (back.success !== 'true') throw new Error(back.message);
  const tid = tidOf(back.link);
  const row = await t.db.selectFrom('attendees').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { tid, id: row.id, email, reference };
}

const cancel = (tid: string) => send(t, calls.cancelTicket, { params: { id: tid } });
const stateOf = async (tid: string) => {
  const answer = answerOf(calls.ticketCancellation, await send(t, calls.ticketCancellation, { params: { id: tid } }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
};
const sold = async (event: Event, ticket: string) => (await t.db.selectFrom('event_prices').select('sold').where('id', '=', priceId(event, ticket)).executeTakeFirstOrThrow()).sold;
const refundRequestsOf = (reference: string) => paystack.refundRequests.filter((r) => r.transaction === reference);
const refundMail = (email: string, state: 'processed' | 'failed') => smtp.waitFor((m) => sentTo(email)(m) && m.subject?.startsWith(`Refund ${state}: `) === true, WITHIN_MS);
const cancelMail = (email: string) => smtp.waitFor((m) => sentTo(email)(m) && m.subject?.startsWith('Ticket cancelled: ') === true, WITHIN_MS);
const cancelByOrganiser = (event: Event, attendeeId: string) => send(t, calls.cancelAttendee, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: attendeeId } });

describe('the refund policy on the event', () => {
  it('is stored, answered and checked with the shared rule (400 under refund_hours)', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 24 });
    expect(event).toMatchObject({ refund_policy: 'before_start', refund_hours: 24 });
    const plain = await createEvent(t, organiser.authorization);
    expect(plain).toMatchObject({ refund_policy: 'none', refund_hours: 48 });
    const res = await send(t, calls.createEvent, { authorization: organiser.authorization, body: eventBody(t, { refund_policy: 'before_start', refund_hours: 1000 }) });
    expectFieldError(res, 'refund_hours', messages.refundHoursRange);
  });
});

describe('an attendee cancels their ticket', () => {
  it('inside the window: the seat goes back, the token stops working, Paystack refunds it in full, and the attendee is mailed when processed', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    expect(await sold(event, 'VIP')).toBe(1);
    const before = await stateOf(pat.tid);
    expect(before).toMatchObject({ status: 'confirmed', amount: VIP_PRICE, refund: null, cancelled_at: null });

    const res = await cancel(pat.tid);
    expect(res.statusCode, res.body).toBe(200);
    const answer = answerOf(calls.cancelTicket, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toMatchObject({ status: 'cancelled', cancelled_by: 'attendee', refund: { amount: VIP_PRICE } });
    expect(await sold(event, 'VIP')).toBe(0);
    expect(refundRequestsOf(pat.reference)).toEqual([{ transaction: pat.reference, amount: VIP_PRICE * 100 }]);

    // The access token opens nothing any more, but the cancel step still reads the ticket's state.
    expect((await send(t, calls.eventToken, { params: { id: pat.tid } })).statusCode).toBe(404);
    expect((await cancel(pat.tid)).statusCode).toBe(404);

    await waitFor(async () => (await stateOf(pat.tid)).refund?.state === 'processed', WITHIN_MS);
    const mail = await refundMail(pat.email, 'processed');
    expect(mail.text).toContain('Your refund of NGN 15,000 for the cancelled VIP ticket');
    expect(mail.text).toContain('Hello Paying Pat,');

    // The cancel's own confirmation: the event, the ticket and the refund requested.
    const confirmation = await cancelMail(pat.email);
    expect(confirmation.subject).toBe(`Ticket cancelled: ${event.title}`);
    expect(confirmation.text).toContain(`Your VIP ticket to ${event.title} has been cancelled, as you asked.`);
    expect(confirmation.text).toContain('A full refund of NGN 15,000 has been requested.');
    expect(confirmation.html).toContain('Your ticket is cancelled');
  });

  it('outside the window: the seat goes back and nothing is refunded', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 }, 1);
    const pat = await buyVip(event);
    const res = await cancel(pat.tid);
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(calls.cancelTicket, res)).toMatchObject({ data: { status: 'cancelled', refund: null, amount: VIP_PRICE } });
    expect(await sold(event, 'VIP')).toBe(0);
    expect(refundRequestsOf(pat.reference)).toEqual([]);
    const confirmation = await cancelMail(pat.email);
    expect(confirmation.text).toMatch(/No refund is due: refunds for this event ended on .+ \(UTC[+-]\d{2}:\d{2}\)\./);
  });

  it('under a no-refund policy: nothing is refunded', async () => {
    const event = await policyEvent({ refund_policy: 'none' });
    const pat = await buyVip(event);
    expect(answerOf(calls.cancelTicket, await cancel(pat.tid))).toMatchObject({ data: { status: 'cancelled', refund: null } });
    expect(refundRequestsOf(pat.reference)).toEqual([]);
    expect(await sold(event, 'VIP')).toBe(0);
    expect((await cancelMail(pat.email)).text).toContain('No refund is due: this event does not refund cancelled tickets.');
  });

  it('a free ticket: the seat goes back, no refund, the chip is unbound, and the door answers that the ticket was cancelled', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const ada = await registerFree(t, event);
    expect(await sold(event, 'Regular')).toBe(1);
    const session = await doorSession(t, organiser.authorization, event);
    const chip = await insertChip(t, event.id, ada.id);
    const before = await eventSeq(t, event.id);

    expect(answerOf(calls.cancelTicket, await cancel(ada.tid))).toMatchObject({ data: { status: 'cancelled', amount: 0, refund: null } });
    expect(await sold(event, 'Regular')).toBe(0);
    const scan = await doorCheckIn(t, session, ada.id);
    expect(scan).toMatchObject({ outcome: 'cancelled', attendee: null, message: messages.ticketWasCancelled });
    expect((await cancelMail(ada.email)).text).toContain('This ticket was free, so there is nothing to refund.');

    // Live: one change brings the attendee flagged cancelled (doors refuse the QR code offline, open screens are told) and the chip unbound.
    const live = await liveOf(t, event.id, before);
    expect(live.attendees).toEqual([expect.objectContaining({ id: ada.id, cancelled: true })]);
    expect(live.chips).toEqual([{ id: chip, attendee_id: null }]);
  });

  it('refuses an admission a door made offline and synced after the cancel: not counted, not a conflict, flagged cancelled', async () => {
    const event = await policyEvent({ refund_policy: 'none' });
    const ada = await registerFree(t, event);
    const session = await doorSession(t, organiser.authorization, event);
    const scannedAt = new Date(t.clock.now().getTime() - 1000);
    expect((await cancel(ada.tid)).statusCode).toBe(200);

    const clientId = randomId();
    const synced = await doorCheckIn(t, session, ada.id, { clientId, scannedAt });
    expect(synced).toMatchObject({ outcome: 'cancelled', message: messages.ticketWasCancelled });
    // A retry of the same client id gets the same answer.
    expect((await doorCheckIn(t, session, ada.id, { clientId, scannedAt })).outcome).toBe('cancelled');
    const row = await t.db.selectFrom('attendees').select('checked_in').where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row.checked_in).toBe(false);
    expect(await t.db.selectFrom('door_conflicts').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    expect((await liveOf(t, event.id)).attendees.find((a) => a.id === ada.id)?.cancelled).toBe(true);
  });

  it('is refused once the ticket was used at the door (409, clear message, nothing changes); the organiser may still cancel it', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    await doorCheckIn(t, await doorSession(t, organiser.authorization, event), pat.id);
    const before = await eventSeq(t, event.id);

    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(pat.tid)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 409));
    expect(answerOf(calls.cancelTicket, results[0]!).message).toBe(messages.ticketCheckedInNoCancel);
    expect(await eventSeq(t, event.id)).toBe(before);
    expect(await sold(event, 'VIP')).toBe(1);
    expect(await stateOf(pat.tid)).toMatchObject({ status: 'confirmed' });
    expect(refundRequestsOf(pat.reference)).toEqual([]);

    const res = await cancelByOrganiser(event, pat.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(calls.cancelAttendee, res)).toMatchObject({ data: { cancelled_by: 'organiser', refund: { amount: VIP_PRICE } } });
    expect(refundRequestsOf(pat.reference)).toHaveLength(1);
  });

  it('a transferred paid ticket: its new holder’s cancel inside the window refunds the original payment, once', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    const email = `grace-${randomId().toLowerCase()}@example.com`;
    const moved = await send(t, ticketHolderCalls.transferTicket, { params: { id: pat.tid }, body: { name: 'Grace Hopper', email } });
    expect(moved.statusCode, moved.body).toBe(200);
    const access = await smtp.waitFor((m) => sentTo(email)(m) && m.subject?.startsWith('Your access to ') === true, WITHIN_MS);
    const graceTid = tidOf(linkInMail(access, '/event/u/token/').pathname);
    expect(await stateOf(graceTid)).toMatchObject({ status: 'confirmed', amount: VIP_PRICE });

    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(graceTid)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(refundRequestsOf(pat.reference)).toEqual([{ transaction: pat.reference, amount: VIP_PRICE * 100 }]);
    expect(await sold(event, 'VIP')).toBe(0);
    await waitFor(async () => (await stateOf(graceTid)).refund?.state === 'processed', WITHIN_MS);
    expect((await cancelMail(email)).text).toContain('A full refund of NGN 15,000 has been requested.');
    await refundMail(email, 'processed');
  });

  it('20 parallel cancels of one ticket make one cancel, one stock return and one refund request', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    const other = await buyVip(event);
    expect(await sold(event, 'VIP')).toBe(2);
    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(pat.tid)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404 || r.statusCode === 409)).toBe(true);
    expect(await sold(event, 'VIP')).toBe(1);
    expect(refundRequestsOf(pat.reference)).toHaveLength(1);
    expect(refundRequestsOf(other.reference)).toHaveLength(0);
  });

  it('the attendee and the organiser cancelling at once make one cancel and one refund request', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? cancel(pat.tid) : send(t, calls.cancelAttendee, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: pat.id } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await sold(event, 'VIP')).toBe(0);
    expect(refundRequestsOf(pat.reference)).toHaveLength(1);
  });
});

describe('the organiser cancels a registration', () => {
  it('refunds a paid ticket in full even outside the window, and lists it with the refund’s state', async () => {
    const event = await policyEvent({ refund_policy: 'none' }, 1);
    const pat = await buyVip(event);
    const res = await send(t, calls.cancelAttendee, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: pat.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(calls.cancelAttendee, res)).toMatchObject({ data: { id: pat.id, cancelled_by: 'organiser', amount: VIP_PRICE, refund: { amount: VIP_PRICE } } });
    expect(refundRequestsOf(pat.reference)).toHaveLength(1);
    const confirmation = await cancelMail(pat.email);
    expect(confirmation.text).toContain(`The organiser has cancelled your VIP ticket to ${event.title}.`);
    expect(confirmation.text).toContain('A full refund of NGN 15,000 has been requested.');
    await waitFor(
      async () => {
        const list = answerOf(calls.cancelledAttendees, await send(t, calls.cancelledAttendees, { authorization: organiser.authorization, params: { id: event.id } }));
        return list.success === 'true' && list.data.find((a) => a.id === pat.id)?.refund?.state === 'processed';
      },
      WITHIN_MS,
    );
    expect((await send(t, calls.cancelAttendee, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: pat.id } })).statusCode).toBe(409);
  });

  it('answers 404 for an attendee of another event, and the event’s 404 to another user', async () => {
    const event = await policyEvent({ refund_policy: 'none' });
    const other = await policyEvent({ refund_policy: 'none' });
    const ada = await registerFree(t, other);
    expect((await send(t, calls.cancelAttendee, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: ada.id } })).statusCode).toBe(404);
    const stranger = await createUser(t);
    expect((await send(t, calls.cancelAttendee, { authorization: stranger.authorization, params: { id: other.id }, body: { attendee_id: ada.id } })).statusCode).toBe(404);
    expect((await send(t, calls.cancelledAttendees, { authorization: stranger.authorization, params: { id: other.id } })).statusCode).toBe(404);
    expect(await stateOf(ada.tid)).toMatchObject({ status: 'confirmed' });
  });
});

describe('refund states from Paystack’s webhooks', () => {
  it('a failed refund is recorded and mailed; later webhooks never move it back', async () => {
    paystack.refundOutcome = 'failed';
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    await cancel(pat.tid);
    await waitFor(async () => (await stateOf(pat.tid)).refund?.state === 'failed', WITHIN_MS);
    const mail = await refundMail(pat.email, 'failed');
    expect(mail.text).toContain('We could not complete your refund of NGN 15,000');
    const again = await paystack.sendRefundWebhook(pat.reference, 'pending');
    expect(again.status).toBe(200);
    expect((await stateOf(pat.tid)).refund?.state).toBe('failed');
  });

  it('moves pending → processed by the webhooks a test sends, mails once, and refuses a forged one', async () => {
    paystack.refundOutcome = 'manual';
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    await cancel(pat.tid);
    expect((await stateOf(pat.tid)).refund?.state).toBe('pending');
    const forged = await paystack.sendRefundWebhook(pat.reference, 'processed', { signature: 'ab'.repeat(64) });
    expect(forged.status).toBe(401);
    expect((await stateOf(pat.tid)).refund?.state).toBe('pending');
    const first = await paystack.sendRefundWebhook(pat.reference, 'processed');
    expect(first).toMatchObject({ status: 200 });
    expect(first.text).toContain('Refund updated: processed');
    const repeat = await paystack.sendRefundWebhook(pat.reference, 'processed');
    expect(repeat.text).toContain('Refund already in this state or beyond');
    expect((await stateOf(pat.tid)).refund?.state).toBe('processed');
    await refundMail(pat.email, 'processed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(smtp.mails.filter((m) => sentTo(pat.email)(m) && m.subject?.startsWith('Refund processed: '))).toHaveLength(1);
  });
});

describe('retryPendingRefunds', () => {
  it('keeps a refund that could not reach Paystack as a pending request, and sends it once Paystack answers again', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    paystack.refundUnavailable = true;
    const res = await cancel(pat.tid);
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.cancelTicket, res)).toMatchObject({ data: { status: 'cancelled', refund: { state: 'pending_request' } } });
    expect(refundRequestsOf(pat.reference)).toHaveLength(1);

    expect(await retryPendingRefunds(t.app)).toMatchObject({ waiting: 1 });
    expect(refundRequestsOf(pat.reference)).toHaveLength(2);
    expect((await stateOf(pat.tid)).refund?.state).toBe('pending_request');

    paystack.refundUnavailable = false;
    // Parallel retries (several upstreams) send it once.
    const runs = await Promise.all([retryPendingRefunds(t.app), retryPendingRefunds(t.app), retryPendingRefunds(t.app)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(refundRequestsOf(pat.reference)).toHaveLength(3);
    await waitFor(async () => (await stateOf(pat.tid)).refund?.state === 'processed', WITHIN_MS);
    expect(await retryPendingRefunds(t.app)).toEqual({ sent: 0, waiting: 0 });
    const row = await t.db.selectFrom('ticket_refunds').select(['attempts', 'last_error']).where('attendee_id', '=', pat.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
    expect(row.last_error).toContain('503');
  });

  it('asks again through the job queue: the periodic sweep sends a refund that could not reach Paystack', async () => {
    const event = await policyEvent({ refund_policy: 'before_start', refund_hours: 48 });
    const pat = await buyVip(event);
    paystack.refundUnavailable = true;
    expect((await cancel(pat.tid)).statusCode).toBe(200);
    expect((await stateOf(pat.tid)).refund?.state).toBe('pending_request');
    paystack.refundUnavailable = false;
    await t.app.jobs.trigger('refunds.sweep');
    await waitFor(async () => (await stateOf(pat.tid)).refund?.state === 'processed', 60_000);
    expect(refundRequestsOf(pat.reference)).toHaveLength(2);
  });
});
