import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, doorCalls } from '@tapcard/shared/contract';
import QRCode from 'qrcode';
import { parseTicket, verifyTicket } from '@tapcard/shared/domain';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { buildApp } from '../app.js';
import type { Row } from '../db/schema.js';
import { mailOrderConfirmation } from '../domain/order-mail.js';
import { smtpTransport } from '../lib/mailer.js';
import { answerOf, send } from '../test/contract.js';
import { createEvent, registerFree } from '../test/events.js';
import { createTestUpstream, createUser, TEST_MAIL_QUEUE, type TestUpstream } from '../test/harness.js';
import { startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { ACCESS_QR_OPTIONS } from './event-mails.js';
import { mailQueue } from './queue.js';
import { fromIp } from '../test/cards.js';

let smtp: TestSmtp;
let t: TestUpstream;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestUpstream({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const uniqueEmail = () => `mail-${randomBytes(6).toString('hex')}@example.com`;
const to = (address: string) => (mail: ParsedMail) => mail.to !== undefined && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === address);

/** Both versions arrived, and the HTML names the product and carries `link` as a link and as text. */
function expectBothVersions(mail: ParsedMail, link?: string): void {
  expect(mail.text).toBeTruthy();
  expect(typeof mail.html).toBe('string');
  expect(mail.html).toContain('TapCard');
  if (link) {
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`>${link.replace(/&/g, '&amp;')}</a>`);
  }
}

describe('mail through a real SMTP server', () => {
  it('the sign-up code arrives as text and HTML, and the code verifies the address', async () => {
    const email = uniqueEmail();
    expect((await send(t, calls.verifyMail, { body: { email }, headers: fromIp() })).statusCode).toBe(200);
    const mail = await smtp.waitFor(to(email));
    expectBothVersions(mail);
    const code = /verification code is (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(mail.subject).toBe(`Your TapCard verification code: ${code}`);
    expect(mail.html).toContain(`>${code}</p>`);
    const verified = await send(t, calls.verifyCode, { body: { email, token: code ?? '' } });
    expect(verified.statusCode).toBe(200);
    expect(await t.pendingMail(email)).toEqual([]);
  });

  it('the reset link arrives as text and HTML, and following it sets the new password', async () => {
    const user = await createUser(t, { email: uniqueEmail() });
    expect((await send(t, calls.forgotPassword, { body: { email: user.email } })).statusCode).toBe(200);
    const mail = await smtp.waitFor(to(user.email));
    const link = /(http\S+\/reset-password\/\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expectBothVersions(mail, link);
    const token = matchPage(pagePatterns.resetPassword, link)?.token ?? '';
    const reset = await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secret' } });
    expect(reset.statusCode).toBe(200);
    const login = await send(t, calls.login, { body: { email: user.email, password: 'N3w!secret' } });
    expect(answerOf(calls.login, login).success).toBe('true');
  });

  it('the access mail shows its QR code inline and carries the event as a calendar file', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization, {
      title: 'Launch <Night> & Co',
      location: 'Landmark Centre, Lagos',
      start_date: '2030-06-01T18:00:00Z',
      end_date: '2030-06-02T02:30:00Z',
    });
    const attendee = await registerFree(t, event);
    const mail = await smtp.waitFor(to(attendee.email));
    expect(mail.subject).toBe('Your access to Launch <Night> & Co');
    const link = `${t.config.publicUrl}/event/u/token/${attendee.tid}`;
    expectBothVersions(mail, link);
    // Every interpolated value is escaped in the HTML.
    expect(mail.html).toContain('Launch &lt;Night&gt; &amp; Co');
    expect(mail.html).not.toContain('<Night>');

    const qr = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBeTruthy();
    expect(mail.html).toContain(`src="cid:${qr?.cid}"`);
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    // The QR is the door ticket the text part spells out (drawn again from it, byte for byte): signed
    // for this attendee of this event with the published key, and without the access token.
    const doorTicket = /Your ticket code: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(qr?.content.equals(await QRCode.toBuffer(doorTicket, ACCESS_QR_OPTIONS))).toBe(true);
    expect(doorTicket).not.toContain(attendee.tid);
    expect(parseTicket(doorTicket)).toMatchObject({ eventId: event.id, attendeeId: attendee.id });
    const keys = answerOf(doorCalls.ticketKeys, await send(t, doorCalls.ticketKeys, { params: { id: event.id } }));
    if (keys.success !== 'true') throw new Error(keys.message);
    expect(await verifyTicket(doorTicket, keys.data.keys, { eventId: event.id })).toMatchObject({ valid: true, attendeeId: attendee.id });

    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    const vevent = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '') as unknown[]).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const ev = new ICAL.Event(vevent);
    expect(ev.summary).toBe('Launch <Night> & Co');
    expect(ev.location).toBe('Landmark Centre, Lagos');
    expect(ev.startDate.toJSDate().toISOString()).toBe('2030-06-01T18:00:00.000Z');
    expect(ev.endDate.toJSDate().toISOString()).toBe('2030-06-02T02:30:00.000Z');
    expect(vevent.getFirstPropertyValue('url')).toBe(link);
    expect(ev.uid).toContain(event.id);
  });

  it('the order confirmation lists the items and totals in naira, the pickup branch and the order page', async () => {
    const email = uniqueEmail();
    const order = {
      id: 'o1',
      reference: `TC-${randomBytes(6).toString('hex')}`,
      kind: 'cards',
      name: 'Ada <Lovelace>',
      phone_number: '+2348031234567',
      email,
      address: '',
      city: '',
      state: '',
      country: '',
      method: 'pickup',
      pickup: 'ikeja',
      items: JSON.stringify([{ color: 'Black', qty: 2, price: 10000 }]),
      total: 20000,
      vat: 1500,
      shipping: 0,
      final_total: 21500,
      payment_status: 'paid',
      payment_access_code: '',
      payment_url: '',
      payment_metadata: null,
      callback_url: '',
      created_at: new Date(),
      updated_at: new Date(),
      expired_at: null,
      refund_due_at: null,
    } satisfies Row<'orders'>;
    await mailOrderConfirmation(t.app, order);
    const mail = await smtp.waitFor(to(email));
    const link = `${t.config.publicUrl}/payment/order-details?reference=${order.reference}`;
    expectBothVersions(mail, link);
    expect(mail.subject).toBe(`Your order ${order.reference}`);
    for (const line of ['2 × Black card: NGN 20,000', 'VAT: NGN 1,500', 'Total paid: NGN 21,500', 'Pickup at: Ikeja Branch']) expect(mail.text).toContain(line);
    expect(mail.html).toContain('NGN 21,500');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
  });

  it('a mail sent while the SMTP server is down stays queued and arrives once it is back', async () => {
    const email = uniqueEmail();
    await smtp.stop();
    try {
      const sent = await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
      expect(sent.statusCode).toBe(200);
      expect(await t.pendingMail(email)).toHaveLength(1);
      expect(smtp.mails.some(to(email))).toBe(false);
    } finally {
      await smtp.start();
    }
    const mail = await smtp.waitFor(to(email));
    expect(mail.subject).toMatch(/verification code: \d{6}$/);
    await expect.poll(() => t.pendingMail(email), { timeout: 15_000 }).toEqual([]);
  });
});

describe('the mail queue across processes', () => {
  it('a mail queued by a process that stopped is delivered by the next one on the same database', async () => {
    const spare = await startTestSmtp();
    const email = uniqueEmail();
    await spare.stop();
    const first = await createTestUpstream({ smtpUrl: spare.url });
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await send(first, calls.verifyMail, { body: { email }, headers: fromIp() });
      await first.app.close();
      expect(await first.pendingMail(email)).toHaveLength(1);
      await spare.start();
      second = await buildApp(
        { config: first.config, db: first.db, mailer: mailQueue(smtpTransport(spare.url, first.config.mailFrom), TEST_MAIL_QUEUE), payments: first.app.payments },
        { logger: false },
      );
      const mail = await spare.waitFor(to(email));
      expect(mail.text).toMatch(/verification code is \d{6}/);
    } finally {
      await second?.close();
      await first.close();
      await spare.stop();
    }
  });

  it('two upstreams working one queue never send a mail twice', async () => {
    const subjects = Array.from({ length: 20 }, (_, i) => `Batch ${randomBytes(4).toString('hex')} #${i}`);
    const other = await buildApp({ config: t.config, db: t.db, mailer: mailQueue(smtpTransport(smtp.url, t.config.mailFrom), TEST_MAIL_QUEUE), payments: t.app.payments }, { logger: false });
    try {
      // Stored while delivery fails, then retried by whichever upstream claims each first.
      await smtp.stop();
      try {
        for (const subject of subjects) await t.app.mailer.send({ to: 'batch@example.com', subject, text: subject });
      } finally {
        await smtp.start();
      }
      await Promise.all(subjects.map((subject) => smtp.waitFor((m) => m.subject === subject, 30_000)));
      await expect.poll(() => t.pendingMail('batch@example.com'), { timeout: 15_000 }).toEqual([]);
      const counts = subjects.map((subject) => smtp.mails.filter((m) => m.subject === subject).length);
      expect(counts).toEqual(subjects.map(() => 1));
    } finally {
      await other.close();
    }
  });
});
