import type { Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { expectNoHorizontalOverflow } from './layout.js';
import { unique } from './people.js';

/**
 * Registers for the event's paid ticket through its registration form, as a visitor does, and waits
 * for the payment step (the ticket held, a link on to the provider's page). Answers the email used
 * (a new one unless given).
 */
export async function registerForPaidTicket(page: Page, event: Event, name = 'Tolu Payer', givenEmail?: string): Promise<{ email: string }> {
  const paid = event.prices.find((p) => p.amount > 0);
  if (!paid) throw new Error('the event has no paid ticket');
  const email = givenEmail ?? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${unique()}@e2e.tapcard.local`;
  await page.goto(`/events/l/${event.clean_name}/register`);
  await page.getByLabel('Full Name').waitFor();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+2348031234567');
  await page.getByLabel('Choose Ticket').selectOption(paid.id);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Complete your payment' }).waitFor();
  return { email };
}

/**
 * Registers for the event's paid ticket and pays on the Paystack checkout (the local fake's hosted
 * page): the ticket page, and the payment's reference and the access token.
 */
export async function buyTicket(page: Page, event: Event, name: string): Promise<{ email: string; reference: string; tid: string }> {
  const { email } = await registerForPaidTicket(page, event, name);
  await page.getByText(/^Full refund until /).waitFor();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/[a-f0-9]+$/);
  const reference = (await page.locator('code').textContent()) ?? '';
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/event/u/token/**');
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  const tid = matchPage(pagePatterns.eventToken, new URL(page.url()).pathname)?.tid ?? '';
  return { email, reference, tid };
}

/** Opens Cancel ticket's dialog, checks nothing scrolls sideways; answers the outcome it states. */
export async function openCancelDialog(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Cancel ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your ticket?' });
  await dialog.waitFor();
  const outcome = dialog.getByTestId('cancel-outcome');
  // vi.waitFor, not expect.poll: concurrent tests do not keep the current test expect.poll needs.
  await vi.waitFor(async () => expect(await outcome.textContent()).not.toBe('Checking what you get back…'), { timeout: 30_000, interval: 100 });
  await expectNoHorizontalOverflow(page, 'cancel dialog');
  return (await outcome.textContent()) ?? '';
}
