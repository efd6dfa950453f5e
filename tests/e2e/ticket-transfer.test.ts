import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { browsers, pagesOn } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { openStaffLink, scan, tamperedTicket, ticketOf, TRANSFERRED } from './support/door.js';
import { createEventViaApi, FREE_SEATS, localDay, registerViaApi } from './support/live-events.js';
import { unique, type Account } from './support/people.js';
import { verifiedOrganiser } from './support/organiser.js';
import { accessMail, openEditName, openTicket, openTransfer, saveName, transferTo } from './support/ticket-page.js';
import { startMailingProduct, stopMailingProduct, type RunningProduct } from './support/product.js';
import { checkScreen, expectFieldError } from './support/screens.js';

/**
 * An attendee's own changes on their ticket page, on 390 px phones, with staff phones at the door and
 * the mail read from a real SMTP server: the attendee edits their name and the doors find them by it;
 * then they transfer the ticket: their page says so, the online door refuses the old QR code with the
 * reason (and, once it has the news, refuses it offline too), a phone that was offline since before the
 * transfer admits it and is told when it syncs that it was not counted, and the new holder's ticket,
 * from their own access mail, opens and admits them.
 */

let smtp: TestSmtp;
let product: RunningProduct;
beforeAll(async () => ({ smtp, product } = await startMailingProduct()));
afterAll(() => stopMailingProduct({ smtp, product }));

const PHONE = 390;

const phone = pagesOn(browsers({ baseURL: 'http://127.0.0.1', width: PHONE, height: 844, reducedMotion: 'reduce' }), () => product.baseUrl);

/** An organiser whose address was verified with the code mailed through the SMTP server. */
const organiser = (): Promise<Account> => verifiedOrganiser(product.baseUrl, smtp, 'transfer', 'Transfer Organiser');

const freeEvent = (account: Account): Promise<Event> =>
  createEventViaApi(product.baseUrl, account.authorization, { title: `Transfer Night ${unique()}`, start: localDay(0), end: localDay(1), prices: FREE_SEATS });

describe('ticket page: edit name and transfer', () => {
  it('an edited name reaches the door; a transfer kills the old QR code at an online door and at one that syncs later, and the new holder’s mailed ticket works', async () => {
    const account = await organiser();
    const event = await freeEvent(account);
    const ada = await registerViaApi(product.baseUrl, event, 'Ada Obi');
    const oldTicket = await ticketOf(product.baseUrl, ada);

    // The staff phone at the north gate, online.
    const door = await phone();
    await openStaffLink(door, product.baseUrl, account, event, 'North gate');

    // The attendee edits their name on the ticket page.
    const attendee = await phone();
    await openTicket(attendee, ada.tid);
    await checkScreen(attendee, 'ticket page with Edit name and Transfer ticket');
    const nameDialog = await openEditName(attendee);
    await nameDialog.getByLabel('Name').fill(' ');
    await nameDialog.getByRole('button', { name: 'Save name' }).click();
    await expectFieldError(nameDialog.getByLabel('Name'), 'Name is required');
    await checkScreen(attendee, 'Edit name dialog');
    await saveName(attendee, nameDialog, 'Ada King');

    // The door finds them by the new name.
    await door.getByRole('searchbox', { name: 'Find an attendee' }).fill('King');
    await door.getByRole('button', { name: 'Search' }).click();
    await door.getByRole('button', { name: 'Check in Ada King' }).waitFor();

    // A second door phone, at the west gate, holds the list and then loses the network before the transfer.
    const west = await phone();
    await openStaffLink(west, product.baseUrl, account, event, 'West gate');
    await expect.poll(() => west.getByRole('region', { name: 'Checked in' }).getAttribute('data-listed')).toBe('1');
    await west.context().setOffline(true);
    // Offline, it finds the attendee by the new name in its own list.
    await west.getByRole('searchbox', { name: 'Find an attendee' }).fill('King');
    await west.getByRole('button', { name: 'Search' }).click();
    await west.getByRole('button', { name: 'Check in Ada King' }).waitFor();

    // The attendee transfers the ticket, after a confirmation that the QR code stops working.
    const graceEmail = `grace.${unique()}@e2e.tapcard.local`;
    const transfer = await openTransfer(attendee);
    await transfer.getByRole('button', { name: 'Continue' }).click();
    await expectFieldError(transfer.getByLabel('Their email'), 'Email is required');
    await checkScreen(attendee, 'Transfer ticket dialog');
    await transferTo(attendee, transfer, { name: 'Grace Hopper', email: graceEmail }, () => checkScreen(attendee, 'Transfer confirmation'));
    await expectCount(attendee.getByText(/Grace/)).toBe(0);
    await checkScreen(attendee, 'transferred ticket page');
    // Reopened, the old link says the same.
    await attendee.reload();
    await attendee.getByRole('heading', { name: 'This ticket was transferred' }).waitFor();

    // The online door refuses the old QR code, with the reason.
    await scan(door, oldTicket);
    const refused = door.locator('[data-testid="door-result"][data-outcome="invalid"]');
    await refused.waitFor();
    expect(await refused.innerText()).toContain(TRANSFERRED);
    // Its list now knows the ticket was transferred: offline, it refuses the old QR code by itself.
    await door.context().setOffline(true);
    // A forged ticket first, so the card shows a new refusal for the old QR code below.
    await scan(door, tamperedTicket(oldTicket));
    await door.locator('[data-testid="door-result"][data-outcome="invalid"]', { hasText: 'Ticket is not genuine' }).waitFor();
    await scan(door, oldTicket);
    await door.locator('[data-testid="door-result"][data-outcome="invalid"]', { hasText: TRANSFERRED }).waitFor();
    expect(await door.getByTestId('door-queue').textContent()).toBe('0');
    await door.context().setOffline(false);

    // The west phone, offline since before the transfer, admits the old QR code; when it syncs, the server refuses it and the phone says why.
    await scan(west, oldTicket);
    await west.locator('[data-testid="door-result"][data-outcome="queued"]').waitFor();
    await west.context().setOffline(false);
    await expect.poll(() => west.getByTestId('door-queue').textContent(), { timeout: 20_000 }).toBe('0');
    const notice = west.getByRole('region', { name: 'Sync notices' }).getByRole('listitem');
    await expectCount(notice).toBe(1);
    expect(await notice.textContent()).toContain(`not counted (${TRANSFERRED})`);

    // The new holder's own mail: its link opens their ticket, and its QR code admits them.
    const mail = await accessMail(smtp, graceEmail, event);
    expect(mail.text).toContain('Grace Hopper');
    const link = linkInMail(mail, '/event/u/token/');
    const newTid = matchPage(pagePatterns.eventToken, link.href)?.tid ?? '';
    expect(newTid).not.toBe(ada.tid);
    const grace = await phone();
    await grace.goto(link.pathname);
    await grace.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await grace.getByText('Grace Hopper', { exact: true }).first().waitFor();
    const newTicket = await ticketOf(product.baseUrl, { ...ada, tid: newTid });
    expect(newTicket).not.toBe(oldTicket);
    await scan(door, newTicket);
    await door.locator('[data-testid="door-result"][data-outcome="admitted"]', { hasText: 'Grace Hopper' }).waitFor();
    // Only one access mail went to the new holder.
    expect(smtp.mails.filter(sentTo(graceEmail))).toHaveLength(1);
  });
});
