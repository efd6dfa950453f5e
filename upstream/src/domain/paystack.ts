import { createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCY } from '@tapcard/shared/constants';
import { z } from 'zod';
import { ProviderError, toKobo, type PaymentProvider, type PaymentStart, type ProviderRefund, type ProviderVerdict } from './payments.js';

/**
 * Paystack, the card rail for naira: a payment is initialised with the amount in kobo and the buyer
 * sent to its authorization_url; Paystack sends them back to callback_url?trxref=…&reference=…, and
 * posts a webhook signed with the secret key. The verdict comes from verify (on the return and the
 * order lookup) or from the signed webhook's transaction data; domain/settlement.ts records it once.
 */

/** The transaction data verify answers and the webhook carries (the fields we read; the rest kept loose). */
export const paystackTransactionSchema = z.looseObject({
  id: z.number().optional(),
  status: z.string(),
  reference: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullish(),
  fees: z.number().nullish(),
  gateway_response: z.string().nullish(),
  paid_at: z.string().nullish(),
  authorization: z.record(z.string(), z.unknown()).nullish(),
  customer: z.record(z.string(), z.unknown()).nullish(),
});
export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>;

const initialiseAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ authorization_url: z.url(), access_code: z.string().min(1), reference: z.string() }),
});
const verifyAnswerSchema = z.object({ status: z.literal(true), message: z.string(), data: paystackTransactionSchema });

/** The webhook events that settle a payment; any other event is acknowledged and ignored. */
export const SETTLING_EVENTS = ['charge.success', 'charge.failed'] as const;

/** The webhook events of a refund, and the state each one reports. */
export const REFUND_EVENTS = { 'refund.pending': 'pending', 'refund.processing': 'pending', 'refund.processed': 'processed', 'refund.failed': 'failed' } as const;

/** The refund data a refund webhook carries (the fields we read). */
export const paystackRefundEventSchema = z.looseObject({
  transaction_reference: z.string().min(1),
  status: z.string().optional(),
  amount: z.number().optional(),
  id: z.union([z.string(), z.number()]).optional(),
});

const refundAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.looseObject({ id: z.union([z.string(), z.number()]), status: z.string() }),
});

/** A refund's status as Paystack names it: 'processed' and 'failed' are final; every other one (pending, processing, needs-attention) is pending. */
export function refundStateOfPaystack(status: string): ProviderRefund['state'] {
  if (status === 'processed') return 'processed';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/** Only 'success' is paid; 'failed' and 'reversed' are declined; every other status (abandoned, ongoing, pending, processing, queued, …) is still pending. */
export function statusOfPaystack(status: string): ProviderVerdict['status'] {
  if (status === 'success') return 'paid';
  if (status === 'failed' || status === 'reversed') return 'declined';
  return 'pending';
}

/** The authorization fields kept in payment_metadata: the card's description, never the reusable authorization code or its signature. */
const AUTHORIZATION_KEPT = ['channel', 'card_type', 'bank', 'brand', 'bin', 'last4', 'exp_month', 'exp_year', 'country_code', 'reusable'] as const;
const CUSTOMER_KEPT = ['email', 'first_name', 'last_name', 'customer_code'] as const;

function pick(record: Record<string, unknown> | null | undefined, keys: readonly string[]): Record<string, unknown> {
  if (!record) return {};
  return Object.fromEntries(keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]));
}

/** A transaction's verdict, with the payment_metadata kept on the order (channel, fees, authorization, customer, …). */
export function verdictOfPaystack(data: PaystackTransaction): ProviderVerdict {
  return {
    status: statusOfPaystack(data.status),
    metadata: {
      status: data.status,
      reference: data.reference,
      amount: data.amount,
      currency: data.currency,
      channel: data.channel ?? '',
      fees: data.fees ?? 0,
      gateway_response: data.gateway_response ?? '',
      ...(data.paid_at ? { paid_at: data.paid_at } : {}),
      ...(data.id !== undefined ? { transaction_id: data.id } : {}),
      authorization: pick(data.authorization, AUTHORIZATION_KEPT),
      customer: pick(data.customer, CUSTOMER_KEPT),
    },
  };
}

/**
 * Whether `signature` (the x-paystack-signature header) is the hex HMAC-SHA512 of the raw body keyed
 * with the secret key, compared in constant time.
 */
export function paystackSignatureValid(raw: Buffer, signature: string | string[] | undefined, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * Paystack did not answer, or answered outside its documented shapes. The message names no secret.
 * Retryable when it could not be reached or failed on its side (5xx, 429).
 */
export class PaystackError extends ProviderError {
  constructor(message: string, retryable = false) {
    super(message, retryable);
  }
}

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack';
  constructor(
    private readonly secretKey: string,
    /** https://api.paystack.co, or a local stand-in in tests. */
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** Checks a webhook's signature over its raw body. */
  signatureValid(raw: Buffer, signature: string | string[] | undefined): boolean {
    return paystackSignatureValid(raw, signature, this.secretKey);
  }

  async initialise(input: PaymentStart): Promise<{ url: string; accessCode: string }> {
    const answer = await this.call('POST', '/transaction/initialize', initialiseAnswerSchema, {
      email: input.email,
      amount: String(toKobo(input.amount)),
      reference: input.reference,
      callback_url: input.callbackUrl,
      currency: CURRENCY,
      // A buyer who cancels on Paystack's page comes back with the reference, as after paying, so the
      // return page can say what became of it instead of finding no payment.
      metadata: { kind: input.kind ?? 'cards', cancel_action: withReference(input.callbackUrl, input.reference) },
    });
    if (answer.data.reference !== input.reference) throw new PaystackError(`Paystack initialised reference ${answer.data.reference} for ${input.reference}`);
    return { url: answer.data.authorization_url, accessCode: answer.data.access_code };
  }

  async verify(reference: string): Promise<ProviderVerdict> {
    const answer = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, verifyAnswerSchema);
    if (answer.data.reference !== reference) throw new PaystackError(`Paystack verified reference ${answer.data.reference} for ${reference}`);
    return verdictOfPaystack(answer.data);
  }

  /** POST /refund: a full refund of the transaction `reference` (amount in kobo). */
  async refund(reference: string, amountKobo: number): Promise<ProviderRefund> {
    const answer = await this.call('POST', '/refund', refundAnswerSchema, { transaction: reference, amount: amountKobo });
    return { id: String(answer.data.id), state: refundStateOfPaystack(answer.data.status) };
  }

  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PaystackError(`Paystack ${method} ${path.split('/').slice(0, 3).join('/')} failed: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json);
    if (!res.ok || !parsed.success) {
      const message = typeof (json as { message?: unknown } | undefined)?.message === 'string' ? (json as { message: string }).message : text.slice(0, 200);
      const failure = `Paystack ${method} ${path.split('/').slice(0, 3).join('/')} answered ${res.status}: ${message}`;
      throw new PaystackError(failure, res.status >= 500 || res.status === 429);
    }
    return parsed.data;
  }
}

/** The callback URL with Paystack's own return parameters (trxref and reference). */
function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.href;
}
