import { describe, expect, it } from 'vitest';
import { amountRefusal, refusedPayment } from './settlement.js';

describe('amountRefusal', () => {
  const order = { final_total: 34_750 };
  const verdict = (metadata: Record<string, unknown>) => ({ status: 'paid' as const, metadata });

  it("accepts the order's final total in kobo, in NGN", () => {
    expect(amountRefusal(order, verdict({ amount: 3_475_000, currency: 'NGN' }))).toBeNull();
  });

  it('refuses another amount, another currency, or a verdict without them', () => {
    expect(amountRefusal(order, verdict({ amount: 3_474_900, currency: 'NGN' }))).toMatch(/amount 3474900 kobo/);
    expect(amountRefusal(order, verdict({ amount: 34_750, currency: 'NGN' }))).toMatch(/amount/);
    expect(amountRefusal(order, verdict({ amount: '3475000', currency: 'NGN' }))).toMatch(/amount/);
    expect(amountRefusal(order, verdict({ amount: 3_475_000, currency: 'USD' }))).toMatch(/currency USD/);
    expect(amountRefusal(order, { status: 'paid', metadata: null })).not.toBeNull();
  });
});

describe('refusedPayment', () => {
  it('is a declined order with a refund due', () => {
    expect(refusedPayment({ payment_status: 'declined', refund_due_at: new Date() })).toBe(true);
    expect(refusedPayment({ payment_status: 'declined', refund_due_at: null })).toBe(false);
    expect(refusedPayment({ payment_status: 'paid', refund_due_at: new Date() })).toBe(false);
  });
});
