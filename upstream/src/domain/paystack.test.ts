import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentMetadataSchema } from '@tapcard/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaystackError, PaystackProvider, paystackSignatureValid, statusOfPaystack, verdictOfPaystack } from './paystack.js';

const SECRET = 'sk_test_unit_0123456789';
const sign = (body: string | Buffer, key = SECRET) => createHmac('sha512', key).update(body).digest('hex');

describe('paystackSignatureValid', () => {
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"TC-1"}}');

  it('accepts the hex HMAC-SHA512 of the raw body keyed with the secret key, in either case', () => {
    expect(paystackSignatureValid(body, sign(body), SECRET)).toBe(true);
    expect(paystackSignatureValid(body, sign(body).toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses a missing, malformed, foreign or other-body signature', () => {
    expect(paystackSignatureValid(body, undefined, SECRET)).toBe(false);
    expect(paystackSignatureValid(body, '', SECRET)).toBe(false);
    expect(paystackSignatureValid(body, [sign(body)], SECRET)).toBe(false);
    expect(paystackSignatureValid(body, sign(body).slice(0, 127), SECRET)).toBe(false);
    expect(paystackSignatureValid(body, `${sign(body)}00`, SECRET)).toBe(false);
    expect(paystackSignatureValid(body, 'z'.repeat(128), SECRET)).toBe(false);
    expect(paystackSignatureValid(body, sign(body, 'sk_test_other'), SECRET)).toBe(false);
    // The same JSON with one more space is another body.
    expect(paystackSignatureValid(Buffer.from(body.toString().replace(':', ': ')), sign(body), SECRET)).toBe(false);
  });
});

describe('statusOfPaystack', () => {
  it('is paid for success only, declined for failed and reversed, pending for the rest', () => {
    expect(statusOfPaystack('success')).toBe('paid');
    expect(statusOfPaystack('failed')).toBe('declined');
    expect(statusOfPaystack('reversed')).toBe('declined');
    for (const status of ['abandoned', 'ongoing', 'pending', 'processing', 'queued', 'something new']) expect(statusOfPaystack(status)).toBe('pending');
  });
});

describe('verdictOfPaystack', () => {
  it("keeps the order's payment_metadata fields, never the reusable authorization code", () => {
    const verdict = verdictOfPaystack({
      id: 42,
      status: 'success',
      reference: 'TC-1',
      amount: 1_325_000,
      currency: 'NGN',
      channel: 'card',
      fees: 29_875,
      gateway_response: 'Successful',
      paid_at: '2030-01-01T10:00:00.000Z',
      authorization: { authorization_code: 'AUTH_secret', signature: 'SIG_secret', last4: '4081', brand: 'visa', reusable: true },
      customer: { email: 'ada@example.com', id: 7, phone: '0803' },
    });
    expect(verdict.status).toBe('paid');
    expect(paymentMetadataSchema.parse(verdict.metadata)).toMatchObject({ amount: 1_325_000, currency: 'NGN', channel: 'card', fees: 29_875 });
    expect(verdict.metadata?.authorization).toEqual({ last4: '4081', brand: 'visa', reusable: true });
    expect(verdict.metadata?.customer).toEqual({ email: 'ada@example.com' });
    expect(JSON.stringify(verdict.metadata)).not.toContain('secret');
  });

  it('fills the fields a failed transaction leaves null', () => {
    const verdict = verdictOfPaystack({ status: 'failed', reference: 'TC-2', amount: 100, currency: 'NGN', channel: null, fees: null, authorization: null, customer: null });
    expect(verdict.status).toBe('declined');
    expect(paymentMetadataSchema.safeParse(verdict.metadata).success).toBe(true);
  });
});

describe('PaystackProvider', () => {
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  let provider: PaystackProvider;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = new PaystackProvider(SECRET, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('initialises with the amount in kobo as a string, NGN, the reference and the callback, with the secret as Bearer', async () => {
    answer = { status: 200, body: { status: true, message: 'Authorization URL created', data: { authorization_url: 'https://checkout.paystack.com/abc', access_code: 'abc', reference: 'TC-9' } } };
    const started = await provider.initialise({ reference: 'TC-9', amount: 13_250, email: 'ada@example.com', callbackUrl: 'https://shop.example/payment/status', kind: 'cards' });
    expect(started).toEqual({ url: 'https://checkout.paystack.com/abc', accessCode: 'abc' });
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/transaction/initialize', authorization: `Bearer ${SECRET}` });
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ email: 'ada@example.com', amount: '1325000', reference: 'TC-9', callback_url: 'https://shop.example/payment/status', currency: 'NGN' });
  });

  it("sends a buyer who cancels on Paystack's page back with the reference, so the return page can find the payment", async () => {
    answer = { status: 200, body: { status: true, message: 'Authorization URL created', data: { authorization_url: 'https://checkout.paystack.com/abd', access_code: 'abd', reference: 'TC-10' } } };
    await provider.initialise({ reference: 'TC-10', amount: 5_000, email: 'ada@example.com', callbackUrl: 'https://shop.example/event/p/ticket/successful', kind: 'ticket' });
    const body = JSON.parse(seen.at(-1)?.body ?? '') as { metadata: { cancel_action: string } };
    expect(body.metadata.cancel_action).toBe('https://shop.example/event/p/ticket/successful?trxref=TC-10&reference=TC-10');
  });

  it('verifies by reference', async () => {
    answer = { status: 200, body: { status: true, message: 'Verification successful', data: { id: 1, status: 'abandoned', reference: 'TC-9', amount: 1_325_000, currency: 'NGN' } } };
    expect((await provider.verify('TC-9')).status).toBe('pending');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/transaction/verify/TC-9' });
  });

  it("throws a PaystackError naming Paystack's message, never the secret key", async () => {
    answer = { status: 400, body: { status: false, message: 'Transaction reference not found' } };
    const error = await provider.verify('TC-none').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaystackError);
    expect((error as Error).message).toContain('Transaction reference not found');
    expect((error as Error).message).not.toContain(SECRET);
    answer = { status: 200, body: { status: true, message: 'ok', data: { id: 1, status: 'success', reference: 'TC-other', amount: 1, currency: 'NGN' } } };
    await expect(provider.verify('TC-9')).rejects.toBeInstanceOf(PaystackError);
  });
});
