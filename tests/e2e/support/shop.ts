import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.js';
import { appReady } from './browser.js';
import { expectNoHorizontalOverflow } from './layout.js';
import { waitForToastsToGo } from './toasts.js';

/** The shop's steps as a visitor takes them, shared by the journeys on each payment provider. */

/** Overflow and axe on the screen, once its toasts have gone (axe reads a fading toast as low contrast). */
export async function checkShopScreen(page: Page, label: string): Promise<void> {
  await waitForToastsToGo(page);
  await expectNoHorizontalOverflow(page, label);
  await expectNoSeriousA11yViolations(page, label);
}

/** An element's text as the user reads it, white space collapsed. */
export const text = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The figure next to a label in a list of totals (<dt>label</dt><dd>figure</dd>). */
export function figure(scope: Locator | Page, label: string): Locator {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return scope.locator('dt', { hasText: exact }).locator('xpath=following-sibling::dd[1]');
}

export async function expectTotals(scope: Locator | Page, expected: { subtotal: string; shipping?: string; vat: string; total: string }): Promise<void> {
  await expect.poll(() => text(figure(scope, 'Subtotal'))).toBe(expected.subtotal);
  if (expected.shipping) await expect.poll(() => text(figure(scope, 'Shipping'))).toBe(expected.shipping);
  await expect.poll(() => text(figure(scope, 'VAT (7.5%)'))).toBe(expected.vat);
  await expect.poll(() => text(figure(scope, 'Total (NGN)'))).toBe(expected.total);
}

/** Each list item's text as the user reads it, white space collapsed. */
export const lineTexts = async (items: Locator): Promise<string[]> => (await items.allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim());

export const cartButton = (page: Page): Locator => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

/** Waits until the cart button counts `count` cards (only where the cart sits behind a button: small screens). */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
}

/**
 * Chooses a colour and a quantity and adds them, then waits for the badge to count `expectCount`. The
 * shop is server-rendered: the form is filled once the scripts have taken it over, not before (they
 * would set it back to its defaults).
 */
export async function addToCart(page: Page, colour: string, qty: number, expectCount: number): Promise<void> {
  await appReady(page);
  await page.getByLabel('Colour', { exact: true }).selectOption(colour);
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectCartCount(page, expectCount);
  // Quantity resets to 1 after adding.
  await expect.poll(() => page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('1');
}

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Your Cart' });
  await dialog.waitFor();
  return dialog;
}

/** A cart of the given lines, through the shop's own form, then on to the checkout page. */
export async function cartThenCheckout(page: Page, lines: [colour: string, qty: number][]): Promise<void> {
  await page.goto('/get-card');
  let count = 0;
  for (const [colour, qty] of lines) {
    count += qty;
    await addToCart(page, colour, qty, count);
  }
  const cart = await openCart(page);
  await cart.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

export async function fillDelivery(page: Page, buyer: { name: string; email: string }, address: { address: string; city: string; state: string; shipping: '2500' | '5000' }): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(buyer.name);
  await page.getByLabel('Phone', { exact: true }).fill('08031234567');
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByLabel('Address', { exact: true }).fill(address.address);
  await page.getByLabel('City', { exact: true }).fill(address.city);
  await page.getByLabel('State', { exact: true }).selectOption(address.state);
  await expect.poll(() => page.getByLabel('Country', { exact: true }).inputValue()).toBe('Nigeria');
  // The shipping zone follows the address: shown, never chosen.
  const zone = address.shipping === '2500' ? 'Within Lagos (NGN 2,500)' : 'Outside Lagos (NGN 5,000)';
  await expect.poll(() => page.getByLabel('Shipping', { exact: true }).inputValue()).toBe(zone);
}

/** Submits the checkout and waits for the page at `provider` (a URL pattern of the provider's payment page). */
export async function proceedToPayment(page: Page, provider: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await page.waitForURL(provider);
}

/**
 * The order details page of the order shown: its reference and payment status, and the figures
 * and items the buyer sees.
 */
export async function expectOrderDetails(page: Page, reference: string, details: Record<string, string>, items: string[]): Promise<void> {
  await page.getByRole('heading', { name: 'Order Details' }).waitFor();
  expect(await text(page.getByText(/^Reference /))).toBe(`Reference ${reference}`);
  for (const [label, value] of Object.entries(details)) await expect.poll(() => text(figure(page, label)), { message: label }).toBe(value);
  expect(await lineTexts(page.getByRole('list', { name: 'Items' }).getByRole('listitem'))).toEqual(items);
}
