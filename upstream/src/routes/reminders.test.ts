import { calls, type Event } from '@tapcard/shared/contract';
import { formatEventDateTime, parseTicket, timeZoneLabel } from '@tapcard/shared/domain';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { queueDueReminders } from '../domain/reminders.js';
import { smtpTransport } from '../lib/mailer.js';
import { ACCESS_QR_OPTIONS } from '../mail/event-mails.js';
import { mailQueue } from '../mail/queue.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createEvent, insertAttendee } from '../test/events.js';
import { createUser, mailingUpstreamForFile, TEST_MAIL_QUEUE, type TestUpstream, type TestUser } from '../test/harness.js';

const HOUR = 60 * 60_000;

let smtp: TestSmtp;
let t: TestUpstream;
let second: FastifyInstance;
let organiser: TestUser;
mailingUpstreamForFile((started) => ({ smtp, t, organiser } = started));
beforeAll(async () => {
  // A second upstream on the same database and clock, as behind a gateway.
  second = await buildApp({ config: t.config, db: t.db, mailer: mailQueue(smtpTransport(smtp.url, t.config.mailFrom), TEST_MAIL_QUEUE), payments: t.app.payments, now: t.clock.now }, { logger: false });
});
afterAll(async () => {
  await second.close();
});

const isoSeconds = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/** An event starting `inHours` from the real now, with `n` attendees registered a week before. */
async function eventWithAttendees(inHours: number, n: number, title = `Reminder night ${Math.random().toString(36).slice(2, 8)}`) {
  const start = new Date(Math.ceil((Date.now() + inHours * HOUR) / 60_000) * 60_000);
  // The clock stands where the previous test left it: a session of its own time.
  organiser = await createUser(t, { name: 'Olu Organiser' });
  const event = await createEvent(t, organiser.authorization, { title, location: 'Landmark Centre, Lagos', start_date: isoSeconds(start), end_date: isoSeconds(new Date(start.getTime() + 26 * HOUR)) });
  const attendees = [];
  for (let i = 0; i < n; i++) attendees.push(await insertAttendee(t, event, `Guest ${i}`, 'Regular', new Date(Date.now() - 7 * 24 * HOUR)));
  return { event, start, attendees };
}

const reminders = (event: Event, email?: string) => smtp.mails.filter((m) => m.subject?.startsWith(`Reminder: ${event.title} `) === true && (!email || sentTo(email)(m)));

function settings(event: Event, authorization = organiser.authorization) {
  return send(t, calls.reminderSettings, { params: { id: event.id }, headers: { authorization } });
}

// The clock only moves forward through the file (each test's event starts after the previous one's), as reminders found at one time must not come back at an earlier one.
describe('event reminders', () => {
  it('mails the 24-hour reminder once with the ticket link, the QR code, the venue and the time', async () => {
    const { event, start, attendees } = await eventWithAttendees(72, 2);
    t.clock.set(new Date(start.getTime() - 25 * HOUR));
    expect(await queueDueReminders(t.app)).toBe(0);

    t.clock.set(new Date(start.getTime() - 23 * HOUR));
    // Through the job queue: the periodic job, sent now on the other upstream.
    await second.jobs.trigger('reminders.due');
    const [guest] = attendees;
    if (!guest) throw new Error('no attendee');
    const mail: ParsedMail = await smtp.waitFor((m) => sentTo(guest.email)(m) && m.subject === `Reminder: ${event.title} starts tomorrow`, 30_000);
    await smtp.waitFor((m) => sentTo(attendees[1]?.email ?? '')(m) && m.subject?.startsWith('Reminder:') === true, 30_000);

    const when = `${formatEventDateTime(event.start_date)} (${timeZoneLabel(start)})`;
    expect(mail.text).toContain(`${event.title} starts tomorrow: ${when}.`);
    expect(mail.text).toContain('Where: Landmark Centre, Lagos');
    expect(mail.html).toContain('Landmark Centre, Lagos');
    // The ticket link: a one-time link that opens the ticket (with a fresh access link).
    const link = /https?:\/\/\S+\/recover-ticket\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
    const token = matchPage(pagePatterns.ticketRecovery, link)?.token ?? '';
    expect(token).not.toBe('');
    expect(mail.html).toContain(`href="${link}"`);
    const opened = await send(t, calls.redeemTicketRecovery, { body: { token } });
    expect(opened.statusCode).toBe(200);
    // The QR code: the signed door ticket of this attendee, drawn as the access mail draws it.
    const qr = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(mail.html).toContain(`src="cid:${qr?.cid}"`);
    const doorTicket = /Your ticket code: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(parseTicket(doorTicket)).toMatchObject({ eventId: event.id, attendeeId: guest.id });
    expect(qr?.content.equals(await QRCode.toBuffer(doorTicket, ACCESS_QR_OPTIONS))).toBe(true);

    // Looked for again, by both upstreams at once, 20 times: nothing more is sent.
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => queueDueReminders(i % 2 ? second : t.app)));
    expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    await expect.poll(() => t.pendingMail(guest.email), { timeout: 15_000 }).toEqual([]);
    expect(reminders(event, guest.email)).toHaveLength(1);
    expect(await t.db.selectFrom('reminder_sends').select('kind').where('attendee_id', '=', guest.id).execute()).toEqual([{ kind: 'day' }]);
  });

  it('sends each reminder once per attendee when 20 runs on two upstreams race, then the 1-hour one', async () => {
    const { event, start, attendees } = await eventWithAttendees(100, 5);
    t.clock.set(new Date(start.getTime() - 20 * HOUR));
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => queueDueReminders(i % 2 ? second : t.app)));
    // The periodic job may have queued some of them meanwhile; together, each once (the mails below).
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    for (const a of attendees) await smtp.waitFor((m) => sentTo(a.email)(m) && m.subject === `Reminder: ${event.title} starts tomorrow`, 30_000);

    t.clock.set(new Date(start.getTime() - 30 * 60_000));
    const hourCounts = await Promise.all(Array.from({ length: 20 }, (_, i) => queueDueReminders(i % 2 ? second : t.app)));
    expect(hourCounts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    for (const a of attendees) await smtp.waitFor((m) => sentTo(a.email)(m) && m.subject === `Reminder: ${event.title} starts in an hour`, 30_000);
    await expect.poll(() => t.pendingMail(), { timeout: 15_000 }).toEqual([]);
    for (const a of attendees) expect(reminders(event, a.email).map((m) => m.subject).sort()).toEqual([`Reminder: ${event.title} starts in an hour`, `Reminder: ${event.title} starts tomorrow`]);

    // After the start, nothing is due any more.
    t.clock.set(new Date(start.getTime() + 60_000));
    expect(await queueDueReminders(t.app)).toBe(0);
  });

  it('skips the day reminder once the hour one is due, and people who registered after a reminder fell due', async () => {
    const { event, start, attendees } = await eventWithAttendees(130, 1);
    const late = await insertAttendee(t, event, 'Late Guest', 'Regular', new Date(start.getTime() - 2 * HOUR));
    t.clock.set(new Date(start.getTime() - 50 * 60_000));
    await queueDueReminders(t.app);
    await smtp.waitFor((m) => sentTo(late.email)(m) && m.subject === `Reminder: ${event.title} starts in an hour`, 30_000);
    await smtp.waitFor((m) => sentTo(attendees[0]?.email ?? '')(m) && m.subject === `Reminder: ${event.title} starts in an hour`, 30_000);
    for (const a of [late, ...attendees]) expect(await t.db.selectFrom('reminder_sends').select(['kind']).where('attendee_id', '=', a.id).execute()).toEqual([{ kind: 'hour' }]);
  });

  it('lets the organiser read and turn off the reminders, and then sends none', async () => {
    const { event, start, attendees } = await eventWithAttendees(160, 1);
    const initial = answerOf(calls.reminderSettings, await settings(event));
    expect(initial).toMatchObject({ success: 'true', data: { event_id: event.id, settings: { day_before: true, hour_before: true } } });

    const saved = await send(t, calls.setReminderSettings, { params: { id: event.id }, body: { day_before: false, hour_before: true }, headers: { authorization: organiser.authorization } });
    expect(saved.statusCode).toBe(200);
    expect(answerOf(calls.reminderSettings, await settings(event))).toMatchObject({ data: { settings: { day_before: false, hour_before: true } } });

    t.clock.set(new Date(start.getTime() - 23 * HOUR));
    expect(await queueDueReminders(t.app)).toBe(0);
    t.clock.set(new Date(start.getTime() - 30 * 60_000));
    await queueDueReminders(t.app);
    await smtp.waitFor((m) => sentTo(attendees[0]?.email ?? '')(m) && m.subject === `Reminder: ${event.title} starts in an hour`, 30_000);
  });

  it('refuses another user (404) and a bad body (400 with the field)', async () => {
    const { event } = await eventWithAttendees(170, 0);
    const stranger = await createUser(t);
    expect((await settings(event, stranger.authorization)).statusCode).toBe(404);
    const other = await send(t, calls.setReminderSettings, { params: { id: event.id }, body: { day_before: false, hour_before: false }, headers: { authorization: stranger.authorization } });
    expect(other.statusCode).toBe(404);
    expect(answerOf(calls.reminderSettings, await settings(event))).toMatchObject({ data: { settings: { day_before: true, hour_before: true } } });
    const bad = await send(t, calls.setReminderSettings, { params: { id: event.id }, body: { day_before: 'yes' } as unknown as { day_before: boolean; hour_before: boolean }, headers: { authorization: organiser.authorization } });
    expectFieldError(bad, 'day_before', 'Invalid input: expected boolean, received string');
  });
});
