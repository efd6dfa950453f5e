import { paymentMetadataSchema } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import { insertOrder, type NewOrder } from './orders.js';
import { TestPaymentProvider, toKobo } from './payments.js';

let t: TestUpstream;
let provider: TestPaymentProvider;
upstreamForFile((started) => {
  t = started;
  provider = new TestPaymentProvider(t.db, 'https://shop.example/api', t.clock.now);
});

const order = (email: string): NewOrder => ({
  kind: 'cards',
  name: 'Ada Obi',
  phone_number: '08031234567',
  email,
  method: 'delivery',
  items: [{ color: 'White', qty: 1, price: 10_000 }],
  total: 10_000,
  vat: 750,
  shipping: 2_500,
  final_total: 13_250,
  callback_url: 'https://shop.example/payment/status',
});

async function newPayment(): Promise<string> {
  const { reference } = await insertOrder(t.db, provider, order(`pay-${Math.random().toString(36).slice(2)}@example.com`));
  return reference;
}

describe('TestPaymentProvider', () => {
  it('initialise: the hosted page under the public API base and a fresh access code', async () => {
    const a = await provider.initialise({ reference: 'TC-a/b' });
    const b = await provider.initialise({ reference: 'TC-a/b' });
    expect(a.url).toBe('https://shop.example/api/pay/test/TC-a%2Fb');
    expect(a.accessCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(a.accessCode).not.toBe(b.accessCode);
  });

  it('verify: pending until the buyer decides, then paid with card-provider transaction data', async () => {
    const reference = await newPayment();
    expect(await provider.verify(reference)).toEqual({ status: 'pending', metadata: null });
    expect(await provider.payment(reference)).toMatchObject({ reference, amount: 13_250, decision: null, callbackUrl: 'https://shop.example/payment/status' });

    t.clock.set('2030-01-02T03:04:05.000Z');
    expect(await provider.decide(reference, 'paid')).toBe(true);
    const verdict = await provider.verify(reference);
    expect(verdict.status).toBe('paid');
    const metadata = paymentMetadataSchema.parse(verdict.metadata);
    expect(metadata).toMatchObject({ status: 'success', reference, amount: 1_325_000, channel: 'card', currency: 'NGN', fees: 0 });
    expect(verdict.metadata).toMatchObject({ paid_at: '2030-01-02T03:04:05.000Z' });
    expect((await provider.payment(reference))?.decision).toBe('paid');
  });

  it('verify: declined after a decline, with no paid_at', async () => {
    const reference = await newPayment();
    expect(await provider.decide(reference, 'declined')).toBe(true);
    const verdict = await provider.verify(reference);
    expect(verdict.status).toBe('declined');
    expect(verdict.metadata).toMatchObject({ status: 'failed', reference });
    expect(verdict.metadata).not.toHaveProperty('paid_at');
  });

  it('decide: once only, and never for an unknown reference', async () => {
    const reference = await newPayment();
    expect(await provider.decide(reference, 'declined')).toBe(true);
    expect(await provider.decide(reference, 'paid')).toBe(false);
    expect((await provider.verify(reference)).status).toBe('declined');
    expect(await provider.decide('TC-unknown', 'paid')).toBe(false);
    expect(await provider.payment('TC-unknown')).toBeUndefined();
  });

  it('decide: of two racing decisions exactly one wins', async () => {
    const reference = await newPayment();
    const results = await Promise.all([provider.decide(reference, 'paid'), provider.decide(reference, 'declined'), provider.decide(reference, 'paid')]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('decide: not for an order already settled', async () => {
    const reference = await newPayment();
    await t.db.updateTable('orders').set({ payment_status: 'declined' }).where('reference', '=', reference).execute();
    expect(await provider.decide(reference, 'paid')).toBe(false);
    expect((await provider.payment(reference))?.decision).toBe('declined');
  });
});

describe('toKobo', () => {
  it('multiplies naira by 100 into an integer', () => {
    expect(toKobo(34_750)).toBe(3_475_000);
    expect(toKobo(0)).toBe(0);
    expect(toKobo(0.07)).toBe(7);
    expect(toKobo(1_075_002.5)).toBe(107_500_250);
  });

  it('refuses what is not a whole number of kobo', () => {
    expect(() => toKobo(-1)).toThrow();
    expect(() => toKobo(Number.NaN)).toThrow();
    expect(() => toKobo(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => toKobo(1.005)).toThrow();
  });
});
