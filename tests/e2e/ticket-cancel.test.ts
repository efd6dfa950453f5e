import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, serviceCalls, type Event } from '@tapcard/shared/contract';
import { sentTo, startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack.js';
import { callApi } from './support/api.js';
import { browsers, pagesOn } from './support/browser.js';
import { expectNoHorizontalOverflow } from './support/layout.js';
import { createEventViaApi, localDay } from './support/live-events.js';
import { unique, type Account } from './support/people.js';
import { verifiedOrganiser } from './support/organiser.js';
import { startProductWithOwnDatabase, type RunningProduct } from './support/product.js';
import { buyTicket, openCancelDialog } from './support/tickets.js';

/**
 * Cancelling a paid ticket from the ticket page, on a 390 px phone, with Paystack as the payment
 * provider (the local fake of its API, hosted checkout and signed webhooks, sent to the product's
 * gateway) and the mail read from a real SMTP server. Inside the event's refund window the
 * confirmation says the payment is refunded in full; the seat goes back at once, Paystack is asked to
 * refund, and its refund.processed webhook turns the page's refund state to processed and mails the
 * attendee. Outside the window the dialog says there is no refund, and cancelling frees the seat
 * without asking Paystack for anything.
 */

let smtp: TestSmtp;
let paystack: FakePaystack;
let product: RunningProduct;
beforeAll(async () => {
  smtp = await startTestSmtp();
  paystack = await startFakePaystack();
  product = await startProductWithOwnDatabase({ SMTP_URL: smtp.url, PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url });
  paystack.webhookUrl = `${product.baseUrl}/api${serviceCalls.paystackWebhook.path}`;
});
afterAll(async () => {
  await product?.stop();
  await paystack?.close();
  await smtp?.stop();
});

const PHONE = 390;
const MAIL_TIMEOUT_MS = 60_000;
const UI_TIMEOUT_MS = 30_000;
const VIP = 15_000;

const phone = pagesOn(browsers({ baseURL: 'http://127.0.0.1', width: PHONE, height: 844, reducedMotion: 'reduce' }), () => product.baseUrl);

/** An organiser whose address was verified with the code mailed through the SMTP server. */
const organiser = (): Promise<Account> => verifiedOrganiser(product.baseUrl, smtp, 'refunds', 'Refund Organiser');

/** A paid event with a full refund until 48 hours before its start. */
const paidEvent = (account: Account, start: string, end: string): Promise<Event> =>
  createEventViaApi(product.baseUrl, account.authorization, {
    title: `Refund Night ${unique()}`,
    start,
    end,
    prices: [{ title: 'VIP', amount: VIP, attendees: 1, withChips: 'without' }],
    refund_policy: 'before_start',
    refund_hours: 48,
  });

/** The event's VIP seats taken, as the organiser reads them. */
async function vipSold(account: Account, event: Event): Promise<number> {
  const answer = (await callApi(product.baseUrl, calls.getEvent, { authorization: account.authorization, params: { id: event.id } })).answer;
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.prices[0]?.sold ?? -1;
}

describe('cancel a paid ticket', () => {
  it('inside the refund window: the seat goes back, Paystack refunds it, the page follows the refund to processed and the attendee is mailed', async () => {
    const account = await organiser();
    const event = await paidEvent(account, `${localDay(5)}T18:00`, localDay(6));
    const page = await phone();
    const { email, reference, tid } = await buyTicket(page, event, 'Ngozi Refund');
    expect(await vipSold(account, event)).toBe(1);

    await page.getByText(/^Full refund until .+\. No refund after that\.$/).waitFor();
    expect(await openCancelDialog(page)).toBe('Your payment of NGN 15,000 will be refunded in full to the card you paid with.');
    await page.getByRole('button', { name: 'Cancel my ticket' }).click();

    await page.getByRole('heading', { level: 1, name: 'Ticket cancelled' }).waitFor();
    await page.getByText(/^You cancelled this ticket\./).waitFor();
    expect(await vipSold(account, event)).toBe(0);
    // The page may hear of the cancel live, before the cancel's answer (and its refund request) is back.
    await expect.poll(() => paystack.refundRequests.filter((r) => r.transaction === reference), { timeout: UI_TIMEOUT_MS }).toEqual([{ transaction: reference, amount: VIP * 100 }]);
    // The access token opens nothing any more.
    expect((await callApi(product.baseUrl, calls.eventToken, { params: { id: tid } })).status).toBe(404);

    // Paystack's refund.processed webhook reaches the product through its gateway; the page reads it.
    const state = page.getByTestId('refund-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('processed');
    expect(await state.textContent()).toBe('Refund processed: the money is on its way back to the card.');
    await expectNoHorizontalOverflow(page, 'cancelled ticket');
    const mail = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Refund processed: ${event.title}`, MAIL_TIMEOUT_MS);
    expect(mail.text).toContain('Your refund of NGN 15,000 for the cancelled VIP ticket');
    const confirmation = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Ticket cancelled: ${event.title}`, MAIL_TIMEOUT_MS);
    expect(confirmation.text).toContain('A full refund of NGN 15,000 has been requested.');

    // The seat is on sale again: another buyer takes it.
    const next = await phone();
    await buyTicket(next, event, 'Tunde Next');
    expect(await vipSold(account, event)).toBe(1);
  });

  it('outside the refund window: cancel says there is no refund and frees the seat without one', async () => {
    const account = await organiser();
    const event = await paidEvent(account, localDay(1), localDay(2));
    const page = await phone();
    const { email, reference } = await buyTicket(page, event, 'Femi Late');

    expect(await openCancelDialog(page)).toMatch(/^No refund: refunds ended on .+\. Your seat goes back on sale\.$/);
    await page.getByRole('button', { name: 'Cancel my ticket' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ticket cancelled' }).waitFor();
    expect(await page.getByTestId('refund-state').textContent()).toBe('No refund is due for this ticket.');
    expect(await vipSold(account, event)).toBe(0);
    expect(paystack.refundRequests.filter((r) => r.transaction === reference)).toEqual([]);
    const confirmation = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Ticket cancelled: ${event.title}`, MAIL_TIMEOUT_MS);
    expect(confirmation.text).toMatch(/No refund is due: refunds for this event ended on .+\./);
  });
});
