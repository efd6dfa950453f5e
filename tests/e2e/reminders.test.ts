import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Event } from '@tapcard/shared/contract';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { callApi } from './support/api.js';
import { moveClockTo, MOVABLE_CLOCK } from './support/clock.js';
import { browsers, pagesOn } from './support/browser.js';
import { registerOnOpenLink, registerViaApi } from './support/live-events.js';
import { mailWith, messageStatus, scheduleMessage } from './support/messages.js';
import { signIn, unique, type Account } from './support/people.js';
import { verifiedOrganiser } from './support/organiser.js';
import { startMailingProduct, stopMailingProduct, type RunningProduct } from './support/product.js';

/**
 * The 24-hour reminder and a scheduled message, read from a real SMTP server, on the product's movable
 * clock (its upstream runs with CLOCK_CONTROL=on; each move runs its periodic jobs once): an
 * organiser's event starts a day and half an hour from now, its page shows both reminders on; an
 * attendee registers on the open link. The organiser schedules a message to 'Not yet checked in' on the
 * Messages page for an hour from now. The clock moves to a day before the start: the reminder comes,
 * with the door QR code inline, the venue and the time, and its ticket link opens the ticket; the
 * message still waits. The clock moves to a minute before its time: it still waits. The clock moves to
 * its time: the two attendees not checked in get it, the one who is does not, and the history shows it
 * sent. On a 390 px phone.
 */

let smtp: TestSmtp;
let product: RunningProduct;
beforeAll(async () => ({ smtp, product } = await startMailingProduct(MOVABLE_CLOCK)));
afterAll(() => stopMailingProduct({ smtp, product }));

const PHONE = 390;
const MAIL_TIMEOUT_MS = 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const phone = pagesOn(browsers({ baseURL: 'http://127.0.0.1', width: PHONE, height: 844 }), () => product.baseUrl);

/** An organiser whose address was verified with the code mailed through the SMTP server. */
const organiser = (): Promise<Account> => verifiedOrganiser(product.baseUrl, smtp, 'reminders', 'Reminder Organiser');

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

async function eventStartingIn(account: Account, ms: number): Promise<{ event: Event; start: Date }> {
  const start = new Date(Math.ceil((Date.now() + ms) / MINUTE) * MINUTE);
  const created = await callApi(product.baseUrl, calls.createEvent, {
    authorization: account.authorization,
    body: {
      title: `Reminder Night ${unique()}`,
      description: 'Talks and demos.',
      location: 'Yaba Tech Hub, Lagos',
      image: '',
      start_date: isoSeconds(start),
      end_date: isoSeconds(new Date(start.getTime() + 26 * HOUR)),
      prices: [{ title: 'Free', amount: 0, attendees: 20, withChips: 'without' }],
      gallery: [],
    },
  });
  if (created.answer.success !== 'true') throw new Error(created.answer.message);
  return { event: created.answer.data, start };
}

describe('event reminders and a scheduled message, on the product’s movable clock', () => {
  it('the 24-hour reminder arrives with the QR a day before the start, and a scheduled message goes at its time, not before, to those not checked in only', async () => {
    const account = await organiser();
    const { event, start } = await eventStartingIn(account, 24 * HOUR + 30 * MINUTE);
    // Two more attendees, one of them checked in already, for the message.
    const [inside, away] = await Promise.all([registerViaApi(product.baseUrl, event, 'Ada Inside'), registerViaApi(product.baseUrl, event, 'Bayo Away')]);
    const checkedIn = await callApi(product.baseUrl, calls.checkIn, { authorization: account.authorization, params: { id: inside.id }, body: { event_id: event.id, checked_in: true } });
    expect(checkedIn.answer.success).toBe('true');

    // The organiser's event page: both reminders on, as switches.
    const desk = await phone();
    await signIn(desk, account);
    await desk.goto(`/event/${event.id}`);
    const section = desk.getByRole('region', { name: 'Reminders' });
    await section.waitFor();
    expect(await section.getByRole('switch', { name: '24 hours before' }).getAttribute('aria-checked')).toBe('true');
    expect(await section.getByRole('switch', { name: '1 hour before' }).getAttribute('aria-checked')).toBe('true');
    const width = await desk.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE);

    // The attendee registers on the open link and gets the access mail.
    const name = 'Ngozi Eze';
    const email = `ngozi.${unique()}@e2e.tapcard.local`;
    const attendee = await phone();
    await registerOnOpenLink(attendee, event, name, email);
    await smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject === `Your access to ${event.title}`, MAIL_TIMEOUT_MS);

    // The organiser schedules a message to those not checked in, for the first whole minute an hour away (the field takes minutes).
    await desk.goto(`/event/${event.id}/messages`);
    await desk.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const sendAt = new Date(Math.ceil((Date.now() + HOUR) / MINUTE) * MINUTE);
    const subject = `See you tomorrow ${unique()}`;
    await scheduleMessage(desk, 'Not yet checked in', 'This message will go to 2 people.', subject, 'Doors open at six.', sendAt);
    const item = desk.getByTestId('message-item').filter({ hasText: subject });
    await item.getByText('Scheduled', { exact: true }).waitFor();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);

    // A day before the start: the reminder, once, with the QR code inline, the venue and the time. The message waits for its time.
    const dayBefore = await moveClockTo(product, new Date(start.getTime() - 24 * HOUR + MINUTE));
    expect(dayBefore.ran).toEqual(expect.arrayContaining(['reminders.due', 'messages.dispatch']));
    const reminder = await smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject === `Reminder: ${event.title} starts tomorrow`, MAIL_TIMEOUT_MS);
    expect(reminder.text).toContain(`Hello ${name},`);
    expect(reminder.text).toContain(`${event.title} starts tomorrow: `);
    expect(reminder.text).toContain('Where: Yaba Tech Hub, Lagos');
    const qr = reminder.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBeTruthy();
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(reminder.html).toContain(`src="cid:${qr?.cid}"`);
    expect(reminder.text).toMatch(/Your ticket code: \S+/);
    expect(await messageStatus(product.baseUrl, account, event, subject)).toBe('scheduled');

    // A minute before its time the message still waits; at its time it goes, to the two not checked in.
    await moveClockTo(product, new Date(sendAt.getTime() - MINUTE));
    expect(await messageStatus(product.baseUrl, account, event, subject)).toBe('scheduled');
    await moveClockTo(product, sendAt);
    const messages = await Promise.all([smtp.waitFor(mailWith(email, subject), MAIL_TIMEOUT_MS), smtp.waitFor(mailWith(away.email, subject), MAIL_TIMEOUT_MS)]);
    for (const mail of messages) expect(mail.text).toContain('Doors open at six.');

    // Its ticket link opens the attendee's ticket.
    const link = linkInMail(reminder, '/recover-ticket/');
    expect(link.origin).toBe(product.baseUrl);
    const opened = await phone();
    await opened.goto(link.href);
    await opened.waitForURL('**/event/u/token/**');
    await opened.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await opened.getByText(name, { exact: true }).waitFor();
    expect(smtp.mails.filter((m) => sentTo(email)(m) && m.subject?.startsWith('Reminder:') === true)).toHaveLength(1);

    // The history follows the message to sent, every delivery counted: two, so the checked-in attendee had none.
    await item.getByText('Sent', { exact: true }).waitFor({ timeout: MAIL_TIMEOUT_MS });
    await expect.poll(() => item.getByTestId('message-counts').textContent(), { timeout: MAIL_TIMEOUT_MS }).toBe('2 sent · 0 queued · 0 failed');
    expect(smtp.mails.filter(mailWith(inside.email, subject))).toEqual([]);
  }, 6 * MINUTE);
});
