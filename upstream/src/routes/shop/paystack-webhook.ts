import { serviceCalls } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import { moveRefund } from '../../domain/cancellation.js';
import { paystackRefundEventSchema, paystackTransactionSchema, REFUND_EVENTS, SETTLING_EVENTS, verdictOfPaystack, type PaystackProvider } from '../../domain/paystack.js';
import { settlePayment } from '../../domain/settlement.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { tooDeep } from '../../plugins/json-body.js';

export const WEBHOOK_MESSAGES = {
  badSignature: 'Invalid signature',
  notConfigured: 'Paystack is not the payment provider of this server (PAYMENT_PROVIDER=paystack is not set)',
  ignored: 'Event ignored',
  unknown: 'No order has this reference',
  settled: 'Payment settled',
  pending: 'Payment still pending',
  refundMoved: 'Refund updated',
  refundUnchanged: 'Refund already in this state or beyond',
} as const;

/** Paystack's webhook bodies are small; anything larger is no webhook of theirs. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /v1/payments/paystack/webhook, the URL to paste into Paystack's dashboard (behind the gateway:
 * PUBLIC_URL + /api/v1/payments/paystack/webhook). The signature (x-paystack-signature, hex
 * HMAC-SHA512 of the raw body keyed with the secret key) is checked over the raw bytes before the body
 * is parsed, in this plugin's own JSON parser: a wrong or missing one is a 401 and nothing is read.
 * A charge event settles its order through the same step as the buyer's return; a refund event
 * (refund.pending, refund.processed, refund.failed) moves the refund of that transaction forward (never
 * back), mailing the attendee when it turns processed or failed; any other event is acknowledged at once. Paystack retries until it gets a 200, so every settled outcome (paid, declined,
 * refused for a wrong amount, an unknown reference) answers 200 and its message says which.
 */
export default async function paystackWebhookRoutes(app: FastifyInstance, opts: { provider: PaystackProvider | null }): Promise<void> {
  const { provider } = opts;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    if (provider && !provider.signatureValid(raw, request.headers['x-paystack-signature'])) {
      done(new HttpError(401, WEBHOOK_MESSAGES.badSignature), undefined);
      return;
    }
    const text = raw.toString('utf8');
    const refused = tooDeep(text);
    if (refused) {
      done(refused, undefined);
      return;
    }
    try {
      done(null, raw.length === 0 ? {} : JSON.parse(text));
    } catch {
      done(badRequest('The body is not JSON'), undefined);
    }
  });

  route(app, serviceCalls.paystackWebhook)(async ({ body }) => {
    if (!provider) throw notFound(WEBHOOK_MESSAGES.notConfigured);
    if (body.event in REFUND_EVENTS) {
      const refund = paystackRefundEventSchema.safeParse(body.data);
      if (!refund.success) throw badRequest(`The ${body.event} event has no refund data`);
      const state = REFUND_EVENTS[body.event as keyof typeof REFUND_EVENTS];
      const moved = await moveRefund(app, { reference: refund.data.transaction_reference }, state, refund.data.id === undefined ? {} : { providerRefundId: String(refund.data.id) });
      return { success: 'true', message: moved ? `${WEBHOOK_MESSAGES.refundMoved}: ${state}` : WEBHOOK_MESSAGES.refundUnchanged };
    }
    if (!(SETTLING_EVENTS as readonly string[]).includes(body.event)) return { success: 'true', message: WEBHOOK_MESSAGES.ignored };
    const data = paystackTransactionSchema.safeParse(body.data);
    if (!data.success) throw badRequest(`The ${body.event} event has no transaction data`);
    const settled = await settlePayment(app, data.data.reference, 'webhook', verdictOfPaystack(data.data));
    if (!settled.order) {
      app.log.warn({ event: body.event }, 'a Paystack webhook for a reference we do not know');
      return { success: 'true', message: WEBHOOK_MESSAGES.unknown };
    }
    if (settled.refused) return { success: 'true', message: `Payment refused: ${settled.refused}` };
    if (settled.order.payment_status === 'pending') return { success: 'true', message: WEBHOOK_MESSAGES.pending };
    return { success: 'true', message: `${WEBHOOK_MESSAGES.settled}: ${settled.order.payment_status}` };
  });
}
