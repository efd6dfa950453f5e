import { orderSchema } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import { insertOrder, orderAnswer, PAYMENT_START_FAILED_MESSAGE, settleOrder, type NewOrder } from './orders.js';
import type { PaymentProvider, ProviderVerdict } from './payments.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

/** A provider whose verdict the test sets, counting how often it is asked. */
function scriptedProvider(): PaymentProvider & { verdict: ProviderVerdict; asked: number } {
  return {
    name: 'scripted',
    verdict: { status: 'pending', metadata: null },
    asked: 0,
    async initialise({ reference }) {
      return { url: `https://pay.example/checkout/${reference}`, accessCode: `ac-${reference}` };
    },
    async verify() {
      this.asked += 1;
      return this.verdict;
    },
    async refund() {
      throw new Error('no refunds here');
    },
  };
}

const newOrder = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  kind: 'cards',
  name: 'Ada Obi',
  phone_number: '08031234567',
  email: `orders-${Math.random().toString(36).slice(2)}@example.com`,
  address: '12 Marina Road',
  city: 'Lagos Island',
  state: 'Lagos',
  country: 'Nigeria',
  method: 'delivery',
  items: [{ color: 'Blue', qty: 2, price: 10_000 }],
  total: 20_000,
  vat: 1_500,
  shipping: 2_500,
  final_total: 24_000,
  callback_url: 'http://localhost:3000/payment/status',
  ...overrides,
});

const rowOf = (reference: string) => t.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();

describe('insertOrder', () => {
  it('stores a pending order with the provider page, access code and the given time', async () => {
    const provider = scriptedProvider();
    const at = new Date('2031-05-06T07:08:09.000Z');
    const { reference, url } = await insertOrder(t.db, provider, newOrder(), at);
    expect(reference).toMatch(/^TC-[A-Za-z0-9_-]{20}$/);
    expect(url).toBe(`https://pay.example/checkout/${reference}`);
    const row = await rowOf(reference);
    expect(row).toMatchObject({ payment_status: 'pending', payment_url: url, payment_access_code: `ac-${reference}`, final_total: 24_000, payment_metadata: null });
    expect(row?.created_at.toISOString()).toBe(at.toISOString());
    expect(row?.updated_at.toISOString()).toBe(at.toISOString());
  });

  it('leaves no order behind when the provider cannot start the payment, and answers 503', async () => {
    const provider = scriptedProvider();
    let reference = '';
    let whileAsked: unknown;
    provider.initialise = async (input) => {
      reference = input.reference;
      whileAsked = await rowOf(input.reference);
      throw new Error('provider down');
    };
    await expect(insertOrder(t.db, provider, newOrder())).rejects.toMatchObject({ statusCode: 503, message: PAYMENT_START_FAILED_MESSAGE });
    expect(reference).not.toBe('');
    // The order was committed before the provider was asked (no transaction open meanwhile), without a page yet.
    expect(whileAsked).toMatchObject({ payment_status: 'pending', payment_url: '', payment_access_code: '' });
    expect(await rowOf(reference)).toBeUndefined();
  });

  it('gives every order its own reference', async () => {
    const provider = scriptedProvider();
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++) refs.add((await insertOrder(t.db, provider, newOrder())).reference);
    expect(refs.size).toBe(5);
  });
});

describe('settleOrder', () => {
  it('is undefined for an unknown reference', async () => {
    expect(await settleOrder(t.db, scriptedProvider(), 'TC-unknown', new Date())).toBeUndefined();
  });

  it('keeps an order pending while the provider has no verdict', async () => {
    const provider = scriptedProvider();
    const { reference } = await insertOrder(t.db, provider, newOrder());
    const row = await settleOrder(t.db, provider, reference, new Date());
    expect(row?.payment_status).toBe('pending');
    expect(provider.asked).toBe(1);
  });

  it('records paid with the provider metadata once the provider confirms, then stops asking', async () => {
    const provider = scriptedProvider();
    const { reference } = await insertOrder(t.db, provider, newOrder());
    provider.verdict = { status: 'paid', metadata: { status: 'success', reference, amount: 2_400_000 } };
    const at = new Date('2032-01-01T00:00:00.000Z');
    const row = await settleOrder(t.db, provider, reference, at);
    expect(row).toMatchObject({ payment_status: 'paid' });
    expect(JSON.parse(row!.payment_metadata!)).toEqual({ status: 'success', reference, amount: 2_400_000 });
    expect(row?.updated_at.toISOString()).toBe(at.toISOString());

    provider.verdict = { status: 'declined', metadata: null };
    const again = await settleOrder(t.db, provider, reference, new Date());
    expect(again?.payment_status).toBe('paid');
    expect(provider.asked).toBe(1);
  });

  it('records declined', async () => {
    const provider = scriptedProvider();
    const { reference } = await insertOrder(t.db, provider, newOrder());
    provider.verdict = { status: 'declined', metadata: { status: 'failed' } };
    expect((await settleOrder(t.db, provider, reference, new Date()))?.payment_status).toBe('declined');
    expect((await rowOf(reference))?.payment_status).toBe('declined');
  });
});

describe('orderAnswer', () => {
  it('answers a row in the contract shape of an order', async () => {
    const provider = scriptedProvider();
    const { reference, url } = await insertOrder(t.db, provider, newOrder({ method: 'pickup', pickup: 'ikeja' }));
    const answer = orderAnswer((await rowOf(reference))!);
    expect(orderSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      method: 'pickup',
      pickup: 'ikeja',
      items: [{ color: 'Blue', qty: 2, price: 10_000 }],
      payment_url: url,
      payment_reference: reference,
      payment_access_code: `ac-${reference}`,
      payment_metadata: null,
    });
  });
});
