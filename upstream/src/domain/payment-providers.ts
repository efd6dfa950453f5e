import type { PaymentConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { TestPaymentProvider, type PaymentProvider } from './payments.js';
import { PaystackProvider } from './paystack.js';

/**
 * The provider the configuration names (PAYMENT_PROVIDER): the built-in test provider, whose hosted
 * page is served under `publicApiBase` (the upstream as the browser reaches it, e.g.
 * http://localhost:3000/api), or Paystack with its secret key and API base.
 */
export function createPaymentProvider(payments: PaymentConfig, deps: { db: Db; publicApiBase: string; now: () => Date }): PaymentProvider {
  if (payments.provider === 'paystack') return new PaystackProvider(payments.secretKey, payments.baseUrl);
  return new TestPaymentProvider(deps.db, deps.publicApiBase, deps.now);
}
