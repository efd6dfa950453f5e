import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, doorCalls } from '@tapcard/shared/contract';
import { verifyTicket } from '@tapcard/shared/domain';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { callApi } from './support/api.js';
import { browsers } from './support/browser.js';
import { mintCards } from './support/cli.js';
import { PHONE_WIDTH } from './support/layout.js';
import { readQrCode } from './support/qr.js';
import { createEventViaApi, FREE_SEATS, localDay } from './support/live-events.js';
import { unique, type Account } from './support/people.js';
import { startMailingProduct, stopMailingProduct, type RunningProduct } from './support/product.js';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';

/**
 * Mail through a real SMTP server: a second product runs with SMTP_URL pointing at an SMTP server in
 * this test process, and what arrives is parsed and followed in the browser: the sign-up code, the
 * password reset link, a free registration's confirm and access links (with the QR code inline and the
 * .ics calendar file), and a mail sent while the SMTP server is down, which arrives once it is back.
 */

let smtp: TestSmtp;
let product: RunningProduct;
beforeAll(async () => ({ smtp, product } = await startMailingProduct()));
afterAll(() => stopMailingProduct({ smtp, product }));

const openPhone = browsers({ baseURL: 'http://127.0.0.1', width: PHONE_WIDTH, height: 780 });
async function phone(): Promise<Page> {
  return (await openPhone({ baseURL: product.baseUrl })).context.newPage();
}


/** Both versions arrived: the text, and the HTML with the product's layout. */
function expectTextAndHtml(mail: ParsedMail): void {
  expect(mail.text?.trim()).toBeTruthy();
  expect(mail.html).toContain('<h1');
}

function codeIn(mail: ParsedMail): string {
  const code = /verification code is (\d{6})/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text ?? ''}`);
  return code;
}

/** An organiser whose address was verified with the code from the SMTP mail. */
async function organiser(): Promise<Account> {
  const email = `mail-${unique()}@e2e.tapcard.local`;
  const password = 'Organiser1!';
  const sent = await callApi(product.baseUrl, calls.verifyMail, { body: { email } });
  expect(sent.answer).toMatchObject({ success: 'true' });
  const mail = await smtp.waitFor(sentTo(email));
  const verified = (await callApi(product.baseUrl, calls.verifyCode, { body: { email, token: codeIn(mail) } })).answer;
  if (verified.success !== 'true') throw new Error(verified.message);
  const ticket = verified.data.verification_ticket;
  const created = await callApi(product.baseUrl, calls.createUser, { body: { email, password, name: 'Mail Organiser', auth_type: 'Email', verification_ticket: ticket } });
  if (created.answer.success !== 'true') throw new Error(created.answer.message);
  return { email, password, name: 'Mail Organiser', authorization: `${created.answer.data.token_type} ${created.answer.data.access_token}` };
}

describe('mail through a real SMTP server', () => {
  it(`the sign-up code from the mail verifies the address in the onboarding email step`, async () => {
    const [card] = await mintCards(product.env, 1, 'nfc');
    if (!card) throw new Error('no card minted');
    const email = `owner-${unique()}@e2e.tapcard.local`;
    const page = await phone();
    const tap = new URL(card.tapUrl);
    await page.goto(tap.pathname + tap.search);
    await page.getByRole('button', { name: 'Create a New Account' }).click();
    await page.getByLabel('Enter Card Token').fill(card.token);
    await page.getByRole('button', { name: 'Confirm Token' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-one');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Get Code' }).click();
    const mail = await smtp.waitFor(sentTo(email));
    expectTextAndHtml(mail);
    expect(mail.subject).toBe(`Your TapCard verification code: ${codeIn(mail)}`);
    await page.getByLabel('Verification Code').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-two');
  });

  it('the reset link from the mail sets a new password, and it signs in', async () => {
    const account = await organiser();
    const page = await phone();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    const mail = await smtp.waitFor((m) => sentTo(account.email)(m) && m.subject === 'Reset your TapCard password');
    expectTextAndHtml(mail);
    const link = linkInMail(mail, '/reset-password/');
    expect(link.origin).toBe(product.baseUrl);
    expect(mail.html).toContain(`href="${link.href}"`);
    await page.goto(link.pathname);
    const fresh = 'Fresh-Start9';
    await page.getByLabel('New Password').fill(fresh);
    await page.getByLabel('Confirm Password').fill(fresh);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/connect');
  });

  it("a free registration's confirm link, then its access link, open the attendee's token page; the .ics parses", async () => {
    const account = await organiser();
    const title = `Mail Night ${unique()}`;
    const event = await createEventViaApi(product.baseUrl, account.authorization, { title, start: localDay(1), end: localDay(2), prices: FREE_SEATS, confirm_email_for_free: true });
    const email = `guest-${unique()}@e2e.tapcard.local`;
    const registered = await callApi(product.baseUrl, calls.register, {
      body: { event_id: event.id, event_prices_id: event.prices[0]?.id ?? '', name: 'Tobi Guest', email, phone: '+2348031234567' },
    });
    expect(registered.answer).toMatchObject({ success: 'true', pending: true });

    const confirmation = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Confirm your registration for ${title}`);
    expectTextAndHtml(confirmation);
    const page = await phone();
    await page.goto(linkInMail(confirmation, '/event/u/confirm/').pathname);
    await page.waitForURL((url) => url.pathname.startsWith('/event/u/token/'));

    const access = await smtp.waitFor((m) => sentTo(email)(m) && m.subject === `Your access to ${title}`);
    expectTextAndHtml(access);
    const link = linkInMail(access, '/event/u/token/');
    const tid = matchPage(pagePatterns.eventToken, link.href)?.tid ?? '';
    const other = await phone();
    await other.goto(link.pathname);
    await other.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await other.getByRole('heading', { name: title }).waitFor();
    // The QR code on the page and the one in the mail encode the same door ticket: signed for this
    // attendee of this event, checked with the keys the door fetches, and without the access token.
    const qr = access.attachments.find((a) => a.contentType === 'image/png');
    expect(access.html).toContain(`cid:${qr?.cid ?? 'missing'}`);
    const onPage = await readQrCode(other.getByRole('img', { name: 'QR code of your ticket for the door' }));
    const viewer = await phone();
    await viewer.setContent(`<img alt="mailed QR" src="data:image/png;base64,${qr?.content.toString('base64') ?? ''}">`);
    const mailed = await readQrCode(viewer.getByRole('img', { name: 'mailed QR' }));
    expect(mailed).toBeTruthy();
    expect(mailed).toBe(onPage);
    const ticket = mailed ?? '';
    expect(ticket).not.toContain(tid);
    const keys = await callApi(product.baseUrl, doorCalls.ticketKeys, { params: { id: event.id } });
    if (keys.answer.success !== 'true') throw new Error(keys.answer.message);
    const publicKeys = keys.answer.data.keys;
    expect(await verifyTicket(ticket, publicKeys, { eventId: event.id })).toMatchObject({ valid: true, eventId: event.id });
    // The browser's WebCrypto checks it the way the shared verifyTicket does (Ed25519, raw public key),
    // and refuses it once one character of the attendee id is changed. On the product's page: WebCrypto
    // needs a secure context (https, or a loopback address as here), which about:blank is not.
    const inBrowser = await other.evaluate(
      async ({ ticket, key }) => {
        const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
        const publicKey = await crypto.subtle.importKey('raw', bytes(key), { name: 'Ed25519' }, false, ['verify']);
        const check = (text: string) => {
          const cut = text.lastIndexOf('.');
          return crypto.subtle.verify({ name: 'Ed25519' }, publicKey, bytes(text.slice(cut + 1)), new TextEncoder().encode(text.slice(0, cut)));
        };
        const parts = ticket.split('.');
        const attendee = parts[3] ?? '';
        parts[3] = (attendee[0] === 'A' ? 'B' : 'A') + attendee.slice(1);
        return { genuine: await check(ticket), tampered: await check(parts.join('.')) };
      },
      { ticket, key: publicKeys[0]?.key ?? '' },
    );
    expect(inBrowser).toEqual({ genuine: true, tampered: false });

    const ics = access.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const vevent = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '') as unknown[]).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT in the .ics');
    const calendarEvent = new ICAL.Event(vevent);
    expect(calendarEvent.summary).toBe(title);
    expect(calendarEvent.location).toBe('Yaba Tech Hub, Lagos');
    expect(vevent.getFirstPropertyValue('url')).toBe(link.href);
    const [y, m, d] = localDay(1).split('-').map(Number);
    expect(calendarEvent.startDate.toJSDate().getTime()).toBe(new Date(y ?? 0, (m ?? 1) - 1, d).getTime());
  });

  it('a mail sent while the SMTP server is down arrives after it comes back', async () => {
    const email = `late-${unique()}@e2e.tapcard.local`;
    await smtp.stop();
    try {
      const sent = await callApi(product.baseUrl, calls.verifyMail, { body: { email } });
      expect(sent.answer).toMatchObject({ success: 'true' });
    } finally {
      await smtp.start();
    }
    expect(smtp.mails.some(sentTo(email))).toBe(false);
    // Retried by the product's mail queue: the first retry is due 10 s after the failed attempt.
    const mail = await smtp.waitFor(sentTo(email), 30_000);
    expect(mail.text).toMatch(/verification code is \d{6}/);
  });
});
