import { calls, type Event, type OrganiserMessage } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { organiserMessageTexts, type MessageAudience } from '@tapcard/shared/rules';
import { sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { deliverMessage, dispatchDueMessages, MESSAGE_CLAIM_LAPSES_MS } from '../domain/messages.js';
import { randomId } from '../lib/crypto.js';
import { liveOf } from '../test/arena.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { checkInByOrganiser, createEvent, dayText, insertAttendee, messageHistory, priceId, registerFree, type Registered } from '../test/events.js';
import { createUser, mailingUpstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';

let smtp: TestSmtp;
let t: TestUpstream;
let organiser: TestUser;
const PUBLIC_URL = 'https://tapcard.test';
mailingUpstreamForFile((started) => ({ smtp, t, organiser } = started), { publicUrl: PUBLIC_URL });

const DAY = 86_400_000;
const isAccessMail = (email: string) => (m: ParsedMail) => sentTo(email)(m) && m.subject?.startsWith('Your access to ') === true;

async function count(event: Event, audience: MessageAudience): Promise<number> {
  const res = await send(t, calls.messageAudienceCount, { authorization: organiser.authorization, params: { id: event.id }, body: { audience } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.messageAudienceCount, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.count;
}

async function sendNow(event: Event, audience: MessageAudience, subject = `News ${randomId().slice(0, 6)}`, body = 'See you soon.'): Promise<OrganiserMessage> {
  const res = await send(t, calls.sendMessage, { authorization: organiser.authorization, params: { id: event.id }, body: { subject, body, audience } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.sendMessage, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

async function schedule(event: Event, sendAt: Date, audience: MessageAudience = { kind: 'everyone' }, subject = `Later ${randomId().slice(0, 6)}`): Promise<OrganiserMessage> {
  const res = await send(t, calls.scheduleMessage, { authorization: organiser.authorization, params: { id: event.id }, body: { subject, body: 'Doors open at six.', audience, send_at: sendAt.toISOString() } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.scheduleMessage, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

/** Waits until the message's mails are all delivered or given up on. */
async function settled(event: Event, messageId: string): Promise<OrganiserMessage> {
  const until = Date.now() + 20_000;
  for (;;) {
    const message = (await messageHistory(t, organiser.authorization, event)).find((m) => m.id === messageId);
    if (message && message.status === 'sent' && message.counts.queued === 0) return message;
    if (Date.now() > until) throw new Error(`message ${messageId} did not settle: ${JSON.stringify(message)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const withSubject = (subject: string) => (mail: ParsedMail) => mail.subject === subject;
const mailsOf = (subject: string) => smtp.mails.filter(withSubject(subject));

/** A header's raw value as the mail carried it (folded lines unfolded). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').slice(name.length + 1).trim();
}

describe('audiences', () => {
  it('counts each audience from the confirmed attendees, one per email, and refuses what the event cannot have', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await insertAttendee(t, event, 'Ada');
    const bayo = await insertAttendee(t, event, 'Bayo');
    const chi = await insertAttendee(t, event, 'Chi', 'VIP');
    // Bayo's second ticket, on the same email in other letters: one person.
    await t.db
      .insertInto('attendees')
      .values({ id: randomId(), event_id: event.id, price_id: priceId(event, 'VIP'), tid_hash: randomId(), name: 'Bayo', email: bayo.email.toUpperCase(), phone: '2348031234567', image: '', status: 'confirmed', seq: 0 })
      .execute();
    // Pending and cancelled registrations are nobody's audience.
    for (const status of ['pending', 'cancelled'] as const) {
      await t.db
        .insertInto('attendees')
        .values({ id: randomId(), event_id: event.id, price_id: priceId(event, 'Regular'), tid_hash: randomId(), name: 'Dele', email: `${status}-${randomId()}@example.com`, phone: '2348031234567', image: '', status, seq: 0 })
        .execute();
    }
    await checkInByOrganiser(t, organiser.authorization, event, ada);

    expect(await count(event, { kind: 'everyone' })).toBe(3);
    expect(await count(event, { kind: 'ticket', price_id: priceId(event, 'Regular') })).toBe(2);
    expect(await count(event, { kind: 'ticket', price_id: priceId(event, 'VIP') })).toBe(2);
    expect(await count(event, { kind: 'checked_in' })).toBe(1);
    expect(await count(event, { kind: 'not_checked_in' })).toBe(2);
    expect(await count(event, { kind: 'attendee', attendee_id: chi.id })).toBe(1);

    // No-shows only once the event has ended (it ends in two days).
    const early = await send(t, calls.messageAudienceCount, { authorization: organiser.authorization, params: { id: event.id }, body: { audience: { kind: 'no_show' } } });
    expectFieldError(early, 'audience', organiserMessageTexts.noShowsBeforeEnd);
    // The event as if it had ended yesterday.
    const now = t.clock.now();
    await t.db
      .updateTable('events')
      .set({ start_date: new Date(now.getTime() - 2 * DAY), start_text: dayText(now, -2), end_date: new Date(now.getTime() - DAY), end_text: dayText(now, -1) })
      .where('id', '=', event.id)
      .execute();
    expect(await count(event, { kind: 'no_show' })).toBe(2);

    const other = await createEvent(t, organiser.authorization);
    const stranger = await insertAttendee(t, other, 'Stranger');
    const wrongTicket = await send(t, calls.messageAudienceCount, { authorization: organiser.authorization, params: { id: event.id }, body: { audience: { kind: 'ticket', price_id: priceId(other, 'Regular') } } });
    expectFieldError(wrongTicket, 'audience.price_id', organiserMessageTexts.ticketNotFound);
    const wrongAttendee = await send(t, calls.messageAudienceCount, { authorization: organiser.authorization, params: { id: event.id }, body: { audience: { kind: 'attendee', attendee_id: stranger.id } } });
    expectFieldError(wrongAttendee, 'audience.attendee_id', organiserMessageTexts.attendeeRequired);
  });

  it('is the owner’s: another user gets the event’s 404', async () => {
    const event = await createEvent(t, organiser.authorization);
    const other = await createUser(t);
    const res = await send(t, calls.messageAudienceCount, { authorization: other.authorization, params: { id: event.id }, body: { audience: { kind: 'everyone' } } });
    expect(res.statusCode).toBe(404);
    const list = await send(t, calls.listMessages, { authorization: other.authorization, params: { id: event.id } });
    expect(list.statusCode).toBe(404);
  });

  it('checks subject and body with the shared rules: 400 under the field', async () => {
    const event = await createEvent(t, organiser.authorization);
    const post = (subject: string, body: string) =>
      send(t, calls.sendMessage, { authorization: organiser.authorization, params: { id: event.id }, body: { subject, body, audience: { kind: 'everyone' } } });
    expectFieldError(await post('', 'Hello'), 'subject', organiserMessageTexts.subjectRequired);
    expectFieldError(await post('x'.repeat(151), 'Hello'), 'subject', organiserMessageTexts.subjectTooLong);
    expectFieldError(await post('Hi', '  '), 'body', organiserMessageTexts.bodyRequired);
    expectFieldError(await post('Hi', 'x'.repeat(5001)), 'body', organiserMessageTexts.bodyTooLong);
    expectFieldError(await post('Hi', 'Hello'), 'audience', organiserMessageTexts.noRecipients);
  });
});

describe('sending', () => {
  it('mails only the audience, escaped with links and line breaks, with RFC 8058 one-click headers; counts them', async () => {
    const event = await createEvent(t, organiser.authorization);
    const inside = await registerFree(t, event, 'Ada Inside');
    const away1 = await registerFree(t, event, 'Bayo Away');
    const away2 = await registerFree(t, event, 'Chi Away');
    await checkInByOrganiser(t, organiser.authorization, event, inside);
    const subject = `Where are you? ${randomId().slice(0, 6)}`;
    const message = await sendNow(event, { kind: 'not_checked_in' }, subject, 'Doors close at 9 <b>sharp</b>.\nMap: https://maps.example.com/hall?x=1&y=2.');
    expect(message.status).toBe('sent');

    const done = await settled(event, message.id);
    expect(done.counts).toEqual({ queued: 0, sent: 2, failed: 0 });
    const mails = mailsOf(subject);
    expect(mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual([away1.email, away2.email].sort());
    expect(smtp.mails.filter(sentTo(inside.email)).some(withSubject(subject))).toBe(false);

    const mail = mails[0]!;
    expect(mail.html).toContain('Doors close at 9 &lt;b&gt;sharp&lt;/b&gt;.<br>Map: <a href="https://maps.example.com/hall?x=1&amp;y=2"');
    expect(mail.html).not.toContain('<b>sharp');
    expect(mail.text).toContain('Doors close at 9 <b>sharp</b>.\nMap: https://maps.example.com/hall?x=1&y=2.');

    // RFC 8058: one HTTPS URI in List-Unsubscribe, and List-Unsubscribe-Post exactly "List-Unsubscribe=One-Click".
    const listUnsubscribe = rawHeader(mail, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<https:\/\/[^>\s]+>$/);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(listUnsubscribe!.slice(1, -1));
    expect(url.origin).toBe(PUBLIC_URL);
    // The body's link is the confirmation page (a GET never unsubscribes).
    const pageLink = /https:\/\/tapcard\.test(\/events\/unsubscribe\/[^\s]+)/.exec(mail.text ?? '')?.[1];
    expect(matchPage(pagePatterns.messageUnsubscribe, pageLink ?? '')).toBeDefined();
  });

  it('stops an unsubscribed email’s messages after a one-click POST (no sign-in), but not its transactional mail', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada');
    const bayo = await registerFree(t, event, 'Bayo');
    const first = `First ${randomId().slice(0, 6)}`;
    await settled(event, (await sendNow(event, { kind: 'everyone' }, first)).id);
    const mail = mailsOf(first).find(sentTo(ada.email))!;
    const url = new URL(rawHeader(mail, 'List-Unsubscribe')!.slice(1, -1));
    const path = url.pathname.replace(/^\/api/, '');

    // A GET (a mail scanner) only reads what the link is for.
    const info = await t.app.inject({ method: 'GET', url: path });
    expect(info.json()).toEqual({ success: 'true', data: { event_title: event.title, unsubscribed: false } });

    // The mail client's one-click POST, exactly as RFC 8058 words it.
    const oneClick = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ success: 'true', message: organiserMessageTexts.unsubscribed });
    expect((await t.app.inject({ method: 'GET', url: path })).json()).toMatchObject({ data: { unsubscribed: true } });
    // Again, as the confirmation page's button: the same answer.
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/event/public/api/unsubscribe/${'x'.repeat(43)}` })).statusCode).toBe(404);

    expect(await count(event, { kind: 'everyone' })).toBe(1);
    const second = `Second ${randomId().slice(0, 6)}`;
    const again = await settled(event, (await sendNow(event, { kind: 'everyone' }, second)).id);
    expect(again.counts.sent).toBe(1);
    expect(mailsOf(second).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([bayo.email]);

    // A ticket mailed again still reaches Ada.
    const accessMails = smtp.mails.filter(isAccessMail(ada.email)).length;
    const resent = await send(t, calls.resendTicket, { authorization: organiser.authorization, params: { id: event.id }, body: { attendee_id: ada.id } });
    expect(resent.statusCode).toBe(200);
    await smtp.waitFor(() => smtp.mails.filter(isAccessMail(ada.email)).length > accessMails, 20_000);

    // Only this event: the same email hears from another event of the organiser.
    const other = await createEvent(t, organiser.authorization);
    await t.db.insertInto('attendees').values({ id: randomId(), event_id: other.id, price_id: priceId(other, 'Regular'), tid_hash: randomId(), name: 'Ada', email: ada.email, phone: '2348031234567', image: '', status: 'confirmed', seq: 0 }).execute();
    expect(await count(other, { kind: 'everyone' })).toBe(1);
  });

  it('pins a message sent during the event in the arenas of its audience only', async () => {
    const event = await createEvent(t, organiser.authorization);
    const inside = await registerFree(t, event, 'Ada Inside');
    const away = await registerFree(t, event, 'Bayo Away');
    await checkInByOrganiser(t, organiser.authorization, event, inside);
    const message = await sendNow(event, { kind: 'not_checked_in' }, 'Doors close soon', 'Come in before 9.');
    expect(message.announced).toBe(true);

    const live = await liveOf(t, event.id);
    const pinned = live.announcements.find((a) => a.subject === 'Doors close soon');
    expect(pinned).toMatchObject({ message: 'Come in before 9.', pinned: true, recipients: [away.id] });

    const arenaOf = async (who: Registered) => {
      const answer = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: who.tid } }));
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data.attendee.announcements ?? [];
    };
    expect((await arenaOf(away)).map((a) => a.subject)).toEqual(['Doors close soon']);
    expect(JSON.stringify(await arenaOf(away))).not.toContain('recipients');
    expect(await arenaOf(inside)).toEqual([]);

    // Before the event starts, a message is mailed only.
    const later = await createEvent(t, organiser.authorization, { start_date: dayText(t.clock.now(), 5), end_date: dayText(t.clock.now(), 6) });
    await registerFree(t, later, 'Chi Early');
    const early = await sendNow(later, { kind: 'everyone' }, 'See you next week');
    expect(early.announced).toBe(false);
    expect((await liveOf(t, later.id)).announcements).toEqual([]);
  });
});

describe('scheduling', () => {
  it('sends a scheduled message when its time comes (the app clock), once', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    const message = await schedule(event, new Date(now.getTime() + 60 * 60_000));
    expect(message.status).toBe('scheduled');

    expect(await dispatchDueMessages(t.app, new Date(now.getTime() + 59 * 60_000))).toBe(0);
    expect((await messageHistory(t, organiser.authorization, event))[0]?.status).toBe('scheduled');
    expect(await dispatchDueMessages(t.app, new Date(now.getTime() + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    const sent = await settled(event, message.id);
    expect(sent.counts).toEqual({ queued: 0, sent: 1, failed: 0 });
    expect(mailsOf(message.subject).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([ada.email]);
    expect(await dispatchDueMessages(t.app, new Date(now.getTime() + 120 * 60_000))).toBe(0);

    // Gone: no more edits or cancels.
    const edit = await send(t, calls.updateMessage, {
      authorization: organiser.authorization,
      params: { id: event.id, message_id: message.id },
      body: { subject: 'Changed', body: 'Changed', audience: { kind: 'everyone' }, send_at: new Date(now.getTime() + 3 * 60 * 60_000).toISOString() },
    });
    expect(edit.statusCode).toBe(409);
    expect(answerOf(calls.updateMessage, edit).message).toBe(organiserMessageTexts.alreadySent);
    const cancel = await send(t, calls.cancelMessage, { authorization: organiser.authorization, params: { id: event.id, message_id: message.id } });
    expect(cancel.statusCode).toBe(409);
  });

  it('edits and cancels a scheduled message until it goes; refuses a time in the past', async () => {
    const event = await createEvent(t, organiser.authorization);
    await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    const past = await send(t, calls.scheduleMessage, {
      authorization: organiser.authorization,
      params: { id: event.id },
      body: { subject: 'Late', body: 'Late', audience: { kind: 'everyone' }, send_at: new Date(now.getTime() - 60_000).toISOString() },
    });
    expectFieldError(past, 'send_at', organiserMessageTexts.sendAtPast);

    // No-shows: only for a time after the event's end (it ends in two days).
    const noShows = (at: Date) =>
      send(t, calls.scheduleMessage, { authorization: organiser.authorization, params: { id: event.id }, body: { subject: 'Missed you', body: 'Next time!', audience: { kind: 'no_show' }, send_at: at.toISOString() } });
    expectFieldError(await noShows(new Date(now.getTime() + 60 * 60_000)), 'audience', organiserMessageTexts.noShowsBeforeEnd);
    expect((await noShows(new Date(now.getTime() + 4 * DAY))).statusCode).toBe(200);

    const message = await schedule(event, new Date(now.getTime() + 60 * 60_000));
    const edit = await send(t, calls.updateMessage, {
      authorization: organiser.authorization,
      params: { id: event.id, message_id: message.id },
      body: { subject: 'Edited subject', body: 'Edited body', audience: { kind: 'checked_in' }, send_at: new Date(now.getTime() + 2 * 60 * 60_000).toISOString() },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(answerOf(calls.updateMessage, edit)).toMatchObject({ data: { subject: 'Edited subject', audience: { kind: 'checked_in' }, status: 'scheduled' } });

    const cancel = await send(t, calls.cancelMessage, { authorization: organiser.authorization, params: { id: event.id, message_id: message.id } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(answerOf(calls.cancelMessage, cancel)).toMatchObject({ data: { status: 'cancelled' } });
    expect(await dispatchDueMessages(t.app, new Date(now.getTime() + 3 * 60 * 60_000))).toBe(0);
    expect(mailsOf('Edited subject')).toEqual([]);
  });

  it('sends a due message exactly once under 20 parallel cancels and 20 parallel dispatches', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    // Due ten minutes from now, so the periodic job (on the real clock) cannot send it first on a slow machine.
    const message = await schedule(event, new Date(now.getTime() + 10 * 60_000));
    const due = new Date(now.getTime() + 11 * 60_000);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => dispatchDueMessages(t.app, due)),
      ...Array.from({ length: 20 }, () => send(t, calls.cancelMessage, { authorization: organiser.authorization, params: { id: event.id, message_id: message.id } }).then((r) => r.statusCode)),
    ]);
    const dispatched = results.slice(0, 20) as number[];
    const cancels = results.slice(20) as number[];
    const row = await t.db.selectFrom('event_messages').select('status').where('id', '=', message.id).executeTakeFirstOrThrow();
    if (row.status === 'cancelled') {
      // A cancel won: exactly one cancel answered 200, and nothing went.
      expect(cancels.filter((s) => s === 200)).toHaveLength(1);
      expect(dispatched.every((n) => n === 0)).toBe(true);
      expect(await t.db.selectFrom('message_deliveries').select('id').where('message_id', '=', message.id).execute()).toEqual([]);
    } else {
      expect(cancels.every((s) => s === 409)).toBe(true);
      await settled(event, message.id);
      expect(await t.db.selectFrom('message_deliveries').select('id').where('message_id', '=', message.id).execute()).toHaveLength(1);
      await smtp.waitFor(withSubject(message.subject), 20_000);
      expect(mailsOf(message.subject).filter(sentTo(ada.email))).toHaveLength(1);
    }
  });

  it('sends each of several due messages once under 20 parallel dispatches', async () => {
    const event = await createEvent(t, organiser.authorization);
    await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    const messages = await Promise.all(Array.from({ length: 3 }, () => schedule(event, new Date(now.getTime() + 10 * 60_000))));
    const dispatched = await Promise.all(Array.from({ length: 20 }, () => dispatchDueMessages(t.app, new Date(now.getTime() + 11 * 60_000))));
    expect(dispatched.reduce((a, b) => a + b, 0)).toBe(3);
    for (const m of messages) {
      await settled(event, m.id);
      expect(await t.db.selectFrom('message_deliveries').select('id').where('message_id', '=', m.id).execute()).toHaveLength(1);
    }
  });

  it('takes over a claim whose upstream stopped before sending once the claim lapses, and the message still goes once', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    const message = await schedule(event, new Date(now.getTime() + 10 * 60_000));
    // An upstream claims it at its time, then stops before sending it.
    const claimedAt = new Date(now.getTime() + 10 * 60_000);
    const claimed = await t.db.updateTable('event_messages').set({ status: 'sending', updated_at: claimedAt }).where('id', '=', message.id).returningAll().executeTakeFirstOrThrow();

    // While the claim is fresh, no other run sends it.
    expect(await dispatchDueMessages(t.app, new Date(claimedAt.getTime() + MESSAGE_CLAIM_LAPSES_MS - 60_000))).toBe(0);
    expect((await messageHistory(t, organiser.authorization, event)).find((m) => m.id === message.id)?.status).toBe('sending');
    // Once it has lapsed, the next run sends it.
    expect(await dispatchDueMessages(t.app, new Date(claimedAt.getTime() + MESSAGE_CLAIM_LAPSES_MS + 60_000))).toBe(1);
    expect((await settled(event, message.id)).counts).toEqual({ queued: 0, sent: 1, failed: 0 });
    // The first upstream, had it only stalled, finds it sent and sends nothing.
    expect(await deliverMessage(t.app, { claimed }, claimedAt)).toBeNull();
    expect(await t.db.selectFrom('message_deliveries').select('id').where('message_id', '=', message.id).execute()).toHaveLength(1);
    await smtp.waitFor(withSubject(message.subject), 20_000);
    expect(mailsOf(message.subject).filter(sentTo(ada.email))).toHaveLength(1);
  });

  // Last in the file: it moves the app's clock an hour on, past the other tests' scheduled times.
  it('goes through the job queue: the periodic job sends a scheduled message once the app clock reaches its time', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada');
    const now = t.clock.now();
    const message = await schedule(event, new Date(now.getTime() + 60 * 60_000));
    t.clock.advance(61 * 60_000);
    await t.app.jobs.trigger('messages.dispatch');
    const sent = await settled(event, message.id);
    expect(sent.counts).toEqual({ queued: 0, sent: 1, failed: 0 });
    await smtp.waitFor(withSubject(message.subject), 20_000);
    expect(mailsOf(message.subject).filter(sentTo(ada.email))).toHaveLength(1);
  });
});
