import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's API, answering the documented shapes only:
 *
 * - `POST /transaction/initialize` (Bearer secret key; JSON `{ email, amount: "<kobo>", reference,
 *   callback_url, currency, metadata }`) → `{ status: true, message, data: { authorization_url,
 *   access_code, reference } }`;
 * - `GET /transaction/verify/:reference` → `{ status: true, message, data: { id, status, reference,
 *   amount, currency, channel, fees, gateway_response, paid_at, authorization, customer, … } }`;
 * - the hosted checkout at `authorization_url` (`GET /checkout/:access_code`): the amount and two
 *   buttons, "Pay" and "Decline". Either one settles the transaction, sends the signed webhook
 *   (`x-paystack-signature`: hex HMAC-SHA512 of the raw body keyed with the secret key;
 *   `charge.success` or `charge.failed`) to the configured webhook URL, then redirects to
 *   `callback_url?trxref=<ref>&reference=<ref>` as Paystack does.
 *
 * - `POST /refund` (JSON `{ transaction: <reference or id>, amount?: <kobo> }`) → `{ status: true,
 *   message: 'Refund has been queued for processing', data: { transaction, amount, currency, status:
 *   'pending', id, … } }`; a transaction not paid, an amount above what is left, or a second full
 *   refund answer 400 as Paystack does. Then, as Paystack does on its own, the signed refund webhooks
 *   (`refund.pending`, then `refund.processed` or `refund.failed` as `refundOutcome` says; none while
 *   it is 'manual') go to the webhook URL, with `data: { status, transaction_reference,
 *   refund_reference, amount, currency, customer, domain, id }`.
 *
 * Transactions live in memory. Tests steer them with `setOutcome` (status, and an amount or currency
 * other than the initialised one, as a tampered or misconfigured payment would show) and deliver the
 * webhook themselves with `sendWebhook`. A fresh transaction verifies as `abandoned` (Paystack's
 * status before the buyer completes it).
 *
 * Usage:
 *   const paystack = await startFakePaystack();           // PAYSTACK_BASE_URL=paystack.url, PAYSTACK_SECRET_KEY=paystack.secretKey
 *   paystack.webhookUrl = `${upstream.url}/v1/payments/paystack/webhook`;
 *   …
 *   await paystack.close();
 */

export type FakeStatus = 'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing' | 'pending' | 'processing' | 'queued';

export interface FakeTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** What was initialised, in kobo. */
  initialisedAmount: number;
  /** What verify and the webhook report, in kobo (the initialised amount unless a test changed it). */
  amount: number;
  currency: string;
  status: FakeStatus;
  callbackUrl: string;
  metadata: unknown;
  paidAt: string | null;
  createdAt: string;
}

export interface FakeRefund {
  id: number;
  reference: string;
  /** Kobo. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  createdAt: string;
}

export interface WebhookDelivery {
  reference: string;
  event: string;
  /** The answer's HTTP status (0 when the request failed). */
  status: number;
  text: string;
}

export interface FakePaystack {
  /** The API base (PAYSTACK_BASE_URL). */
  readonly url: string;
  /** The secret key the fake accepts and signs webhooks with (PAYSTACK_SECRET_KEY). */
  readonly secretKey: string;
  /** Where the checkout's buttons send the webhook; none is sent while unset. */
  webhookUrl: string | undefined;
  /** While true, initialize and verify answer 503 (Paystack down); the checkout pages still work. */
  unavailable: boolean;
  /** Initialize answers this many ms after its request arrives (a slow Paystack); read as each request arrives. 0 by default. */
  delayMs: number;
  /**
   * While true, initialize reads the request, keeps its reference in `failedInitializations`, and
   * answers 500 without creating a transaction (Paystack failing a start it received).
   */
  failInitialize: boolean;
  /** The references initialize failed for while `failInitialize` was set, oldest first, with their email. */
  readonly failedInitializations: { reference: string; email: string }[];
  /** Initialize requests received so far (answered or not yet). */
  readonly initializeRequests: number;
  /** Every transaction initialised so far, oldest first. */
  transactions(): FakeTransaction[];
  transaction(reference: string): FakeTransaction | undefined;
  /** The hosted checkout URL of a transaction (its authorization_url). */
  checkoutUrl(reference: string): string;
  /** Sets what verify and the webhook will report; settling stamps paid_at. */
  setOutcome(reference: string, outcome: { status: FakeStatus; amount?: number; currency?: string }): FakeTransaction;
  /** The signed webhook body of a transaction as it stands (`charge.success` when successful, else `charge.failed`). */
  webhookBody(reference: string, event?: string): string;
  /** Hex HMAC-SHA512 of `body` with the secret key, as Paystack signs. */
  sign(body: string): string;
  /**
   * Posts the transaction's webhook to `webhookUrl` (or `to`); `signature` overrides the correct one
   * (null: no header). Answers the HTTP status and text.
   */
  sendWebhook(reference: string, options?: { event?: string; signature?: string | null; to?: string }): Promise<WebhookDelivery>;
  /** Webhooks the checkout's buttons sent, oldest first. */
  readonly deliveries: WebhookDelivery[];
  /** POST /refund requests received so far (answered or refused), each with its transaction. */
  readonly refundRequests: { transaction: string; amount: number | undefined }[];
  /** While true, POST /refund answers 503 without creating a refund (Paystack out of reach). */
  refundUnavailable: boolean;
  /** What the refund webhooks say after a refund is created: 'processed' (default), 'failed', or 'manual' (none sent; see sendRefundWebhook). */
  refundOutcome: 'processed' | 'failed' | 'manual';
  /** Every refund created, oldest first. */
  refunds(): FakeRefund[];
  /** Sets a refund's status and posts its signed webhook (`refund.<status>`) to `webhookUrl`. */
  sendRefundWebhook(reference: string, status: FakeRefund['status'], options?: { signature?: string | null }): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON object; undefined when the body is not JSON. */
async function jsonBodyOf(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readBody(req)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** An amount as Paystack takes it (kobo): a number, or a string of digits. */
function amountOf(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : undefined;
}

/** Starts the fake on 127.0.0.1 (a free port unless given). */
export async function startFakePaystack(options: { secretKey?: string; port?: number } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const byReference = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, FakeTransaction>();
  const deliveries: WebhookDelivery[] = [];
  const failedInitializations: { reference: string; email: string }[] = [];
  const refundList: FakeRefund[] = [];
  const refundRequests: { transaction: string; amount: number | undefined }[] = [];
  let nextRefundId = 3_000_001;
  let initializeRequests = 0;
  let nextId = 4_000_000_001;
  let base = '';

  const transactionData = (t: FakeTransaction) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: 'card',
    currency: t.currency,
    ip_address: '127.0.0.1',
    metadata: t.metadata ?? '',
    fees: t.status === 'success' ? Math.min(Math.round(t.amount * 0.015) + (t.amount >= 250_000 ? 10_000 : 0), 200_000) : null,
    customer: { id: 1001, first_name: null, last_name: null, email: t.email, customer_code: 'CUS_fake0001', phone: null, metadata: null, risk_action: 'default' },
    authorization: {
      authorization_code: 'AUTH_fake0001',
      bin: '408408',
      last4: '4081',
      exp_month: '12',
      exp_year: '2030',
      channel: 'card',
      card_type: 'visa ',
      bank: 'TEST BANK',
      country_code: 'NG',
      brand: 'visa',
      reusable: true,
      signature: 'SIG_fake0001',
    },
    plan: null,
    requested_amount: t.initialisedAmount,
    transaction_date: t.createdAt,
  });

  const sign = (body: string) => createHmac('sha512', secretKey).update(body).digest('hex');

  const transactionOf = (reference: string): FakeTransaction => {
    const t = byReference.get(reference);
    if (!t) throw new Error(`fake Paystack: no transaction ${reference}`);
    return t;
  };

  const webhookBody = (reference: string, event?: string) => {
    const t = transactionOf(reference);
    return JSON.stringify({ event: event ?? (t.status === 'success' ? 'charge.success' : 'charge.failed'), data: transactionData(t) });
  };

  const post = async (to: string, reference: string, body: string, signature: string | null): Promise<WebhookDelivery> => {
    const event = (JSON.parse(body) as { event: string }).event;
    try {
      const res = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature }) },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      return { reference, event, status: res.status, text: await res.text() };
    } catch (err) {
      return { reference, event, status: 0, text: String(err) };
    }
  };

  const refundWebhookBody = (r: FakeRefund) => {
    const t = byReference.get(r.reference);
    return JSON.stringify({
      event: `refund.${r.status}`,
      data: {
        status: r.status,
        transaction_reference: r.reference,
        refund_reference: r.status === 'processed' ? `RRN${r.id}` : null,
        amount: r.amount,
        currency: t?.currency ?? 'NGN',
        processor: 'fake',
        customer: { first_name: null, last_name: null, email: t?.email ?? '' },
        integration: 100001,
        domain: 'test',
        id: String(r.id),
      },
    });
  };

  const fake: FakePaystack = {
    get url() {
      return base;
    },
    secretKey,
    webhookUrl: undefined,
    unavailable: false,
    delayMs: 0,
    failInitialize: false,
    failedInitializations,
    get initializeRequests() {
      return initializeRequests;
    },
    deliveries,
    transactions: () => [...byReference.values()],
    transaction: (reference) => byReference.get(reference),
    checkoutUrl(reference) {
      const t = transactionOf(reference);
      return `${base}/checkout/${t.accessCode}`;
    },
    setOutcome(reference, outcome) {
      const t = transactionOf(reference);
      t.status = outcome.status;
      if (outcome.amount !== undefined) t.amount = outcome.amount;
      if (outcome.currency !== undefined) t.currency = outcome.currency;
      t.paidAt = outcome.status === 'success' ? new Date().toISOString() : null;
      return t;
    },
    webhookBody,
    sign,
    refundRequests,
    refundUnavailable: false,
    refundOutcome: 'processed',
    refunds: () => [...refundList],
    async sendRefundWebhook(reference, status, options = {}) {
      const to = fake.webhookUrl;
      if (!to) throw new Error('fake Paystack: no webhook URL set');
      const r = [...refundList].reverse().find((x) => x.reference === reference);
      if (!r) throw new Error(`fake Paystack: no refund of ${reference}`);
      r.status = status;
      const body = refundWebhookBody(r);
      return post(to, reference, body, options.signature === undefined ? sign(body) : options.signature);
    },
    async sendWebhook(reference, options = {}) {
      const to = options.to ?? fake.webhookUrl;
      if (!to) throw new Error('fake Paystack: no webhook URL set');
      const body = webhookBody(reference, options.event);
      return post(to, reference, body, options.signature === undefined ? sign(body) : options.signature);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const authorised = (req: IncomingMessage) => req.headers.authorization === `Bearer ${secretKey}`;

  const initialize = async (req: IncomingMessage, res: ServerResponse) => {
    initializeRequests += 1;
    const delayMs = fake.delayMs;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (!authorised(req)) return json(res, 401, { status: false, message: 'Invalid key' });
    const body = await jsonBodyOf(req);
    if (!body) return json(res, 400, { status: false, message: 'Invalid JSON' });
    if (fake.failInitialize) {
      failedInitializations.push({ reference: String(body.reference), email: String(body.email) });
      return json(res, 500, { status: false, message: 'An error occurred' });
    }
    const amount = amountOf(body.amount) ?? NaN;
    if (!Number.isInteger(amount) || amount <= 0) return json(res, 400, { status: false, message: 'Invalid Amount Sent' });
    if (typeof body.email !== 'string' || !body.email.includes('@')) return json(res, 400, { status: false, message: 'Invalid Email Address Passed' });
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : `T${randomBytes(8).toString('hex')}`;
    if (byReference.has(reference)) return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const t: FakeTransaction = {
      id: nextId++,
      reference,
      accessCode: randomBytes(8).toString('hex'),
      email: body.email,
      initialisedAmount: amount,
      amount,
      currency: typeof body.currency === 'string' ? body.currency : 'NGN',
      status: 'abandoned',
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : '',
      metadata: body.metadata,
      paidAt: null,
      createdAt: new Date().toISOString(),
    };
    byReference.set(reference, t);
    byAccessCode.set(t.accessCode, t);
    return json(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${base}/checkout/${t.accessCode}`, access_code: t.accessCode, reference },
    });
  };

  const refund = async (req: IncomingMessage, res: ServerResponse) => {
    if (!authorised(req)) return json(res, 401, { status: false, message: 'Invalid key' });
    const body = await jsonBodyOf(req);
    if (!body) return json(res, 400, { status: false, message: 'Invalid JSON' });
    const named = String(body.transaction ?? '');
    const asked = amountOf(body.amount);
    refundRequests.push({ transaction: named, amount: asked });
    if (fake.refundUnavailable) return json(res, 503, { status: false, message: 'Service unavailable' });
    const t = byReference.get(named) ?? [...byReference.values()].find((x) => String(x.id) === named);
    if (!t) return json(res, 400, { status: false, message: 'Transaction not found' });
    if (t.status !== 'success') return json(res, 400, { status: false, message: 'Cannot refund an unsuccessful transaction' });
    const refunded = refundList.filter((r) => r.reference === t.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const left = t.amount - refunded;
    if (left <= 0) return json(res, 400, { status: false, message: 'Transaction has been fully reversed' });
    const amount = asked ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) return json(res, 400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
    const r: FakeRefund = { id: nextRefundId++, reference: t.reference, amount, status: 'pending', createdAt: new Date().toISOString() };
    refundList.push(r);
    json(res, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: transactionData(t),
        integration: 100001,
        deducted_amount: 0,
        channel: null,
        merchant_note: 'Refund for transaction ' + t.reference,
        customer_note: 'Refund for transaction ' + t.reference,
        status: 'pending',
        refunded_by: 'tapcard@example.com',
        expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        currency: t.currency,
        domain: 'test',
        amount,
        fully_deducted: false,
        id: r.id,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      },
    });
    const outcome = fake.refundOutcome;
    const to = fake.webhookUrl;
    if (to && outcome !== 'manual') {
      // Paystack sends the refund's webhooks on its own, after its answer: pending, then the outcome.
      void (async () => {
        deliveries.push(await post(to, r.reference, refundWebhookBody(r), sign(refundWebhookBody(r))));
        r.status = outcome;
        const final = refundWebhookBody(r);
        deliveries.push(await post(to, r.reference, final, sign(final)));
      })();
    }
  };

  const verify = (req: IncomingMessage, res: ServerResponse, reference: string) => {
    if (!authorised(req)) return json(res, 401, { status: false, message: 'Invalid key' });
    const t = byReference.get(reference);
    if (!t) return json(res, 400, { status: false, message: 'Transaction reference not found' });
    return json(res, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
  };

  const checkoutPage = (t: FakeTransaction) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Paystack checkout</title></head>
<body>
<main>
<h1>Fake Paystack checkout</h1>
<p>A local stand-in for Paystack in tests: no card is charged.</p>
<p>Pay NGN <strong>${escapeHtml((t.initialisedAmount / 100).toFixed(2))}</strong> for ${escapeHtml(t.email)} (reference <code>${escapeHtml(t.reference)}</code>).</p>
<form method="post" action="/checkout/${escapeHtml(t.accessCode)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${escapeHtml(t.accessCode)}/decline"><button type="submit">Decline</button></form>
</main>
</body></html>`;

  const decide = async (res: ServerResponse, t: FakeTransaction, status: 'success' | 'failed') => {
    if (t.status === 'success' || t.status === 'failed') return html(res, 409, '<!doctype html><p>This transaction is already complete.</p>');
    fake.setOutcome(t.reference, { status });
    if (fake.webhookUrl) {
      // Paystack sends the webhook on its own, whatever the browser does next: not awaited here.
      void fake.sendWebhook(t.reference).then((delivery) => deliveries.push(delivery));
    }
    const back = new URL(t.callbackUrl);
    back.searchParams.set('trxref', t.reference);
    back.searchParams.set('reference', t.reference);
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const handle = async () => {
      if (fake.unavailable && path.startsWith('/transaction/')) return json(res, 503, { status: false, message: 'Service unavailable' });
      if (req.method === 'POST' && path === '/transaction/initialize') return initialize(req, res);
      if (req.method === 'POST' && path === '/refund') return refund(req, res);
      const verifyMatch = /^\/transaction\/verify\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && verifyMatch) return verify(req, res, decodeURIComponent(verifyMatch[1] ?? ''));
      const checkout = /^\/checkout\/([a-f0-9]+)(?:\/(pay|decline))?$/.exec(path);
      const t = checkout ? byAccessCode.get(checkout[1] ?? '') : undefined;
      if (checkout && !t) return html(res, 404, '<!doctype html><p>No such transaction.</p>');
      if (t && req.method === 'GET' && !checkout?.[2]) return html(res, 200, checkoutPage(t));
      if (t && req.method === 'POST' && checkout?.[2]) {
        await readBody(req);
        return decide(res, t, checkout[2] === 'pay' ? 'success' : 'failed');
      }
      return json(res, 404, { status: false, message: 'Not found' });
    };
    handle().catch((err: unknown) => json(res, 500, { status: false, message: String(err) }));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
