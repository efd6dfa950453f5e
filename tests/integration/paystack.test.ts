import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, upstreamPages, type Body, serviceCalls } from '@tapcard/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropUpstreamSchemas } from '../support/postgres.js';
import { send, signInOrganiser } from '../support/event-setup.js';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack.js';
import { testEnv } from '../support/env.js';
import { waitFor } from '@tapcard/testkit/wait';
import { createGateway, createUpstream, killChildren, type ServerProcess } from '../support/processes.js';

/**
 * Card payments through Paystack, end to end over HTTP: the reference upstream as a real process with
 * PAYMENT_PROVIDER=paystack, pointed at a local fake that answers Paystack's documented initialize and
 * verify shapes and sends its signed webhook. The upstream settles a payment once whoever brings the
 * news (the webhook, the buyer's return, both at once, the same webhook again), refuses a forged
 * webhook and a payment of the wrong amount, never moves a paid order back, and gives a declined
 * ticket's seat back once. On PostgreSQL when DATABASE_URL is set (in a schema of its own, so
 * concurrent requests really run in parallel transactions), else on the embedded PGlite.
 */

const WITHIN_MS = 15_000;
const TICKET_PRICE = 5_000;

let paystack: FakePaystack;
let upstream: ServerProcess;
/** A gateway in front, for the webhook URL an operator pastes into Paystack's dashboard (PUBLIC_URL + /api/…). */
let gateway: ServerProcess;
let dataDir: string;
let webhookUrl: string;
let authorization: string;
const databaseUrl = testEnv.databaseUrl();
const schema = `paystack_${randomBytes(5).toString('hex')}`;


beforeAll(async () => {
  if (testEnv.ci() && !databaseUrl) throw new Error('CI=true needs DATABASE_URL: the concurrency checks run on PostgreSQL');
  paystack = await startFakePaystack();
  dataDir = mkdtempSync(join(tmpdir(), 'tapcard-paystack-'));
  const serviceKey = `paystack-${Date.now()}-service-key-0123456789`;
  upstream = await createUpstream({
    mode: 'source',
    dataDir,
    serviceKey,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      ...(databaseUrl ? { DATABASE_SCHEMA: schema } : {}),
    },
  });
  gateway = await createGateway({ mode: 'source', upstreamUrl: upstream.url, serviceKey, origin: 'http://paystack.test', instanceId: 'paystack' });
  await Promise.all([upstream.start(300_000), gateway.start(300_000)]);
  webhookUrl = `${upstream.url}${serviceCalls.paystackWebhook.path}`;
  paystack.webhookUrl = webhookUrl;
  authorization = await signInOrganiser(upstream.url);
}, 360_000);

afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
  await paystack?.close();
  killChildren();
  if (databaseUrl) await dropUpstreamSchemas(databaseUrl, schema);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@buyer.tapcard.local`;
const clientIp = () => ({ 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });

/** A delivery order within Lagos of 2 White + 1 Black: 30,000 + VAT 2,250 + shipping 2,500 = 34,750 naira. */
function cardOrder(email: string): Body<typeof calls.createOrder> {
  const line = (id: number, color: 'White' | 'Black', qty: number) => ({ id, color, qty, image: '', price: 10_000 });
  return {
    method: 'delivery',
    name: 'Ada Obi',
    phoneNumber: '08031234567',
    email,
    address: '12 Marina Road',
    city: 'Lagos Island',
    state: 'Lagos',
    country: 'Nigeria',
    cart: [line(1, 'White', 2), line(2, 'Black', 1)],
    total: 34_750,
    vat: 2_250,
    shipping: 2_500,
    pickup: null,
    callback_url: '/payment/status',
  };
}
const ORDER_KOBO = 3_475_000;

async function startOrder(email = uniqueEmail('order')): Promise<{ reference: string; url: string; email: string }> {
  const answer = await send(upstream.url, calls.createOrder, { body: cardOrder(email), headers: clientIp() });
  if (answer.success !== 'true') throw new Error(`order refused: ${answer.message}`);
  return { ...answer.data, email };
}

async function lookUp(reference: string) {
  return send(upstream.url, calls.getOrder, { params: { reference } });
}

async function statusOf(reference: string): Promise<string | undefined> {
  const answer = await lookUp(reference);
  return answer.order?.payment_status;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`${upstream.url}${upstreamPages.devOutbox}?to=${encodeURIComponent(to)}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return ((await res.json()) as { data: Mail[] }).data;
}

/** Waits for the first mail to `to` matching `subject`, then checks no second one follows while the outbox is read again for a second. */
async function expectOneMail(to: string, subject: RegExp): Promise<Mail> {
  const matching = async () => (await mailsTo(to)).filter((m) => subject.test(m.subject));
  const [first] = await waitFor(async () => {
    const found = await matching();
    return found.length > 0 && found;
  }, WITHIN_MS, 50, `a mail to ${to}`);
  const until = Date.now() + 1_000;
  while (Date.now() < until) expect(await matching()).toHaveLength(1);
  return first as Mail;
}

function localDay(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An event tomorrow with one paid ticket category of `stock` seats. */
async function paidEvent(stock: number): Promise<{ eventId: string; priceId: string }> {
  const answer = await send(upstream.url, calls.createEvent, {
    authorization,
    body: {
      title: `Paystack ${randomBytes(4).toString('hex')}`,
      description: 'An event whose tickets are paid through Paystack.',
      location: 'Loopback',
      start_date: localDay(1),
      end_date: localDay(2),
      prices: [{ title: 'Standard', amount: TICKET_PRICE, attendees: stock, withChips: 'without' }],
    },
  });
  if (answer.success !== 'true') throw new Error(`event refused: ${answer.message}`);
  const price = answer.data.prices[0];
  if (!price) throw new Error('no ticket');
  return { eventId: answer.data.id, priceId: price.id };
}

/** Registers for the paid ticket; answers the payment's reference (Paystack's transaction for this email). */
async function registerPaid(event: { eventId: string; priceId: string }, email = uniqueEmail('ticket')): Promise<{ reference: string; email: string; link: string }> {
  const answer = await send(upstream.url, calls.register, {
    body: { event_id: event.eventId, event_prices_id: event.priceId, name: 'Tolu Ade', email, phone: '08031234567' },
    headers: clientIp(),
  });
  if (answer.success !== 'true') throw new Error(`registration refused: ${answer.message}`);
  const transaction = paystack.transactions().find((t) => t.email === email);
  if (!transaction) throw new Error('no Paystack transaction was initialised');
  return { reference: transaction.reference, email, link: answer.link };
}

async function soldOf(event: { eventId: string; priceId: string }): Promise<number> {
  const answer = await send(upstream.url, calls.publicEvent, { params: { id: event.eventId } });
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.prices.find((p) => p.id === event.priceId)?.sold ?? NaN;
}

async function registeredOf(eventId: string): Promise<number> {
  const answer = await send(upstream.url, calls.eventAttendees, { params: { id: eventId } });
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.registered;
}

const ret = (reference: string) =>
  send(upstream.url, calls.paymentSuccessful, { body: { trxref: reference, reference } });

const postRaw = (body: string, headers: Record<string, string>) =>
  fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('starting a payment', () => {
  it('initialises a Paystack transaction of the order total in kobo, computed on the server, and sends the buyer to its authorization_url', async () => {
    const { reference, url } = await startOrder();
    const transaction = paystack.transaction(reference);
    expect(transaction).toMatchObject({ initialisedAmount: ORDER_KOBO, currency: 'NGN', callbackUrl: 'http://127.0.0.1:3000/payment/status' });
    expect(url).toBe(paystack.checkoutUrl(reference));
    const answer = await lookUp(reference);
    expect(answer).toMatchObject({ success: 'false', message: 'Payment pending', order: { payment_status: 'pending', payment_reference: reference, payment_url: url } });
    expect(answer.order?.payment_access_code).toBe(transaction?.accessCode);
  });

  it("the hosted checkout's Pay sends the buyer back with trxref and reference, and its webhook pays the order", async () => {
    const { reference, email } = await startOrder();
    const res = await fetch(`${paystack.checkoutUrl(reference)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:3000/payment/status?trxref=${reference}&reference=${reference}`);
    await waitFor(() => paystack.deliveries.find((d) => d.reference === reference), WITHIN_MS, 50, 'the webhook');
    expect(paystack.deliveries.find((d) => d.reference === reference)).toMatchObject({ status: 200, event: 'charge.success' });
    expect(await lookUp(reference)).toMatchObject({ success: 'true', message: 'Payment successful', order: { payment_status: 'paid' } });
    const mail = await expectOneMail(email, /order/i);
    expect(mail.text).toContain(reference);
  });
});

describe('Paystack down', () => {
  it('refuses to start a payment with 503 and the reason, keeping no order and no held seat', async () => {
    const event = await paidEvent(1);
    const email = uniqueEmail('down');
    paystack.unavailable = true;
    try {
      const order = await send(upstream.url, calls.createOrder, { body: cardOrder(email), headers: clientIp() });
      expect(order).toMatchObject({ success: 'false', message: 'We could not reach the payment provider. Nothing was charged; please try again in a moment.' });
      const ticket = await send(upstream.url, calls.register, {
        body: { event_id: event.eventId, event_prices_id: event.priceId, name: 'Tolu Ade', email, phone: '08031234567' },
        headers: clientIp(),
      });
      expect(ticket).toMatchObject({ success: 'false', message: expect.stringContaining('could not reach the payment provider') });
    } finally {
      paystack.unavailable = false;
    }
    expect(await soldOf(event)).toBe(0);
    expect(paystack.transactions().filter((t) => t.email === email)).toEqual([]);
  });

  it('keeps an order pending while verify cannot be reached, and settles it once Paystack is back', async () => {
    const { reference } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    paystack.unavailable = true;
    try {
      expect(await lookUp(reference)).toMatchObject({ success: 'false', message: 'Payment pending', order: { payment_status: 'pending' } });
    } finally {
      paystack.unavailable = false;
    }
    expect(await statusOf(reference)).toBe('paid');
  });
});

/** An event tomorrow with a free category and a paid one, 10 seats each. */
async function freeAndPaidEvent(): Promise<{ eventId: string; freeId: string; paidId: string }> {
  const answer = await send(upstream.url, calls.createEvent, {
    authorization,
    body: {
      title: `Paystack slow ${randomBytes(4).toString('hex')}`,
      description: 'An event with a free ticket and a ticket paid through Paystack.',
      location: 'Loopback',
      start_date: localDay(1),
      end_date: localDay(2),
      prices: [
        { title: 'Free', amount: 0, attendees: 10, withChips: 'without' },
        { title: 'Standard', amount: TICKET_PRICE, attendees: 10, withChips: 'without' },
      ],
    },
  });
  if (answer.success !== 'true') throw new Error(`event refused: ${answer.message}`);
  const [free, paid] = answer.data.prices;
  if (!free || !paid) throw new Error('no tickets');
  return { eventId: answer.data.id, freeId: free.id, paidId: paid.id };
}

const register = (eventId: string, priceId: string, email: string) =>
  send(upstream.url, calls.register, { body: { event_id: eventId, event_prices_id: priceId, name: 'Tolu Ade', email, phone: '08031234567' }, headers: clientIp() });

/**
 * Sends `request` while Paystack refuses every initialize, checks that the buyer is told nothing was
 * charged, and answers the reference the upstream had sent Paystack.
 */
async function refusedWhileInitializeFails(email: string, request: () => Promise<unknown>): Promise<string> {
  paystack.failInitialize = true;
  let refused;
  try {
    refused = await request();
  } finally {
    paystack.failInitialize = false;
  }
  expect(refused).toMatchObject({ success: 'false', message: 'We could not reach the payment provider. Nothing was charged; please try again in a moment.' });
  const failed = paystack.failedInitializations.find((f) => f.email === email);
  if (!failed) throw new Error('the upstream did not ask Paystack to initialize');
  return failed.reference;
}

describe('Paystack slow or failing to start a payment', () => {
  it("does not hold up the event's other registrations while initialize is slow: a free one and another paid one finish first", async () => {
    // Long enough that the other two registrations finish inside it even on a loaded machine; with the
    // event's lock held across Paystack's answer they could only finish after it.
    // (Under the upstream's 15 s Paystack timeout, so that the slow one still succeeds.)
    const SLOW_MS = 11_000;
    const event = await freeAndPaidEvent();
    const asked = paystack.initializeRequests;
    paystack.delayMs = SLOW_MS;
    let slowEndedAt = 0;
    const slow = register(event.eventId, event.paidId, uniqueEmail('slow')).then((answer) => {
      slowEndedAt = Date.now();
      return answer;
    });
    try {
      // The slow registration has held its seat and is waiting for Paystack.
      await waitFor(() => paystack.initializeRequests > asked, WITHIN_MS, 10, 'the slow initialize');
    } finally {
      paystack.delayMs = 0;
    }
    const startedAt = Date.now();
    const timed = <T>(p: Promise<T>) => p.then((answer) => ({ answer, endedAt: Date.now() }));
    const [free, paid] = await Promise.all([
      timed(register(event.eventId, event.freeId, uniqueEmail('free'))),
      timed(register(event.eventId, event.paidId, uniqueEmail('paid'))),
    ]);
    expect(free.answer).toMatchObject({ success: 'true', message: 'Your event access has been sent to your email.' });
    expect(paid.answer).toMatchObject({ success: 'true', message: 'Continue to payment' });
    // Both were answered while the slow one still waited for Paystack.
    const othersMs = Math.max(free.endedAt, paid.endedAt) - startedAt;
    expect(slowEndedAt, `the slow registration ended first; the others took ${othersMs} ms`).toBe(0);

    const slowAnswer = await slow;
    expect(slowAnswer).toMatchObject({ success: 'true', message: 'Continue to payment' });
    const answer = await send(upstream.url, calls.publicEvent, { params: { id: event.eventId } });
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.prices.map((p) => [p.id, p.sold])).toEqual([
      [event.freeId, 1],
      [event.paidId, 2],
    ]);
  });

  it('gives the seat back at once when initialize fails, and keeps no pending order: the same email can take the last seat again', async () => {
    const event = await paidEvent(1);
    const email = uniqueEmail('failed');
    const reference = await refusedWhileInitializeFails(email, () =>
      send(upstream.url, calls.register, {
        body: { event_id: event.eventId, event_prices_id: event.priceId, name: 'Tolu Ade', email, phone: '08031234567' },
        headers: clientIp(),
      }),
    );
    // The reference Paystack was sent names no order.
    expect(await lookUp(reference)).toMatchObject({ success: 'false', message: 'Order not found' });
    expect(await ret(reference)).toMatchObject({ success: 'false', outcome: 'unknown' });
    expect(await soldOf(event)).toBe(0);
    expect(await registeredOf(event.eventId)).toBe(0);

    const again = await registerPaid(event, email);
    expect(again.reference).not.toBe(reference);
    expect(await soldOf(event)).toBe(1);
  });

  it('keeps no card order when initialize fails', async () => {
    const email = uniqueEmail('failed-order');
    const reference = await refusedWhileInitializeFails(email, () => send(upstream.url, calls.createOrder, { body: cardOrder(email), headers: clientIp() }));
    expect(await lookUp(reference)).toMatchObject({ success: 'false', message: 'Order not found' });
  });
});

describe('the webhook', () => {
  it('refuses a wrong, missing or foreign signature with 401, and nothing changes', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const body = paystack.webhookBody(reference);
    // Paystack itself still reports the payment as not completed: only the forged webhook says paid.
    paystack.setOutcome(reference, { status: 'abandoned' });

    const tampered = body.replace('"charge.success"', '"charge.success" ');
    const forged: Record<string, string>[] = [
      { 'x-paystack-signature': 'f'.repeat(128) },
      {},
      { 'x-paystack-signature': paystack.sign(tampered) },
      { 'x-paystack-signature': 'not hex' },
    ];
    for (const headers of forged) {
      const res = await postRaw(body, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: 'false', message: 'Invalid signature' });
    }
    // Signed with another key.
    const foreign = createHmac('sha512', 'sk_test_someone_else').update(body).digest('hex');
    expect((await postRaw(body, { 'x-paystack-signature': foreign })).status).toBe(401);

    expect(await statusOf(reference)).toBe('pending');
    expect((await mailsTo(email)).length).toBe(0);
    // The genuine webhook of the same body is accepted.
    const genuine = await postRaw(body, { 'x-paystack-signature': paystack.sign(body) });
    expect(genuine.status).toBe(200);
    expect(await statusOf(reference)).toBe('paid');
  });

  it("reaches the upstream through the gateway's /api with its signature intact; a forged one is refused there too", async () => {
    const throughGateway = `${gateway.url}/api${serviceCalls.paystackWebhook.path}`;
    const { reference } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const forged = await paystack.sendWebhook(reference, { to: throughGateway, signature: paystack.sign('{}') });
    expect(forged.status).toBe(401);
    paystack.setOutcome(reference, { status: 'abandoned' });
    expect(await statusOf(reference)).toBe('pending');
    paystack.setOutcome(reference, { status: 'success' });
    expect(await paystack.sendWebhook(reference, { to: throughGateway })).toMatchObject({ status: 200 });
    paystack.setOutcome(reference, { status: 'abandoned' });
    // Paid by the webhook alone: verify would still say not completed.
    expect(await statusOf(reference)).toBe('paid');
  });

  it('acknowledges an event it does not settle with 200 and changes nothing', async () => {
    const { reference } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const body = JSON.stringify({ event: 'transfer.success', data: { reference, amount: ORDER_KOBO } });
    const res = await postRaw(body, { 'x-paystack-signature': paystack.sign(body) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: 'true', message: 'Event ignored' });
  });

  it('delivered 5 times at once pays the order once: one confirmation mail', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => paystack.sendWebhook(reference)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await statusOf(reference)).toBe('paid');
    await expectOneMail(email, /order/i);
  });

  it('delivered 5 times at once confirms a paid ticket once: one attendee, one seat, one access mail', async () => {
    const event = await paidEvent(5);
    const { reference, email } = await registerPaid(event);
    expect(await soldOf(event)).toBe(1);
    paystack.setOutcome(reference, { status: 'success' });
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => paystack.sendWebhook(reference)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await registeredOf(event.eventId)).toBe(1);
    expect(await soldOf(event)).toBe(1);
    const mail = await expectOneMail(email, /access/i);
    // The buyer's return after the webhook shows the access link once (it is also in the mail), then says it was mailed.
    const back = await ret(reference);
    if (back.success !== 'true') throw new Error(back.message);
    expect(mail.text).toContain(back.link);
    expect(await ret(reference)).toMatchObject({ success: 'false', message: 'Your event access has been sent to your email.' });
    await expectOneMail(email, /access/i);
  });

  it("a ticket's order looked up before the buyer's return confirms and mails the access once, and the return still shows the link", async () => {
    const event = await paidEvent(5);
    const { reference, email } = await registerPaid(event);
    paystack.setOutcome(reference, { status: 'success' });
    expect(await lookUp(reference)).toMatchObject({ success: 'true', order: { payment_status: 'paid' } });
    expect(await registeredOf(event.eventId)).toBe(1);
    const mail = await expectOneMail(email, /access/i);
    const back = await ret(reference);
    if (back.success !== 'true') throw new Error(back.message);
    expect(mail.text).toContain(back.link);
  });

  it('never moves a paid order back: a later charge.failed or reversed webhook leaves it paid', async () => {
    const { reference } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    expect((await paystack.sendWebhook(reference)).status).toBe(200);
    expect(await statusOf(reference)).toBe('paid');
    for (const status of ['failed', 'reversed'] as const) {
      paystack.setOutcome(reference, { status });
      expect((await paystack.sendWebhook(reference, { event: 'charge.failed' })).status).toBe(200);
      expect(await lookUp(reference)).toMatchObject({ success: 'true', order: { payment_status: 'paid' } });
    }
  });

  it('leaves a declined order declined when a success arrives after it, and logs it for a refund', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'failed' });
    expect((await paystack.sendWebhook(reference)).status).toBe(200);
    paystack.setOutcome(reference, { status: 'success' });
    expect((await paystack.sendWebhook(reference)).status).toBe(200);
    expect(await lookUp(reference)).toMatchObject({ success: 'false', message: 'Payment declined', order: { payment_status: 'declined' } });
    await waitFor(() => upstream.output().includes('a payment succeeded for an order already declined'), WITHIN_MS, 50, 'the refund log');
    // The logs name the order, never its reference (the buyer's secret) or the secret key.
    expect(upstream.output()).not.toContain(reference);
    expect(upstream.output()).not.toContain(paystack.secretKey);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('answers 200 for a reference it does not know, so Paystack stops retrying', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'TC-nobody', status: 'success', amount: 100, currency: 'NGN' } });
    const res = await postRaw(body, { 'x-paystack-signature': paystack.sign(body) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'No order has this reference' });
  });
});

describe('the webhook and the return together', () => {
  it('arriving at the same time give one payment of a card order: one confirmation mail', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const [delivery, looked] = await Promise.all([paystack.sendWebhook(reference), lookUp(reference)]);
    expect(delivery.status).toBe(200);
    expect(looked).toMatchObject({ success: 'true', order: { payment_status: 'paid' } });
    await expectOneMail(email, /order/i);
  });

  it('arriving at the same time confirm a paid ticket once, and the return shows the access', async () => {
    const event = await paidEvent(5);
    const { reference, email } = await registerPaid(event);
    paystack.setOutcome(reference, { status: 'success' });
    const [delivery, back] = await Promise.all([paystack.sendWebhook(reference), ret(reference)]);
    expect(delivery.status).toBe(200);
    if (back.success !== 'true') throw new Error(back.message);
    expect(back.link).toMatch(/^\/event\/u\/token\//);
    expect(await registeredOf(event.eventId)).toBe(1);
    expect(await soldOf(event)).toBe(1);
    const mail = await expectOneMail(email, /access/i);
    expect(mail.text).toContain(back.link);
  });

  it('50 at once (webhooks and returns mixed) confirm a paid ticket once: one attendee, one seat, one mail, one link', async () => {
    const event = await paidEvent(5);
    const { reference, email } = await registerPaid(event);
    paystack.setOutcome(reference, { status: 'success' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? paystack.sendWebhook(reference).then((d) => ({ webhook: d.status })) : ret(reference).then((a) => ({ back: a })))),
    );
    expect(results.filter((r) => 'webhook' in r && r.webhook !== 200)).toEqual([]);
    const returns = results.flatMap((r) => ('back' in r ? [r.back] : []));
    expect(returns.filter((a) => a.success === 'true')).toHaveLength(1);
    expect(returns.filter((a) => a.success !== 'true').map((a) => a.message)).toEqual(Array(24).fill('Your event access has been sent to your email.'));
    expect(await registeredOf(event.eventId)).toBe(1);
    expect(await soldOf(event)).toBe(1);
    await expectOneMail(email, /access/i);
  });

  it('50 at once (webhooks and lookups mixed) pay a card order once: one confirmation mail', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'success' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? paystack.sendWebhook(reference).then((d) => d.status) : lookUp(reference).then((a) => a.order?.payment_status))),
    );
    expect(results.filter((r) => r !== 200 && r !== 'paid')).toEqual([]);
    await expectOneMail(email, /order/i);
  });
});

describe('a declined payment', () => {
  it("gives a paid ticket's seat back once, by webhook, whatever arrives after it", async () => {
    const event = await paidEvent(2);
    const paid = await registerPaid(event);
    const declined = await registerPaid(event);
    expect(await soldOf(event)).toBe(2);
    paystack.setOutcome(paid.reference, { status: 'success' });
    expect((await paystack.sendWebhook(paid.reference)).status).toBe(200);

    paystack.setOutcome(declined.reference, { status: 'failed' });
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => paystack.sendWebhook(declined.reference)));
    expect(deliveries.map((d) => [d.status, d.event])).toEqual(Array(5).fill([200, 'charge.failed']));
    expect(await soldOf(event)).toBe(1);
    const back = await ret(declined.reference);
    expect(back).toMatchObject({ success: 'false', outcome: 'declined', message: 'Your payment was declined, so no ticket was issued.' });
    expect(await soldOf(event)).toBe(1);
    expect(await registeredOf(event.eventId)).toBe(1);
    // The seat given back can be taken again.
    await registerPaid(event);
    expect(await soldOf(event)).toBe(2);
  });

  it("shows a card order declined, and the buyer can retry: a new payment of the same order priced on the server, the declined one stays declined", async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'failed' });
    expect((await paystack.sendWebhook(reference)).status).toBe(200);
    expect(await lookUp(reference)).toMatchObject({ success: 'false', message: 'Payment declined', order: { payment_status: 'declined' } });

    const retried = await send(upstream.url, calls.retryOrder, { params: { reference }, headers: clientIp() });
    if (retried.success !== 'true') throw new Error(retried.message);
    expect(retried.data.reference).not.toBe(reference);
    expect(retried.data.url).toBe(paystack.checkoutUrl(retried.data.reference));
    expect(paystack.transaction(retried.data.reference)).toMatchObject({ initialisedAmount: ORDER_KOBO, email });
    expect(await lookUp(retried.data.reference)).toMatchObject({ order: { payment_status: 'pending', final_total: 34_750, email } });
    expect(await statusOf(reference)).toBe('declined');

    paystack.setOutcome(retried.data.reference, { status: 'success' });
    expect(await statusOf(retried.data.reference)).toBe('paid');
    expect(await statusOf(reference)).toBe('declined');
    await expectOneMail(email, /order/i);
    // A paid order is not retried.
    const again = await send(upstream.url, calls.retryOrder, { params: { reference: retried.data.reference }, headers: clientIp() });
    expect(again).toMatchObject({ success: 'false', message: 'This order is already paid.' });
  });
});

describe('an amount that differs from the order', () => {
  it('is refused by webhook: the order is not paid, no mail, and the lookup says why', async () => {
    const { reference, email } = await startOrder();
    paystack.setOutcome(reference, { status: 'success', amount: ORDER_KOBO - 100 });
    const delivery = await paystack.sendWebhook(reference);
    expect(delivery.status).toBe(200);
    expect(delivery.text).toContain('Payment refused');
    const answer = await lookUp(reference);
    expect(answer).toMatchObject({
      success: 'false',
      message: 'The amount paid does not match this order, so the payment was not accepted. Your payment will be refunded.',
      order: { payment_status: 'declined' },
    });
    // A correct webhook afterwards does not pay it either.
    paystack.setOutcome(reference, { status: 'success', amount: ORDER_KOBO });
    await paystack.sendWebhook(reference);
    expect(await statusOf(reference)).toBe('declined');
    expect(await mailsTo(email)).toEqual([]);
  });

  it('is refused on the return too (another currency), and a ticket paid so gets no seat', async () => {
    const { reference } = await startOrder();
    paystack.setOutcome(reference, { status: 'success', currency: 'USD' });
    expect(await lookUp(reference)).toMatchObject({ success: 'false', order: { payment_status: 'declined' } });

    const event = await paidEvent(3);
    const ticket = await registerPaid(event);
    paystack.setOutcome(ticket.reference, { status: 'success', amount: TICKET_PRICE * 100 - 1 });
    expect(await ret(ticket.reference)).toMatchObject({ success: 'false', outcome: 'declined', message: expect.stringContaining('does not match') });
    expect(await soldOf(event)).toBe(0);
    expect(await registeredOf(event.eventId)).toBe(0);
    // Only the mail with the way to pay, sent at registration: no ticket.
    expect((await mailsTo(ticket.email)).filter((m) => !/^Complete your payment for /.test(m.subject))).toEqual([]);
  });
});
