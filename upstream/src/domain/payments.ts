import { CURRENCY } from '@tapcard/shared/constants';
import type { Db } from '../db/database.js';
import { randomToken } from '../lib/crypto.js';
import { recordTestDecision, testPaymentOf } from '../repositories/orders.js';

/**
 * The card-payment provider behind orders and paid tickets. The built-in test provider keeps its
 * payments in the orders table's provider columns and shows a small hosted page to approve or
 * decline; Paystack (domain/paystack.ts) implements the same two calls against its API.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment of `amount` whole naira; the buyer is sent to `url`, and comes back to `callbackUrl`. */
  initialise(input: PaymentStart): Promise<{ url: string; accessCode: string }>;
  /** Asks the provider what became of a payment. */
  verify(reference: string): Promise<ProviderVerdict>;
  /**
   * Asks the provider to refund `amountKobo` of the paid transaction `reference`. Answers the refund's
   * id and state as the provider took it. Throws when the request may not have
   * reached the provider, as a ProviderError marked retryable: it is to be asked again later; any other
   * throw is the provider refusing it.
   */
  refund(reference: string, amountKobo: number): Promise<ProviderRefund>;
}

export interface ProviderRefund {
  id: string;
  state: 'pending' | 'processed' | 'failed';
}

/**
 * A provider's call failed. `retryable`: it could not be reached or failed on its side (no answer, a
 * server error, too many requests), so the same request may be made again later; otherwise it refused.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PaymentStart {
  reference: string;
  /** Whole naira, priced on the server (the provider is sent kobo: toKobo). */
  amount: number;
  email: string;
  callbackUrl: string;
  /** What the payment is for, shown in the provider's dashboard. */
  kind?: 'cards' | 'ticket';
}

/** Naira to kobo, the unit card providers count in: an integer, or a throw for an amount that is not a whole non-negative number of kobo. */
export function toKobo(naira: number): number {
  const kobo = Math.round(naira * 100);
  if (!Number.isFinite(naira) || naira < 0 || Math.abs(kobo - naira * 100) > 1e-6) throw new Error(`not an amount in naira: ${naira}`);
  return kobo;
}

export interface ProviderVerdict {
  status: 'pending' | 'paid' | 'declined';
  /**
   * The provider's transaction data (stored as the order's payment_metadata), in the shape of
   * Paystack's: `amount` in kobo and `currency` are checked against the order before it turns paid.
   */
  metadata: Record<string, unknown> | null;
}

/** A payment as the test provider's hosted page shows it. */
export interface TestPayment {
  reference: string;
  /** Whole naira. */
  amount: number;
  email: string;
  /** Where the buyer goes after deciding (absolute, or a path on the public site). */
  callbackUrl: string;
  /** The buyer's decision, once made; a payment is decided once. */
  decision: 'paid' | 'declined' | null;
}

/**
 * The built-in provider. Its hosted page records the buyer's decision as the transaction data in the
 * order's payment_metadata; the order itself turns paid only when `verify` is asked and confirms.
 * The transaction data has the shape of a card provider's verify answer (status, reference, amount in
 * kobo, channel, currency, fees, authorization, customer), marked as a test everywhere it shows.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  constructor(
    private readonly db: Db,
    /** The public base of the upstream as the browser reaches it, e.g. http://localhost:3000/api */
    private readonly publicApiBase: string,
    private readonly now: () => Date,
  ) {}

  async initialise(input: { reference: string }) {
    return { url: `${this.publicApiBase}/pay/test/${encodeURIComponent(input.reference)}`, accessCode: randomToken().slice(0, 16) };
  }

  /** The payment behind a reference, or undefined when there is none. */
  async payment(reference: string): Promise<TestPayment | undefined> {
    const order = await testPaymentOf(this.db, reference);
    if (!order) return undefined;
    let decision: TestPayment['decision'] = null;
    if (order.payment_status !== 'pending') decision = order.payment_status;
    else if (order.payment_metadata) decision = statusOf(order.payment_metadata);
    return { reference: order.reference, amount: order.final_total, email: order.email, callbackUrl: order.callback_url, decision };
  }

  /**
   * Called by the hosted page when the buyer approves or declines. A payment is decided once: false
   * when the reference is unknown or already decided (also when two decisions race).
   */
  async decide(reference: string, status: 'paid' | 'declined'): Promise<boolean> {
    const order = await testPaymentOf(this.db, reference);
    if (!order || order.payment_status !== 'pending' || order.payment_metadata !== null) return false;
    return recordTestDecision(this.db, reference, JSON.stringify(this.metadata(reference, status, order.final_total, order.email)));
  }

  /** The test provider's refunds are processed at once: no money moved. */
  async refund(reference: string): Promise<ProviderRefund> {
    return { id: `test-refund-${reference}`, state: 'processed' };
  }

  async verify(reference: string): Promise<ProviderVerdict> {
    const order = await testPaymentOf(this.db, reference);
    if (!order?.payment_metadata) return { status: 'pending', metadata: null };
    const metadata = JSON.parse(order.payment_metadata) as Record<string, unknown>;
    return { status: metadata.status === 'success' ? 'paid' : 'declined', metadata };
  }

  private metadata(reference: string, status: 'paid' | 'declined', amount: number, email: string) {
    const at = this.now().toISOString();
    return {
      status: status === 'paid' ? 'success' : 'failed',
      reference,
      /** In kobo, as card providers count naira. */
      amount: toKobo(amount),
      channel: 'card',
      currency: CURRENCY,
      fees: 0,
      gateway_response: status === 'paid' ? 'Approved on the TapCard test payment page' : 'Declined on the TapCard test payment page',
      authorization: { provider: 'test', channel: 'card', reusable: false },
      customer: { email },
      ...(status === 'paid' ? { paid_at: at } : {}),
      transaction_date: at,
    };
  }
}

function statusOf(metadata: string): 'paid' | 'declined' {
  return (JSON.parse(metadata) as { status?: unknown }).status === 'success' ? 'paid' : 'declined';
}
