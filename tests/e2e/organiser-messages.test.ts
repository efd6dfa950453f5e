import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import type { TestSmtp } from '@tapcard/testkit/smtp';
import { callApi } from './support/api.js';
import { browsers, pagesOn } from './support/browser.js';
import { chooseAudience, mailWith, sendMessage } from './support/messages.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument, waitUntilLive, type Registered } from './support/live-events.js';
import { signIn, unique, type Account } from './support/people.js';
import { verifiedOrganiser } from './support/organiser.js';
import { startMailingProduct, stopMailingProduct, type RunningProduct } from './support/product.js';

/**
 * The organiser's messages, with mail read from a real SMTP server, on a 390 px phone: the organiser
 * writes to 'Not yet checked in' on the event's Messages page, which says how many it will reach; only
 * those attendees get the mail (with RFC 8058 one-click unsubscribe headers), and the open arena of one
 * of them shows the message live while a checked-in attendee's open arena does not. The mail's
 * unsubscribe link opens a confirmation page whose button unsubscribes.
 */

let smtp: TestSmtp;
let product: RunningProduct;
beforeAll(async () => ({ smtp, product } = await startMailingProduct()));
afterAll(() => stopMailingProduct({ smtp, product }));

const PHONE = 390;
const MAIL_TIMEOUT_MS = 60_000;

const phone = pagesOn(browsers({ baseURL: 'http://127.0.0.1', width: PHONE, height: 844 }), () => product.baseUrl);

/** An organiser whose address was verified with the code mailed through the SMTP server. */
const organiser = (): Promise<Account> => verifiedOrganiser(product.baseUrl, smtp, 'messages', 'Messages Organiser');

/** An attendee's arena, open and live. */
async function openArena(title: string, attendee: Registered): Promise<Page> {
  const page = await phone();
  await page.goto(`/event/u/arena/${attendee.tid}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await waitUntilLive(page);
  await markDocument(page);
  return page;
}

/** A header's raw value as the mail carried it (folded lines unfolded). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').slice(name.length + 1).trim();
}

describe('organiser messages', () => {
  it("writes to 'Not yet checked in': only they get the mail and see it live in their arena", async () => {
    const account = await organiser();
    const event = await createEventViaApi(product.baseUrl, account.authorization, { title: `Messages Night ${unique()}` });
    const inside = await registerViaApi(product.baseUrl, event, 'Ada Inside');
    const away = await registerViaApi(product.baseUrl, event, 'Bayo Away');
    const late = await registerViaApi(product.baseUrl, event, 'Chi Late');
    const checkedIn = await callApi(product.baseUrl, calls.checkIn, { authorization: account.authorization, params: { id: inside.id }, body: { event_id: event.id, checked_in: true } });
    expect(checkedIn.answer.success).toBe('true');

    const insideArena = await openArena(event.title, inside);
    const awayArena = await openArena(event.title, away);

    // The organiser's Messages page, from the attendees page.
    const page = await phone();
    await signIn(page, account);
    await page.goto(`/event/${event.id}/view-attendees`);
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByText('No messages yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);

    const subject = `Where are you? ${unique()}`;
    await sendMessage(page, 'Not yet checked in', 'This message will go to 2 people.', subject, 'Doors close at nine.\nThe map: https://maps.example.com/yaba');
    await page.getByText('Your message is on its way to 2 people.').waitFor();

    // The mails: to the two not checked in, with the one-click headers.
    const [awayMail, lateMail] = await Promise.all([smtp.waitFor(mailWith(away.email, subject), MAIL_TIMEOUT_MS), smtp.waitFor(mailWith(late.email, subject), MAIL_TIMEOUT_MS)]);
    expect(awayMail.html).toContain('Doors close at nine.<br>The map: <a href="https://maps.example.com/yaba"');
    expect(rawHeader(awayMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = rawHeader(awayMail, 'List-Unsubscribe') ?? '';
    expect(oneClick).toMatch(/^<[^>\s]+>$/);

    // The history counts them as they go: two sent, and that is every delivery, so Ada had none.
    const item = page.getByTestId('message-item').filter({ hasText: subject });
    await expect.poll(() => item.getByTestId('message-counts').textContent(), { timeout: MAIL_TIMEOUT_MS }).toBe('2 sent · 0 queued · 0 failed');
    expect(smtp.mails.filter(mailWith(inside.email, subject))).toEqual([]);

    // Bayo's open arena shows it live, in its polite live region; Ada's, checked in, does not.
    const region = awayArena.getByTestId('announcements-region');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const pinned = region.getByRole('list', { name: 'Pinned announcements' });
    await pinned.getByText(subject).waitFor();
    await pinned.getByRole('link', { name: 'https://maps.example.com/yaba' }).waitFor();
    expect(await sameDocument(awayArena)).toBe(true);
    // A message to everyone after it reaches Ada's arena: by then the first would have too.
    const everyone = `Welcome ${unique()}`;
    await sendMessage(page, 'Everyone', 'This message will go to 3 people.', everyone, 'Thank you for coming.');
    await insideArena.getByText(everyone).waitFor();
    expect(await insideArena.getByText(subject).count()).toBe(0);
    expect(await sameDocument(insideArena)).toBe(true);

    // RFC 8058: the mail client's one-click POST through the gateway, with no sign-in.
    const unsubscribed = await fetch(oneClick.slice(1, -1), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(unsubscribed.status).toBe(200);
    // Chi opens the mail's unsubscribe link: a page whose button unsubscribes.
    const link = /(https?:\/\/\S+\/events\/unsubscribe\/\S+)/.exec(lateMail.text ?? '')?.[1] ?? '';
    const chi = await phone();
    await chi.goto(link);
    await chi.getByText(`Stop receiving messages from the organiser of ${event.title}?`).waitFor();
    await chi.getByRole('button', { name: 'Unsubscribe' }).click();
    await chi.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await chooseAudience(page, 'Not yet checked in', 'This message will go to 0 people.');
  });
});
