import { serviceCalls } from '@tapcard/shared/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack.js';
import { browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, localDay } from './support/live-events.js';
import { createOrganiser, unique, type Account } from './support/people.js';
import { startProductWithOwnDatabase, type RunningProduct } from './support/product.js';
import { checkScreen } from './support/screens.js';
import { cartThenCheckout, checkShopScreen, expectCartCount, expectOrderDetails, fillDelivery, proceedToPayment } from './support/shop.js';
import { registerForPaidTicket } from './support/tickets.js';
import { recordToasts } from './support/toasts.js';

/**
 * The shop checkout and the paid ticket on Paystack (a local fake of its API and hosted checkout,
 * tests/support/fake-paystack.ts) instead of the built-in test provider: a product of its own runs
 * with PAYMENT_PROVIDER=paystack, and the fake sends its signed webhooks to that product's gateway
 * like Paystack would. The buyer pays or declines on the provider's page and comes back with
 * Paystack's `?trxref=&reference=`; a declined order can be paid again with Try again.
 */

let paystack: FakePaystack;
let product: RunningProduct;
let organiser: Account;
const open = browsers({ baseURL: '', width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

beforeAll(async () => {
  paystack = await startFakePaystack();
  product = await startProductWithOwnDatabase({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url });
  // Paystack calls the public site; the gateway passes /api/* on to the upstream.
  paystack.webhookUrl = `${product.baseUrl}/api${serviceCalls.paystackWebhook.path}`;
  organiser = await createOrganiser(product.baseUrl);
});

afterAll(async () => {
  await product?.stop();
  await paystack?.close();
});

/** A fresh phone-sized browser profile on the Paystack product (its own storage: its own cart). */
async function phone(): Promise<Page> {
  const page = await (await open({ baseURL: product.baseUrl })).context.newPage();
  await recordToasts(page);
  return page;
}

/** The fake's hosted checkout of one transaction. */
const CHECKOUT = /^http:\/\/127\.0\.0\.1:\d+\/checkout\/[a-f0-9]+$/;

/**
 * On the provider's checkout: the amount it was asked for is the server's total in kobo (shown in
 * naira), for this buyer; then Pay or Decline. Answers the transaction's reference.
 */
async function onPaystack(page: Page, expected: { naira: number; email: string }, button: 'Pay' | 'Decline'): Promise<string> {
  await page.waitForURL(CHECKOUT);
  const reference = (await page.locator('code').textContent()) ?? '';
  expect(paystack.transaction(reference)).toMatchObject({ initialisedAmount: expected.naira * 100, currency: 'NGN', email: expected.email });
  expect(await page.locator('strong').textContent()).toBe(expected.naira.toFixed(2));
  await page.getByRole('button', { name: button, exact: true }).click();
  return reference;
}

/** The signed webhook of `reference` reached the product through its gateway and was accepted. */
async function expectWebhookAccepted(reference: string): Promise<void> {
  await expect
    .poll(() => paystack.deliveries.filter((d) => d.reference === reference).map((d) => d.status), { timeout: 30_000, message: `webhook of ${reference}` })
    .toEqual([200]);
}

/** The cart's count as the shop shows it, in another tab of the same browser profile (the page stays where it is). */
async function expectCartInShop(page: Page, count: number): Promise<void> {
  const shop = await page.context().newPage();
  await shop.goto('/get-card');
  await expectCartCount(shop, count);
  await shop.close();
}

/** Back from Paystack on the shop's status page, with Paystack's query. */
async function backOnStatusPage(page: Page, reference: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/payment/status' && url.searchParams.get('trxref') === reference && url.searchParams.get('reference') === reference);
}

describe('payments on Paystack', () => {
  it('a shop order paid on Paystack shows Payment Successful!, empties the cart and the order page says Paid', async () => {
    const page = await phone();
    const id = unique();
    const buyer = { name: `Ada Paystack ${id}`, email: `e2e-paystack-${id}@example.com` };
    await cartThenCheckout(page, [
      ['Black', 2],
      ['Pink', 1],
    ]);
    await fillDelivery(page, buyer, { address: `${id} Zoo Road`, city: 'Kano', state: 'Kano', shipping: '5000' });
    await proceedToPayment(page, CHECKOUT);
    // 30,000 + VAT 2,250 + shipping 5,000, priced on the server.
    const reference = await onPaystack(page, { naira: 37_250, email: buyer.email }, 'Pay');

    await backOnStatusPage(page, reference);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await checkShopScreen(page, 'payment status on Paystack, paid');
    await expectWebhookAccepted(reference);

    await page.getByRole('link', { name: 'View order details' }).click();
    await expectOrderDetails(
      page,
      reference,
      { Name: buyer.name, Email: buyer.email, 'Final Total': 'NGN 37,250', 'Payment Status': 'Paid' },
      ['Black TapCard × 2 (NGN 20,000)', 'Pink TapCard × 1 (NGN 10,000)'],
    );

    await expectCartInShop(page, 0);
  });

  it('a declined shop order says Payment Declined., keeps the cart, and Try again pays it on a new Paystack page', async () => {
    const page = await phone();
    const id = unique();
    const buyer = { name: `Bayo Retry ${id}`, email: `e2e-paystack-retry-${id}@example.com` };
    await cartThenCheckout(page, [['Blue', 1]]);
    await fillDelivery(page, buyer, { address: `${id} Marina`, city: 'Lagos Island', state: 'Lagos', shipping: '2500' });
    await proceedToPayment(page, CHECKOUT);
    // 10,000 + VAT 750 + shipping 2,500.
    const declined = await onPaystack(page, { naira: 13_250, email: buyer.email }, 'Decline');

    await backOnStatusPage(page, declined);
    await page.getByRole('heading', { name: 'Payment Declined.' }).waitFor();
    await page.getByText('Your payment was not successful, please check the cart to remake payment', { exact: true }).waitFor();
    await expectWebhookAccepted(declined);
    await checkShopScreen(page, 'payment status on Paystack, declined');
    await expectCartInShop(page, 1);

    // Try again, from the keyboard: a new payment of the same order on a new Paystack page.
    await page.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    const retried = await onPaystack(page, { naira: 13_250, email: buyer.email }, 'Pay');
    expect(retried).not.toBe(declined);

    await backOnStatusPage(page, retried);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expectCartInShop(page, 0);
    await page.getByRole('link', { name: 'View order details' }).click();
    await expectOrderDetails(page, retried, { Name: buyer.name, 'Final Total': 'NGN 13,250', 'Payment Status': 'Paid' }, ['Blue TapCard × 1 (NGN 10,000)']);
  });

  it('a paid ticket paid on Paystack goes to the ticket with its access link', async () => {
    const event = await createEventViaApi(product.baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const page = await phone();
    const { email } = await registerForPaidTicket(page, event);
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    const reference = await onPaystack(page, { naira: 15_000, email }, 'Pay');

    await page.waitForURL('**/event/u/token/**');
    await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await page.getByRole('link', { name: 'Open my event access' }).waitFor();
    await checkScreen(page, 'ticket paid on Paystack');
    await expectWebhookAccepted(reference);
  });

  it('a paid ticket declined on Paystack says Payment Declined. and Try again registers and pays again', async () => {
    const event = await createEventViaApi(product.baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const page = await phone();
    const { email } = await registerForPaidTicket(page, event, 'Chidi Decline');
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    const declined = await onPaystack(page, { naira: 15_000, email }, 'Decline');

    await page.waitForURL((url) => url.pathname === '/event/p/ticket/successful' && url.searchParams.get('reference') === declined);
    await page.getByRole('heading', { level: 1, name: 'Payment Declined.' }).waitFor();
    await page.getByText('Your payment was declined, so no ticket was issued.', { exact: true }).waitFor();
    await checkScreen(page, 'ticket declined on Paystack');
    await expectWebhookAccepted(declined);

    // Try again: the declined reservation was given back, so the same buyer registers and pays again.
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(`**/events/l/${event.clean_name}/register`);
    await registerForPaidTicket(page, event, 'Chidi Decline', email);
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    const paid = await onPaystack(page, { naira: 15_000, email }, 'Pay');
    expect(paid).not.toBe(declined);
    await page.waitForURL('**/event/u/token/**');
    await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  });
});
