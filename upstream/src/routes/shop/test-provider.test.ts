import { calls, paymentMetadataSchema } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { outboxMailer } from '../../lib/mailer.js';
import type { PaymentProvider } from '../../domain/payments.js';
import { answerOf, send } from '../../test/contract.js';
import { upstreamForFile, type TestUpstream } from '../../test/harness.js';
import { clientIp, deliveryOrder, pickupOrder } from '../../test/shop.js';
import { callbackWith, escapeHtml } from './test-provider.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

async function newOrder(overrides: Record<string, unknown> = {}, make = deliveryOrder): Promise<{ reference: string; url: string; email: string }> {
  const body = make(overrides);
  const answer = answerOf(calls.createOrder, await send(t, calls.createOrder, { body, headers: clientIp() }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return { ...answer.data, email: body.email };
}

const page = (reference: string) => t.app.inject({ method: 'GET', url: `/pay/test/${reference}` });
const decide = (reference: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/test/${reference}/decision`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision }).toString(),
  });
const lookup = (reference: string) => send(t, calls.getOrder, { params: { reference } });
const statusOf = async (reference: string) =>
  (await t.db.selectFrom('orders').select('payment_status').where('reference', '=', reference).executeTakeFirstOrThrow()).payment_status;

describe('the test provider page', () => {
  it('shows the amount in naira, the reference and the two buttons, as plain accessible HTML', async () => {
    const { reference, url } = await newOrder();
    expect(new URL(url).pathname).toBe(`/api/pay/test/${reference}`);
    const res = await page(reference);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('TapCard test payments');
    expect(html).toContain('NGN 34,750');
    expect(html).toContain(reference);
    expect(html).toContain('<button type="submit" name="decision" value="approve" class="approve">Approve payment</button>');
    expect(html).toContain('<button type="submit" name="decision" value="decline" class="decline">Decline payment</button>');
    // No script at all (the gateway's CSP allows none inline) and nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost:3000)/i);
    // The form posts relative to the page, so it works behind the gateway's /api prefix.
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(`./${reference}/decision`);
    expect(new URL(action!, url).href).toBe(`http://localhost:3000/api/pay/test/${reference}/decision`);
  });

  it('answers an unknown or malformed reference with a 404 page', async () => {
    for (const reference of ['TC-nosuchpayment000000000', 'bad%3Cref%3E']) {
      const res = await page(reference);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Payment not found');
      expect(res.body).not.toContain('<bad');
    }
    const post = await decide('TC-nosuchpayment000000000', 'approve');
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('Payment not found');
  });

  it('approve: redirects to the callback with status=success; the order is paid once looked up, with the transaction data', async () => {
    const { reference, email } = await newOrder();
    const res = await decide(reference, 'approve');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/payment/status?reference=${reference}&status=success`);
    // The provider has a decision, but the order turns paid only when the lookup asks the provider.
    expect(await statusOf(reference)).toBe('pending');

    const answer = answerOf(calls.getOrder, await lookup(reference));
    expect(answer).toMatchObject({ success: 'true', message: 'Payment successful' });
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.order.payment_status).toBe('paid');
    expect(await statusOf(reference)).toBe('paid');
    const metadata = paymentMetadataSchema.parse(JSON.parse(answer.order.payment_metadata ?? 'null'));
    expect(metadata).toMatchObject({ status: 'success', reference, amount: 3_475_000, channel: 'card', currency: 'NGN', fees: 0 });
    expect(metadata.customer).toEqual({ email });
    expect(metadata.authorization).toMatchObject({ provider: 'test', channel: 'card' });

    // Looking up again changes nothing.
    const again = answerOf(calls.getOrder, await lookup(reference));
    expect(again).toMatchObject({ success: 'true', order: { payment_status: 'paid', payment_metadata: answer.order.payment_metadata } });
  });

  it('decline: redirects with status=failed; the lookup answers success false with the declined order', async () => {
    const { reference } = await newOrder({}, pickupOrder);
    const res = await decide(reference, 'decline');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/payment/status?reference=${reference}&status=failed`);
    const looked = await lookup(reference);
    expect(looked.statusCode).toBe(200);
    const answer = answerOf(calls.getOrder, looked);
    expect(answer).toMatchObject({ success: 'false', message: 'Payment declined', order: { payment_status: 'declined', final_total: 32_250 } });
    expect(JSON.parse((answer as { order: { payment_metadata: string } }).order.payment_metadata)).toMatchObject({ status: 'failed', amount: 3_225_000 });
  });

  it('a decision cannot be made twice, before or after the lookup', async () => {
    const { reference } = await newOrder();
    expect((await decide(reference, 'approve')).statusCode).toBe(303);

    const second = await decide(reference, 'decline');
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('This payment was already approved');
    const shown = await page(reference);
    expect(shown.statusCode).toBe(409);
    expect(shown.body).not.toContain('Approve payment</button>');
    expect(shown.body).toContain(`href="http://localhost:3000/payment/status?reference=${reference}&amp;status=success"`);

    expect(answerOf(calls.getOrder, await lookup(reference))).toMatchObject({ success: 'true', order: { payment_status: 'paid' } });
    const third = await decide(reference, 'decline');
    expect(third.statusCode).toBe(409);
    expect(answerOf(calls.getOrder, await lookup(reference))).toMatchObject({ success: 'true', order: { payment_status: 'paid' } });
  });

  it('refuses a decision that is neither approve nor decline, deciding nothing', async () => {
    const { reference } = await newOrder();
    const res = await decide(reference, 'maybe');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose Approve payment or Decline payment.');
    expect(res.body).toContain('Approve payment</button>');
    expect((await lookup(reference)).statusCode).toBe(202);
    expect((await decide(reference, 'decline')).statusCode).toBe(303);
  });

  it('keeps the query the callback URL already has', async () => {
    const { reference } = await newOrder({ callback_url: '/payment/status?from=shop&status=stale' });
    const res = await decide(reference, 'approve');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/payment/status');
    expect(Object.fromEntries(location.searchParams)).toEqual({ from: 'shop', reference, status: 'success' });
  });

  it('accepts a JSON decision as well as the form', async () => {
    const { reference } = await newOrder();
    const res = await t.app.inject({ method: 'POST', url: `/pay/test/${reference}/decision`, payload: { decision: 'approve' } });
    expect(res.statusCode).toBe(303);
  });

  it('is not served when another payment provider is in use', async () => {
    const provider: PaymentProvider = {
      name: 'other',
      initialise: async () => ({ url: 'https://pay.example/x', accessCode: 'code' }),
      verify: async () => ({ status: 'pending', metadata: null }),
      refund: async () => ({ id: 'r1', state: 'pending' }),
    };
    const app = await buildApp({ config: t.config, db: t.db, mailer: outboxMailer(t.db), payments: provider, now: t.clock.now }, { logger: false });
    try {
      const { reference } = await newOrder();
      const res = await app.inject({ method: 'GET', url: `/pay/test/${reference}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: 'false' });
      const post = await app.inject({ method: 'POST', url: `/pay/test/${reference}/decision`, payload: { decision: 'approve' } });
      expect(post.statusCode).toBe(404);
      expect(await statusOf(reference)).toBe('pending');
    } finally {
      await app.close();
    }
  });
});

describe('page helpers', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('sets reference and status whether or not the callback has a query', () => {
    expect(callbackWith('http://localhost:3000/payment/status', 'http://localhost:3000', 'TC-1', 'paid')).toBe(
      'http://localhost:3000/payment/status?reference=TC-1&status=success',
    );
    expect(callbackWith('/payment/status?a=1#end', 'http://localhost:3000', 'TC-1', 'declined')).toBe(
      'http://localhost:3000/payment/status?a=1&reference=TC-1&status=failed#end',
    );
  });
});
