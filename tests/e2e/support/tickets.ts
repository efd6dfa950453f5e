import type { Event } from '@tapcard/shared/contract';
import type { Page } from 'playwright-core';
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
