import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { checkScreen } from './support/screens.js';
import { browsers } from './support/browser.js';
import { createEventViaApi, localDay } from './support/live-events.js';
import { createOrganiser, type Account } from './support/people.js';
import { registerForPaidTicket } from './support/tickets.js';

/**
 * A paid ticket in the browser: the payment step shows how long the ticket is held, the provider's
 * page is reached, and a declined payment comes back to 'Payment Declined.' with a way to try again
 * (it used to bounce between the app and the provider's page without a word).
 */

const baseUrl = inject('baseUrl');
let organiser: Account;
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl);
});

describe('paid ticket payment', () => {
  it('shows the hold countdown, and a declined payment says so and offers to register again', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const { context } = await browser();
    const page = await context.newPage();
    await registerForPaidTicket(page, event);

    // The payment step: the ticket is held 15 minutes, counting down.
    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^1[45]:\d\d$/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 30_000 }).not.toBe(first);
    await checkScreen(page, 'ticket payment step');

    // The provider's page, then decline.
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/api/pay/test/**');
    await page.getByRole('button', { name: 'Decline payment' }).click();

    // Back in the app: the declined state, staying put.
    await page.waitForURL('**/event/p/ticket/successful**');
    await page.getByRole('heading', { level: 1, name: 'Payment Declined.' }).waitFor();
    await expectCount(page.getByText('Your payment was declined, so no ticket was issued.', { exact: true })).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/event/p/ticket/successful');
    await checkScreen(page, 'ticket payment declined');

    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(`**/events/l/${event.clean_name}/register`);
    await page.getByLabel('Choose Ticket').waitFor();
  });
});
