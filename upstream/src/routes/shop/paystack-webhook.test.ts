import { calls, serviceCalls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { answerOf, send } from '../../test/contract.js';
import { upstreamForFile, type TestUpstream } from '../../test/harness.js';
import { clientIp, deliveryOrder } from '../../test/shop.js';
import { WEBHOOK_MESSAGES } from './paystack-webhook.js';

/** The Paystack webhook on an upstream whose provider is the built-in test provider. */

let t: TestUpstream;
upstreamForFile((started) => (t = started));

async function order(body = deliveryOrder()): Promise<string> {
  const answer = answerOf(calls.createOrder, await send(t, calls.createOrder, { body, headers: clientIp() }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.reference;
}

describe('POST /v1/payments/paystack/webhook without Paystack configured', () => {
  it('answers 404 saying Paystack is not the provider, whatever the body', async () => {
    const reference = await order();
    const res = await send(t, serviceCalls.paystackWebhook, { body: { event: 'charge.success', data: { reference, status: 'success', amount: 3_475_000, currency: 'NGN' } } });
    expect(res.statusCode).toBe(404);
    expect(answerOf(serviceCalls.paystackWebhook, res)).toMatchObject({ success: 'false', message: WEBHOOK_MESSAGES.notConfigured });
    const lookup = answerOf(calls.getOrder, await send(t, calls.getOrder, { params: { reference } }));
    expect(lookup.order?.payment_status).toBe('pending');
  });
});
