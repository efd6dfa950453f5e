import type { FastifyInstance } from 'fastify';
import { TestPaymentProvider } from '../domain/payments.js';
import { PaystackProvider } from '../domain/paystack.js';
import orderRoutes from './shop/orders.js';
import paystackWebhookRoutes from './shop/paystack-webhook.js';
import preorderRoutes from './shop/preorder.js';
import testProviderRoutes from './shop/test-provider.js';

/**
 * The shop: pre-orders, card orders priced on the server, order lookup, and the built-in test
 * payment provider's hosted page (registered only when the test provider is the one in use, so a
 * deployment with a real provider has no page that approves payments), and Paystack's webhook (it
 * settles payments only when Paystack is the provider; otherwise it answers 404 and says so).
 */
export default async function shopRoutes(app: FastifyInstance): Promise<void> {
  await app.register(preorderRoutes);
  await app.register(orderRoutes);
  if (app.payments instanceof TestPaymentProvider) await app.register(testProviderRoutes, { provider: app.payments });
  await app.register(paystackWebhookRoutes, { provider: app.payments instanceof PaystackProvider ? app.payments : null });
}
