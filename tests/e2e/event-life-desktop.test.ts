import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { calls, serviceCalls, type Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { linkInMail, sentTo, startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack.js';
import { callApi } from './support/api.js';
import { moveClockTo, MOVABLE_CLOCK } from './support/clock.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { browsers } from './support/browser.js';
import { openStaffLink, scan, ticketOf, TRANSFERRED } from './support/door.js';
import { createEventViaApi, localDay, markDocument, registerViaApi, sameDocument, waitUntilLive, type Registered } from './support/live-events.js';
import { mailWith, messageStatus, scheduleMessage, sendMessage } from './support/messages.js';
import { verifiedOrganiser } from './support/organiser.js';
import { signIn, unique, type Account } from './support/people.js';
import { startProductWithOwnDatabase, type RunningProduct } from './support/product.js';
import { checkScreen } from './support/screens.js';
import { accessMail, askAgain, LOST_TICKET_ANSWER, openEditName, openTicket, openTransfer, recoveryMail, saveName, transferTo } from './support/ticket-page.js';
import { buyTicket, openCancelDialog } from './support/tickets.js';

/**
 * The event's life before and on the night, on a 1280×800 desktop (the 390 px phone journeys walk each
 * flow in depth; this one walks each once at desktop width, every screen checked for sideways scroll and
 * by axe). One product (Paystack as its payment provider, the local fake of its API), one real SMTP
 * server and one Chromium, a context per user; the flows run side by side. The product's clock is
 * movable (CLOCK_CONTROL=on): two flows move it forward a few minutes, less than any hold or link of
 * the other flows lasts:
 * - the organiser schedules a message to 'Not yet checked in' on the Messages page; the history shows
 *   it scheduled; a minute before its time it still waits; at its time the product mails only the
 *   attendees not checked in, and the history shows it sent;
 * - the 24-hour reminder of an event starting a day and a few minutes from now arrives, once the clock
 *   is a day before the start, with the door QR code inline, and its link opens the ticket;
 * - on a live event, the organiser sends a message to 'Not yet checked in' now: the open arena of an
 *   attendee not checked in shows it live, a checked-in attendee's open arena does not;
 * - 'Lost your ticket?' on the public event page mails a link that opens the ticket;
 * - an attendee of a live event edits their name (an online door finds them by it, the organiser's
 *   attendees page shows it), then transfers the ticket: the door refuses the old QR code with the
 *   reason, a door offline since before the transfer admits it and, when it syncs, says it was not
 *   counted and why; the new holder's mailed link opens a working ticket, the old one says it was
 *   transferred;
 * - an attendee cancels a paid ticket inside the refund window: Paystack refunds it and the page says
 *   so; outside the window, the cancel frees the seat without a refund.
 */

/** What each event of this file says of itself; its tickets and refund policy are its own. */
const eventBody = (title: string, start: string, end: string) => ({ title, description: 'Talks and demos.', location: 'Yaba Tech Hub, Lagos', image: '', start_date: start, end_date: end, gallery: [] });

let smtp: TestSmtp;
let paystack: FakePaystack;
let product: RunningProduct;
let account: Account;
/** The event of the attendee flows: a free ticket, and a paid one refunded in full until 48 hours before the start. */
let event: Event;
beforeAll(async () => {
  smtp = await startTestSmtp();
  paystack = await startFakePaystack();
  product = await startProductWithOwnDatabase({ SMTP_URL: smtp.url, PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url, ...MOVABLE_CLOCK });
  paystack.webhookUrl = `${product.baseUrl}/api${serviceCalls.paystackWebhook.path}`;
  account = await verifiedOrganiser(product.baseUrl, smtp, 'desktop', 'Desktop Organiser');
  const created = await callApi(product.baseUrl, calls.createEvent, {
    authorization: account.authorization,
    body: {
      ...eventBody(`Desktop Night ${unique()}`, `${localDay(5)}T18:00`, localDay(6)),
      prices: [
        { title: 'Free', amount: 0, attendees: 20, withChips: 'without' },
        { title: 'VIP', amount: 15_000, attendees: 5, withChips: 'without' },
      ],
      refund_policy: 'before_start',
      refund_hours: 48,
    },
  });
  if (created.answer.success !== 'true') throw new Error(created.answer.message);
  event = created.answer.data;
});
afterAll(async () => {
  await product?.stop();
  await paystack?.close();
  await smtp?.stop();
});

const DESKTOP = { width: 1280, height: 800 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MAIL_TIMEOUT_MS = MINUTE;
const UI_TIMEOUT_MS = 30_000;
/** Each flow's limit: they share a loaded 2-core machine with each other and with other journeys. */
const FLOW_TIMEOUT_MS = 8 * MINUTE;

const openDesktop = browsers({ baseURL: 'http://127.0.0.1', ...DESKTOP, reducedMotion: 'reduce' });
async function desktop(): Promise<Page> {
  const page = await (await openDesktop({ baseURL: product.baseUrl })).context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  return page;
}

/** Whether an access token opens its ticket. */
async function tokenWorks(tid: string): Promise<boolean> {
  return (await callApi(product.baseUrl, calls.eventToken, { params: { id: tid } })).status === 200;
}

/** An attendee's arena, open and live, its document marked. */
async function openArena(of: Event, attendee: Registered): Promise<Page> {
  const page = await desktop();
  await page.goto(`/event/u/arena/${attendee.tid}`);
  await page.getByRole('heading', { level: 1, name: of.title }).waitFor();
  await waitUntilLive(page);
  await markDocument(page);
  return page;
}

describe.concurrent('the event’s life at desktop width', () => {
  it("a message scheduled to 'Not yet checked in' is listed as scheduled, goes at its time to them only, and is listed as sent", async ({ expect }) => {
    const tonight = await createEventViaApi(product.baseUrl, account.authorization, { title: `Desktop Messages ${unique()}` });
    const [inside, away, late] = await Promise.all(['Ada Inside', 'Bayo Away', 'Chi Late'].map((name) => registerViaApi(product.baseUrl, tonight, name)));
    if (!inside || !away || !late) throw new Error('registration failed');
    const checkedIn = await callApi(product.baseUrl, calls.checkIn, { authorization: account.authorization, params: { id: inside.id }, body: { event_id: tonight.id, checked_in: true } });
    expect(checkedIn.answer.success).toBe('true');

    const page = await desktop();
    await signIn(page, account);
    await page.goto(`/event/${tonight.id}/view-attendees`);
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByText('No messages yet').waitFor();
    await checkScreen(page, 'Messages page');

    // The first whole minute five minutes away (the field takes minutes): the clock moves there, not an hour (a recovery link of another flow lasts one).
    const sendAt = new Date(Math.ceil((Date.now() + 5 * MINUTE) / MINUTE) * MINUTE);
    const subject = `Doors open soon ${unique()}`;
    await scheduleMessage(page, 'Not yet checked in', 'This message will go to 2 people.', subject, 'Doors open at six.\nThe map: https://maps.example.com/yaba', sendAt);
    const item = page.getByTestId('message-item').filter({ hasText: subject });
    await item.getByText('Scheduled', { exact: true }).waitFor();
    await item.getByText(/^Goes /).waitFor();
    await checkScreen(page, 'Messages page with a scheduled message');

    // A minute before its time it still waits; at its time the two not checked in get it.
    await moveClockTo(product, new Date(sendAt.getTime() - MINUTE));
    expect(await messageStatus(product.baseUrl, account, tonight, subject)).toBe('scheduled');
    await moveClockTo(product, sendAt);
    const [awayMail] = await Promise.all([smtp.waitFor(mailWith(away.email, subject), MAIL_TIMEOUT_MS), smtp.waitFor(mailWith(late.email, subject), MAIL_TIMEOUT_MS)]);
    expect(awayMail.text).toContain('Doors open at six.');

    // The history follows it to sent, with every delivery counted: two, so the checked-in attendee had none.
    await item.getByText('Sent', { exact: true }).waitFor({ timeout: MAIL_TIMEOUT_MS });
    await vi.waitFor(async () => expect(await item.getByTestId('message-counts').textContent()).toBe('2 sent · 0 queued · 0 failed'), { timeout: MAIL_TIMEOUT_MS, interval: 100 });
    expect(smtp.mails.filter(mailWith(inside.email, subject))).toEqual([]);
    await checkScreen(page, 'Messages page with the message sent');
  }, FLOW_TIMEOUT_MS);

  it('the 24-hour reminder arrives with the QR code, and its link opens the ticket', async ({ expect }) => {
    // A day and a few minutes from now (a whole minute): the clock moves to a day before it, not further than the message flow moves it.
    const start = new Date(Math.ceil((Date.now() + 24 * HOUR + 3 * MINUTE) / MINUTE) * MINUTE);
    const created = await callApi(product.baseUrl, calls.createEvent, {
      authorization: account.authorization,
      body: { ...eventBody(`Desktop Reminder ${unique()}`, start.toISOString(), new Date(start.getTime() + 26 * HOUR).toISOString()), prices: [{ title: 'Free', amount: 0, attendees: 20, withChips: 'without' }] },
    });
    if (created.answer.success !== 'true') throw new Error(created.answer.message);
    const soon = created.answer.data;
    const tola = await registerViaApi(product.baseUrl, soon, 'Tola Early');

    // The organiser's event page: both reminders on.
    const desk = await desktop();
    await signIn(desk, account);
    await desk.goto(`/event/${soon.id}`);
    const section = desk.getByRole('region', { name: 'Reminders' });
    expect(await section.getByRole('switch', { name: '24 hours before' }).getAttribute('aria-checked')).toBe('true');
    expect(await section.getByRole('switch', { name: '1 hour before' }).getAttribute('aria-checked')).toBe('true');
    await checkScreen(desk, 'event page with its reminders');

    await moveClockTo(product, new Date(start.getTime() - 24 * HOUR));
    const reminder = await smtp.waitFor(mailWith(tola.email, `Reminder: ${soon.title} starts tomorrow`), MAIL_TIMEOUT_MS);
    expect(reminder.text).toContain('Where: Yaba Tech Hub, Lagos');
    const qr = reminder.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(reminder.html).toContain(`src="cid:${qr?.cid ?? '(no QR code)'}"`);
    const page = await desktop();
    await page.goto(linkInMail(reminder, '/recover-ticket/').href);
    await page.waitForURL('**/event/u/token/**');
    await page.getByText(tola.name, { exact: true }).first().waitFor();
    await checkScreen(page, 'ticket page opened from the reminder');
  }, FLOW_TIMEOUT_MS);

  it("on a live event, a message sent now to 'Not yet checked in' shows live in their open arena, not in a checked-in attendee's", async ({ expect }) => {
    const live = await createEventViaApi(product.baseUrl, account.authorization, { title: `Desktop Arena ${unique()}` });
    const [inside, away] = await Promise.all([registerViaApi(product.baseUrl, live, 'Uche Inside'), registerViaApi(product.baseUrl, live, 'Kemi Away')]);
    const checkedIn = await callApi(product.baseUrl, calls.checkIn, { authorization: account.authorization, params: { id: inside.id }, body: { event_id: live.id, checked_in: true } });
    expect(checkedIn.answer.success).toBe('true');
    const [insideArena, awayArena] = await Promise.all([openArena(live, inside), openArena(live, away)]);

    const page = await desktop();
    await signIn(page, account);
    await page.goto(`/event/${live.id}/messages`);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const subject = `Doors close soon ${unique()}`;
    await sendMessage(page, 'Not yet checked in', 'This message will go to 1 person.', subject, 'Doors close at nine.');
    await page.getByText('Your message is on its way to 1 person.').waitFor();

    // Kemi's open arena shows it live; her mail comes, and it is every delivery (Uche had none).
    await awayArena.getByTestId('announcements-region').getByRole('list', { name: 'Pinned announcements' }).getByText(subject).waitFor();
    expect(await sameDocument(awayArena)).toBe(true);
    await checkScreen(awayArena, 'arena with an announcement');
    await smtp.waitFor(mailWith(away.email, subject), MAIL_TIMEOUT_MS);
    const item = page.getByTestId('message-item').filter({ hasText: subject });
    await vi.waitFor(async () => expect(await item.getByTestId('message-counts').textContent()).toBe('1 sent · 0 queued · 0 failed'), { timeout: MAIL_TIMEOUT_MS, interval: 100 });
    expect(smtp.mails.filter(mailWith(inside.email, subject))).toEqual([]);
    // A message to everyone after it reaches Uche's arena: by then the first would have too.
    const everyone = `Welcome ${unique()}`;
    await sendMessage(page, 'Everyone', 'This message will go to 2 people.', everyone, 'Thank you for coming.');
    await insideArena.getByText(everyone).waitFor();
    expect(await insideArena.getByText(subject).count()).toBe(0);
    expect(await sameDocument(insideArena)).toBe(true);
  }, FLOW_TIMEOUT_MS);

  it("'Lost your ticket?' on the event page mails a link that opens the ticket", async ({ expect }) => {
    const ngozi = await registerViaApi(product.baseUrl, event, 'Ngozi Lost');
    const page = await desktop();
    expect(await askAgain(page, event, ngozi.email)).toBe(LOST_TICKET_ANSWER);
    await checkScreen(page, "event page with 'Lost your ticket?' answered");

    const link = linkInMail(await recoveryMail(smtp, ngozi.email, event), '/recover-ticket/');
    expect(link.origin).toBe(product.baseUrl);
    await page.goto(link.href);
    await page.waitForURL('**/event/u/token/**');
    await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await page.getByText(ngozi.name, { exact: true }).first().waitFor();
    await checkScreen(page, 'ticket page opened from the recovery mail');
  }, FLOW_TIMEOUT_MS);

  it('an attendee edits their name, which an online door and the organiser see, then transfers the ticket: an online door refuses the old QR code and one that syncs later reports it not counted, the new holder’s mailed link works and the old one says it was transferred', async ({ expect }) => {
    const live = await createEventViaApi(product.baseUrl, account.authorization, { title: `Desktop Door ${unique()}` });
    const ada = await registerViaApi(product.baseUrl, live, 'Ada Obi');
    const oldTicket = await ticketOf(product.baseUrl, ada);
    const door = await desktop();
    await openStaffLink(door, product.baseUrl, account, live, 'Main entrance');
    await checkScreen(door, 'door page');
    // A second door, at the west gate, holds the list and then loses the network before the transfer.
    const west = await desktop();
    await openStaffLink(west, product.baseUrl, account, live, 'West gate');
    await vi.waitFor(async () => expect(await west.getByRole('region', { name: 'Checked in' }).getAttribute('data-listed')).toBe('1'), { timeout: UI_TIMEOUT_MS, interval: 100 });
    await west.context().setOffline(true);

    const attendee = await desktop();
    await openTicket(attendee, ada.tid);
    await checkScreen(attendee, 'ticket page with Edit name and Transfer ticket');
    const nameDialog = await openEditName(attendee);
    await checkScreen(attendee, 'Edit name dialog');
    await saveName(attendee, nameDialog, 'Ada Kingsley');

    // The online door finds them by the new name; the organiser's attendees page shows it.
    await scan(door, 'Kingsley');
    await door.getByRole('button', { name: 'Check in Ada Kingsley' }).waitFor();
    const desk = await desktop();
    await signIn(desk, account);
    await desk.goto(`/event/${live.id}/view-attendees`);
    await desk.getByRole('button', { name: /Ada Kingsley/ }).waitFor();
    expect(await desk.getByRole('button', { name: /Ada Obi/ }).count()).toBe(0);
    await checkScreen(desk, 'attendees page');

    // The transfer, confirmed.
    const grace = { name: 'Grace Hopper', email: `grace.${unique()}@e2e.tapcard.local` };
    const transfer = await openTransfer(attendee);
    await checkScreen(attendee, 'Transfer ticket dialog');
    await transferTo(attendee, transfer, grace, () => checkScreen(attendee, 'Transfer confirmation'));
    await checkScreen(attendee, 'transferred ticket page');

    // The online door refuses the old QR code, with the reason.
    await scan(door, oldTicket);
    const refused = door.locator('[data-testid="door-result"][data-outcome="invalid"]');
    await refused.waitFor();
    expect(await refused.innerText()).toContain(TRANSFERRED);
    await checkScreen(door, 'door page refusing a transferred ticket');

    // The west door, offline since before the transfer, admits the old QR code; when it syncs, the server refuses it and the door says why.
    await scan(west, oldTicket);
    await west.locator('[data-testid="door-result"][data-outcome="queued"]').waitFor();
    await west.context().setOffline(false);
    await vi.waitFor(async () => expect(await west.getByTestId('door-queue').textContent()).toBe('0'), { timeout: UI_TIMEOUT_MS, interval: 100 });
    const notice = west.getByRole('region', { name: 'Sync notices' }).getByRole('listitem');
    await notice.first().waitFor();
    expect(await notice.count()).toBe(1);
    expect(await notice.textContent()).toContain(`not counted (${TRANSFERRED})`);
    await checkScreen(west, 'door page with a sync notice');

    // The new holder's own mail opens their ticket; the old link says it was transferred.
    const link = linkInMail(await accessMail(smtp, grace.email, live), '/event/u/token/');
    const newTid = matchPage(pagePatterns.eventToken, link.pathname)?.tid ?? '';
    expect(newTid).not.toBe(ada.tid);
    const holder = await desktop();
    await holder.goto(link.pathname);
    await holder.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await holder.getByText(grace.name, { exact: true }).first().waitFor();
    await checkScreen(holder, 'the new holder’s ticket page');
    expect(await tokenWorks(newTid)).toBe(true);
    await attendee.reload();
    await attendee.getByRole('heading', { name: 'This ticket was transferred' }).waitFor();
  }, FLOW_TIMEOUT_MS);

  it('an attendee cancels a paid ticket inside the refund window: Paystack refunds it and the page says so', async ({ expect }) => {
    const page = await desktop();
    const { email, reference, tid } = await buyTicket(page, event, 'Femi Refund');
    await checkScreen(page, 'paid ticket page');
    expect(await openCancelDialog(page)).toBe('Your payment of NGN 15,000 will be refunded in full to the card you paid with.');
    await expectNoSeriousA11yViolations(page, 'cancel dialog');
    await page.getByRole('button', { name: 'Cancel my ticket' }).click();

    await page.getByRole('heading', { level: 1, name: 'Ticket cancelled' }).waitFor();
    // The page may hear of the cancel live, before the cancel's answer (and its refund request) is back.
    await vi.waitFor(() => expect(paystack.refundRequests.filter((r) => r.transaction === reference)).toEqual([{ transaction: reference, amount: 15_000 * 100 }]), { timeout: UI_TIMEOUT_MS, interval: 100 });
    expect(await tokenWorks(tid)).toBe(false);
    const state = page.getByTestId('refund-state');
    await vi.waitFor(async () => expect(await state.getAttribute('data-state')).toBe('processed'), { timeout: UI_TIMEOUT_MS, interval: 100 });
    await checkScreen(page, 'cancelled ticket page');
    await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Refund processed: ${event.title}`, MAIL_TIMEOUT_MS);
  }, FLOW_TIMEOUT_MS);

  it('an attendee cancels a paid ticket outside the refund window: the seat is freed without a refund', async ({ expect }) => {
    // Tomorrow, with refunds until 48 hours before the start: the window has closed.
    const created = await callApi(product.baseUrl, calls.createEvent, {
      authorization: account.authorization,
      body: { ...eventBody(`Desktop Late ${unique()}`, localDay(1), localDay(2)), prices: [{ title: 'VIP', amount: 15_000, attendees: 1, withChips: 'without' }], refund_policy: 'before_start', refund_hours: 48 },
    });
    if (created.answer.success !== 'true') throw new Error(created.answer.message);
    const late = created.answer.data;
    const sold = async () => {
      const answer = (await callApi(product.baseUrl, calls.getEvent, { authorization: account.authorization, params: { id: late.id } })).answer;
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data.prices[0]?.sold;
    };
    const page = await desktop();
    const { email, reference } = await buyTicket(page, late, 'Sade Late');
    expect(await sold()).toBe(1);
    expect(await openCancelDialog(page)).toMatch(/^No refund: refunds ended on .+\. Your seat goes back on sale\.$/);
    await page.getByRole('button', { name: 'Cancel my ticket' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ticket cancelled' }).waitFor();
    expect(await page.getByTestId('refund-state').textContent()).toBe('No refund is due for this ticket.');
    await checkScreen(page, 'ticket cancelled without a refund');
    expect(await sold()).toBe(0);
    expect(paystack.refundRequests.filter((r) => r.transaction === reference)).toEqual([]);
    const confirmation = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Ticket cancelled: ${late.title}`, MAIL_TIMEOUT_MS);
    expect(confirmation.text).toMatch(/No refund is due: refunds for this event ended on .+\./);
  }, FLOW_TIMEOUT_MS);
});
