import { calls } from '@tapcard/shared/contract';
import { cardColourSchema, cartTotals, priceOfColour, shippingFeeFor, shippingOptionForAddress } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { deliveryOf, insertOrder, linesByColour, MAX_CARDS_PER_COLOUR, orderAnswer, resolveCallbackUrl } from '../../domain/orders.js';
import { refusedPayment, settlePayment } from '../../domain/settlement.js';
import { orderByReference } from '../../repositories/orders.js';
import { route } from '../../lib/route.js';
import { throttleByIp } from './limits.js';

export const ORDER_MESSAGES = {
  created: 'Order created',
  /** The client's total, VAT or shipping differs from the server's figures for the same cart. */
  totalChanged: 'The order total has changed. Please review your cart.',
  tooMany: `You can order at most ${MAX_CARDS_PER_COLOUR} cards of one colour`,
  callback: 'The callback URL must be a page of this site',
  paid: 'Payment successful',
  declined: 'Payment declined',
  /** A payment whose amount or currency differs from the order's: refused, and the money taken is refunded. */
  refused: 'The amount paid does not match this order, so the payment was not accepted. Your payment will be refunded.',
  retryPaid: 'This order is already paid.',
  retryPending: 'This payment is still pending. Please wait for it to finish before trying again.',
  retryTicket: 'A ticket payment cannot be retried here. Register again from the event page.',
  pending: 'Payment pending',
  notFound: 'Order not found',
} as const;

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  /**
   * POST /v1/connect/api/orders. The contract has checked the customer fields with the checkout
   * rules (and the shipping choice: 2,500 or 5,000 for delivery, 0 for pickup); the price, VAT and
   * totals are computed here from the cart's colours and quantities, never taken from the client.
   */
  route(app, calls.createOrder)(async ({ body, request }) => {
    await throttleByIp(app, request, 'order');

    const lines = linesByColour(body.cart);
    if (lines.some((line) => line.qty > MAX_CARDS_PER_COLOUR)) throw badRequest(ORDER_MESSAGES.tooMany, 'cart');
    const delivery = deliveryOf(body);
    const shipping = body.method === 'pickup' ? shippingFeeFor('pickup') : body.shipping;
    const totals = cartTotals(lines, shipping);
    if (body.total !== totals.total || body.vat !== totals.vat || body.shipping !== totals.shipping) {
      throw badRequest(ORDER_MESSAGES.totalChanged, 'total');
    }
    const callbackUrl = resolveCallbackUrl(body.callback_url, app.config.publicUrl);
    if (!callbackUrl) throw badRequest(ORDER_MESSAGES.callback, 'callback_url');

    const now = app.now();
    // Stored, committed, then the provider is asked: no transaction stays open while it answers.
    const created = await insertOrder(
      app.db,
      app.payments,
      {
        kind: 'cards',
        name: body.name,
        phone_number: body.phoneNumber,
        email: body.email,
        ...delivery,
        items: lines.map((line) => ({ color: line.color, qty: line.qty, price: priceOfColour(line.color) })),
        total: totals.subtotal,
        vat: totals.vat,
        shipping: totals.shipping,
        final_total: totals.total,
        callback_url: callbackUrl,
      },
      now,
      request.log,
    );
    return { success: 'true', message: ORDER_MESSAGES.created, data: created };
  });

  /**
   * GET /v1/connect/api/orders/:reference. The reference is the buyer's secret. The payment is settled
   * first (domain/settlement.ts, the same step as the provider's webhook), so an order turns paid only
   * once the provider confirms. Paid: 200 success 'true'; declined: 200 success 'false' (a refused
   * payment of the wrong amount says so); still pending: 202 success 'false' with payment_status
   * 'pending' (keep checking); unknown: 404. Every known order comes back with the answer.
   */
  route(app, calls.getOrder)(async ({ params, reply }) => {
    const { order: row } = await settlePayment(app, params.reference, 'lookup');
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const order = orderAnswer(row);
    if (row.payment_status === 'paid') return { success: 'true', message: ORDER_MESSAGES.paid, order };
    if (row.payment_status === 'declined') return { success: 'false' as const, message: refusedPayment(row) ? ORDER_MESSAGES.refused : ORDER_MESSAGES.declined, order };
    void reply.code(202);
    return { success: 'false' as const, message: ORDER_MESSAGES.pending, order };
  });

  /**
   * POST /v1/connect/api/orders/:reference/retry. A declined card order is paid again as a new order
   * (a new reference and payment) of the same items and delivery, priced again on the server from the
   * catalogue and the address's shipping zone; the declined order stays declined. A paid or pending
   * order, or a ticket, is refused with the reason.
   */
  route(app, calls.retryOrder)(async ({ params, request }) => {
    await throttleByIp(app, request, 'order');
    const declined = await orderByReference(app.db, params.reference);
    if (!declined) throw notFound(ORDER_MESSAGES.notFound);
    if (declined.kind !== 'cards') throw badRequest(ORDER_MESSAGES.retryTicket);
    if (declined.payment_status === 'paid') throw conflict(ORDER_MESSAGES.retryPaid);
    if (declined.payment_status === 'pending') throw conflict(ORDER_MESSAGES.retryPending);

    const lines = (JSON.parse(declined.items) as { color: string; qty: number }[]).map((item) => ({ color: cardColourSchema.parse(item.color), qty: item.qty }));
    const shipping = declined.method === 'pickup' ? shippingFeeFor('pickup') : shippingOptionForAddress(declined).fee;
    const totals = cartTotals(lines, shipping);
    // Stored, committed, then the provider is asked: no transaction stays open while it answers.
    const created = await insertOrder(
      app.db,
      app.payments,
      {
        kind: 'cards',
        name: declined.name,
        phone_number: declined.phone_number,
        email: declined.email,
        method: declined.method,
        address: declined.address,
        city: declined.city,
        state: declined.state,
        country: declined.country,
        pickup: declined.pickup,
        items: lines.map((line) => ({ color: line.color, qty: line.qty, price: priceOfColour(line.color) })),
        total: totals.subtotal,
        vat: totals.vat,
        shipping: totals.shipping,
        final_total: totals.total,
        callback_url: declined.callback_url,
      },
      app.now(),
      request.log,
    );
    return { success: 'true', message: ORDER_MESSAGES.created, data: created };
  });
}
