import { CURRENCY } from '@tapcard/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { eventById } from '../repositories/events.js';
import { orderByReference } from '../repositories/orders.js';
import { ticketPaymentByReference } from '../repositories/registrations.js';
import { mailOrderConfirmation } from './order-mail.js';
import { settleOrderOnce, type Settled } from './orders.js';
import { toKobo, type ProviderVerdict } from './payments.js';
import { cancelDeclinedTicket, confirmPaidTicket, mailAccess } from './registration.js';

/**
 * The one settlement of a payment, whoever brings the news: the buyer's return (the order lookup, the
 * ticket's payment-successful page) or the provider's signed webhook. The order moves from pending to
 * paid or declined once (settleOrderOnce's conditional update); a paid order is never moved back.
 * Then the side effects, each once:
 * - a paid card order: the caller that won the move mails the order confirmation;
 * - a paid ticket: the attendee is confirmed and the access mailed under the ticket payment's row lock
 *   (confirmPaidTicket), so of concurrent callers exactly one confirms and mails; every caller runs it,
 *   so a winner that crashed before confirming is completed by the next return or webhook;
 * - a declined ticket: its seat goes back once (cancelDeclinedTicket's conditional cancel).
 */

/** What became of a paid ticket's registration. */
export type TicketSettlement =
  | { kind: 'pending' }
  | { kind: 'declined' }
  /** Paid after its seat was released and sold: no ticket, refund due. */
  | { kind: 'sold_out' }
  /** Confirmed earlier, and its access already shown: the access is in the buyer's mail. */
  | { kind: 'used' }
  /** Confirmed: the access link (mailed once, whoever confirmed it). */
  | { kind: 'access'; tid: string };

export interface Settlement extends Settled {
  /** Set for a ticket order whose registration is known. */
  ticket: TicketSettlement | undefined;
}

/**
 * Why a 'paid' verdict does not pay this order, or null: the provider's amount (kobo) and currency
 * must be the order's final_total in kobo and NGN, as computed on the server when it started.
 */
export function amountRefusal(order: Pick<Row<'orders'>, 'final_total'>, verdict: ProviderVerdict): string | null {
  const amount = verdict.metadata?.amount;
  const currency = verdict.metadata?.currency;
  if (currency !== CURRENCY) return `the currency ${String(currency)} is not ${CURRENCY}`;
  const expected = toKobo(order.final_total);
  if (amount !== expected) return `the amount ${String(amount)} kobo is not the order's ${expected} kobo`;
  return null;
}

/** A declined order whose money moved anyway: a payment of the wrong amount, refused and to be refunded. */
export function refusedPayment(order: Pick<Row<'orders'>, 'payment_status' | 'refund_due_at'>): boolean {
  return order.payment_status === 'declined' && order.refund_due_at !== null;
}

/**
 * Settles the payment behind `reference`. `verdict`: the signed webhook's; without it the provider is
 * asked (a provider that cannot be reached leaves the order pending: the buyer checks again later).
 * `via`: the buyer's return from the provider to the ticket page hands a ticket's access link out in
 * its answer; the webhook and the order lookup (which shows no link) confirm and mail it, keeping the
 * link for the buyer's return.
 */
export async function settlePayment(
  app: FastifyInstance,
  reference: string,
  via: 'ticket-return' | 'lookup' | 'webhook',
  verdict?: ProviderVerdict,
): Promise<Settlement> {
  const before = await orderByReference(app.db, reference);
  if (!before) return { order: undefined, won: false, refused: null, ticket: undefined };
  let given = verdict;
  if (!given && before.payment_status === 'pending') {
    try {
      given = await app.payments.verify(reference);
    } catch (err) {
      app.log.warn({ err, orderId: before.id, provider: app.payments.name }, 'could not verify a payment with the provider; the order stays pending');
      given = { status: 'pending', metadata: null };
    }
  }
  const settled = await settleOrderOnce(app.db, app.payments, reference, app.now(), { verdict: given, refuse: amountRefusal });
  const order = settled.order;
  if (!order) return { ...settled, ticket: undefined };
  if (!settled.won && verdict?.status === 'paid' && order.payment_status === 'declined' && order.refund_due_at === null) {
    // A success after a decline (e.g. another card tried on the same checkout): the order stays declined, and the money is to be handed back by hand.
    app.log.error({ orderId: order.id, via }, 'a payment succeeded for an order already declined: it stays declined; refund the payment');
  }
  if (settled.refused) {
    app.log.error({ orderId: order.id, reason: settled.refused, via }, 'refused a payment that does not match its order: the order is declined and its refund due');
  }
  if (order.kind === 'ticket') return { ...settled, ticket: await settleTicket(app, order, via) };
  if (settled.won && order.payment_status === 'paid') {
    try {
      await mailOrderConfirmation(app, order);
    } catch (err) {
      app.log.error({ err, orderId: order.id }, 'could not mail the order confirmation');
    }
  }
  return { ...settled, ticket: undefined };
}

async function settleTicket(app: FastifyInstance, order: Row<'orders'>, via: 'ticket-return' | 'lookup' | 'webhook'): Promise<TicketSettlement | undefined> {
  const payment = await ticketPaymentByReference(app.db, order.reference);
  if (!payment) return undefined;
  if (order.payment_status === 'pending') return { kind: 'pending' };
  if (order.payment_status === 'declined') {
    await cancelDeclinedTicket(app.db, order.reference, payment.attendee_id, payment.price_id);
    return { kind: 'declined' };
  }
  if (order.refund_due_at) return { kind: 'sold_out' };
  const outcome = await confirmPaidTicket(app.db, payment.event_id, order.reference, payment.attendee_id, payment.price_id, app.now(), via === 'ticket-return' ? 'return' : 'webhook');
  if (outcome === 'sold_out') {
    app.log.warn({ eventId: payment.event_id, orderId: order.id }, 'a ticket payment arrived after its seat was sold: refund due');
    return { kind: 'sold_out' };
  }
  if (outcome === 'used') return { kind: 'used' };
  if (outcome.mail) {
    const event = await eventById(app.db, payment.event_id);
    await mailAccess(app, payment.email, payment.name, event, payment.ticket, outcome.tid);
  }
  return { kind: 'access', tid: outcome.tid };
}
