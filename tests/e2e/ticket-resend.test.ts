import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { callApi } from './support/api.js';
import { browsers, pagesOn } from './support/browser.js';
import { createEventViaApi, FREE_SEATS, localDay, registerOnOpenLink } from './support/live-events.js';
import { signIn, unique, type Account } from './support/people.js';
import { verifiedOrganiser } from './support/organiser.js';
import { askAgain, LOST_TICKET_ANSWER, recoveryMail } from './support/ticket-page.js';
import { startMailingProduct, stopMailingProduct, type RunningProduct } from './support/product.js';

/**
 * Re-sending a ticket, with the mail read from a real SMTP server: an attendee registers on the event's
 * open link, then uses "Lost your ticket?" and receives a one-time link (their ticket link keeps
 * working meanwhile); opening it in the browser lands on their ticket page with a new access link,
 * mailed as the access mail, and the old link stops working. An unknown email gets the same answer
 * and no mail; the organiser's "Re-send ticket" on the attendees page mails the access once more. On
 * a 390 px phone.
 */

let smtp: TestSmtp;
let product: RunningProduct;
beforeAll(async () => ({ smtp, product } = await startMailingProduct()));
afterAll(() => stopMailingProduct({ smtp, product }));

const PHONE = 390;
const MAIL_TIMEOUT_MS = 60_000;
const NEUTRAL = LOST_TICKET_ANSWER;

const phone = pagesOn(browsers({ baseURL: 'http://127.0.0.1', width: PHONE, height: 844 }), () => product.baseUrl);

/** An organiser whose address was verified with the code mailed through the SMTP server. */
const organiser = (): Promise<Account> => verifiedOrganiser(product.baseUrl, smtp, 'resend', 'Resend Organiser');

const freeEvent = (account: Account): Promise<Event> =>
  createEventViaApi(product.baseUrl, account.authorization, { title: `Resend Night ${unique()}`, start: localDay(1), end: localDay(2), prices: FREE_SEATS });

/** The access token of an access mail's link. */
function tidIn(mail: ParsedMail): string {
  return matchPage(pagePatterns.eventToken, linkInMail(mail, '/event/u/token/').href)?.tid ?? '';
}

/** The access mail for `event` to `email` whose link is none of `seen`: a mail sent again. */
function newAccessMail(email: string, event: Event, seen: string[]): Promise<ParsedMail> {
  return smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject === `Your access to ${event.title}` && !seen.includes(tidIn(mail)), MAIL_TIMEOUT_MS);
}

/** Whether an access token still opens its ticket. */
async function tokenWorks(tid: string): Promise<boolean> {
  return (await callApi(product.baseUrl, calls.eventToken, { params: { id: tid } })).status === 200;
}

async function openToken(page: Page, tid: string, name: string): Promise<void> {
  await page.goto(`/event/u/token/${encodeURIComponent(tid)}`);
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  await page.getByText(name, { exact: true }).waitFor();
}

describe('re-send a ticket', () => {
  it('Lost your ticket? mails a registered email a one-time link that replaces the ticket link; the organiser re-sends it too', async () => {
    const account = await organiser();
    const event = await freeEvent(account);
    const name = 'Chidi Okeke';
    const email = `chidi.${unique()}@e2e.tapcard.local`;

    // The attendee registers on the open link and gets the access mail.
    const attendee = await phone();
    await registerOnOpenLink(attendee, event, name, email);
    const first = await newAccessMail(email, event, []);
    const seen = [tidIn(first)];

    // An email that did not register: the same answer. Asked before the attendee's own ask below, whose
    // mail then shows the look-ups have run.
    const stranger = `nobody.${unique()}@e2e.tapcard.local`;
    expect(await askAgain(await phone(), event, stranger)).toBe(NEUTRAL);

    // Lost your ticket?: a mail with a one-time link, and no ticket link; the ticket link still works.
    const visitor = await phone();
    expect(await askAgain(visitor, event, email.toUpperCase())).toBe(NEUTRAL);
    const recovery = await recoveryMail(smtp, email, event);
    expect(recovery.text).toContain(`Hello ${name},`);
    expect(recovery.text).toContain(`Someone asked for your ticket to ${event.title} again.`);
    expect(recovery.text).not.toContain('/event/u/token/');
    const link = linkInMail(recovery, '/recover-ticket/');
    expect(link.origin).toBe(product.baseUrl);
    expect(await tokenWorks(seen[0] ?? '')).toBe(true);
    expect(smtp.mails.filter(sentTo(stranger))).toEqual([]);

    // The attendee opens the link: their ticket page, with a new access link that is mailed too; the old one ends.
    await attendee.goto(link.href);
    await attendee.waitForURL('**/event/u/token/**');
    await attendee.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await attendee.getByText(name, { exact: true }).waitFor();
    const tid = matchPage(pagePatterns.eventToken, attendee.url())?.tid ?? '';
    expect(seen).not.toContain(tid);
    const again = await newAccessMail(email, event, seen);
    expect(tidIn(again)).toBe(tid);
    expect(again.text).toContain(`Hello ${name},`);
    expect(again.attachments.some((a) => a.contentType === 'image/png')).toBe(true);
    expect(await tokenWorks(seen[0] ?? '')).toBe(false);
    seen.push(tid);

    // The link works once: opened again, it says so, with the way back to the event.
    await visitor.goto(link.href);
    await visitor.getByRole('alert').filter({ hasText: 'This link has expired or was already used. Ask for your ticket again.' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe(`/events/l/${event.clean_name}`);

    // The organiser re-sends the ticket from the attendees page: one more mail, with its own link.
    const desk = await phone();
    await signIn(desk, account);
    await desk.goto(`/event/${event.id}/view-attendees`);
    await desk.getByRole('button', { name: new RegExp(name) }).click();
    const dialog = desk.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Re-send ticket' }).click();
    await desk.getByText(`Ticket sent again to ${name}.`).waitFor();
    const fromOrganiser = await newAccessMail(email, event, seen);
    await openToken(await phone(), tidIn(fromOrganiser), name);

    // Every mail to this attendee is one asked for (registration, the opened link, the organiser).
    expect(smtp.mails.filter((m) => sentTo(email)(m) && m.subject === `Your access to ${event.title}`)).toHaveLength(3);
    expect(smtp.mails.filter((m) => sentTo(email)(m) && m.subject?.startsWith('Get a new link') === true)).toHaveLength(1);
    expect(smtp.mails.filter(sentTo(stranger))).toEqual([]);
  });
});
