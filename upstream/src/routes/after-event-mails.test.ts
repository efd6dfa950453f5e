import { AFTER_EVENT_MAIL_DELAY_HOURS } from '@tapcard/shared/constants';
import { calls, type Event, type OrganiserMessage } from '@tapcard/shared/contract';
import { AFTER_EVENT_MAIL_AUDIENCE, AFTER_EVENT_MAIL_DEFAULTS, organiserMessageTexts, type AfterEventMailKind } from '@tapcard/shared/rules';
import { sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { checkInByOrganiser, createEvent, dayText, eventBody, insertAttendee, messageHistory } from '../test/events.js';
import { mailingUpstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';

let smtp: TestSmtp;
let t: TestUpstream;
let organiser: TestUser;
mailingUpstreamForFile((started) => ({ smtp, t, organiser } = started), { publicUrl: 'https://tapcard.test' });

const HOUR = 3_600_000;
const DELAY = AFTER_EVENT_MAIL_DELAY_HOURS * HOUR;

/** An event starting in an hour and ending `endsIn` from now (exact instants; the end is a day or more after the start). */
function timedEvent(endsIn: number): Promise<Event> {
  const now = t.clock.now().getTime();
  return createEvent(t, organiser.authorization, { start_date: new Date(now + HOUR).toISOString(), end_date: new Date(now + endsIn).toISOString() });
}

function turnOn(event: Event, kind: AfterEventMailKind, subject = `${AFTER_EVENT_MAIL_DEFAULTS[kind].subject} ${randomId().slice(0, 6)}`, audience = AFTER_EVENT_MAIL_AUDIENCE[kind]) {
  return send(t, calls.scheduleMessage, {
    authorization: organiser.authorization,
    params: { id: event.id },
    // The time is the kind's, whatever the call says.
    body: { kind, subject, body: AFTER_EVENT_MAIL_DEFAULTS[kind].body, audience, send_at: new Date(t.clock.now().getTime() + 60_000).toISOString() },
  });
}

async function turnedOn(event: Event, kind: AfterEventMailKind): Promise<OrganiserMessage> {
  const res = await turnOn(event, kind);
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.scheduleMessage, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

/** A new session for the organiser, by the moved clock (a session lasts a day). */
async function signInAgain(): Promise<void> {
  const token = randomToken();
  await t.db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: organiser.id, expires_at: new Date(t.clock.now().getTime() + 86_400_000) }).execute();
  organiser = { ...organiser, token, authorization: `Bearer ${token}` };
}

const withSubject = (subject: string) => (mail: ParsedMail) => mail.subject === subject;
const recipientsOf = (subject: string) =>
  smtp.mails
    .filter(withSubject(subject))
    .map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))
    .sort();

describe('after-event mails', () => {
  it('are refused once the event ended more than the delay ago, and with another audience', async () => {
    const event = await createEvent(t, organiser.authorization);
    const now = t.clock.now();
    expectFieldError(await turnOn(event, 'thank_you', 'Thanks', { kind: 'everyone' }), 'audience', organiserMessageTexts.afterEventAudience);
    // The event as if it had ended the day before yesterday: a date-only end means the end of that day,
    // so an end dated yesterday is less than the delay ago just after midnight.
    await t.db
      .updateTable('events')
      .set({ start_date: new Date(now.getTime() - 72 * HOUR), start_text: dayText(now, -3), end_date: new Date(now.getTime() - 48 * HOUR), end_text: dayText(now, -2) })
      .where('id', '=', event.id)
      .execute();
    expectFieldError(await turnOn(event, 'thank_you'), 'send_at', organiserMessageTexts.afterEventTooLate);
    expectFieldError(await turnOn(event, 'missed_you'), 'send_at', organiserMessageTexts.afterEventTooLate);
    expect(await messageHistory(t, organiser.authorization, event)).toEqual([]);
  });

  it('allow one of each kind at a time under 20 parallel turn-ons; a cancelled one may be turned on again; an edit keeps its audience and time', async () => {
    const event = await timedEvent(27 * HOUR);
    const results = await Promise.all(Array.from({ length: 20 }, () => turnOn(event, 'thank_you')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(answerOf(calls.scheduleMessage, r).message).toBe(organiserMessageTexts.afterEventAlreadyOn);
    }
    const [message] = await messageHistory(t, organiser.authorization, event);
    if (!message) throw new Error('no message');
    expect(message).toMatchObject({ kind: 'thank_you', status: 'scheduled', audience: { kind: 'checked_in' } });

    const edited = await send(t, calls.updateMessage, {
      authorization: organiser.authorization,
      params: { id: event.id, message_id: message.id },
      body: { subject: 'Thank you, truly', body: 'It was great.', audience: { kind: 'checked_in' }, send_at: new Date(t.clock.now().getTime() + 10 * HOUR).toISOString() },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(answerOf(calls.updateMessage, edited)).toMatchObject({ data: { subject: 'Thank you, truly', send_at: message.send_at, kind: 'thank_you' } });
    const otherAudience = await send(t, calls.updateMessage, {
      authorization: organiser.authorization,
      params: { id: event.id, message_id: message.id },
      body: { subject: 'Thanks', body: 'Hi', audience: { kind: 'everyone' }, send_at: message.send_at },
    });
    expectFieldError(otherAudience, 'audience', organiserMessageTexts.afterEventAudience);

    const cancel = await send(t, calls.cancelMessage, { authorization: organiser.authorization, params: { id: event.id, message_id: message.id } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const again = await turnedOn(event, 'thank_you');
    expect(again.id).not.toBe(message.id);
  });

  // Last in the file: it moves the app's clock past the events' ends.
  it('go at the end plus the delay, follow a change of the end, and reach only those checked in (thanks) or the no-shows (sorry)', async () => {
    const event = await timedEvent(27 * HOUR);
    const ada = await insertAttendee(t, event, 'Ada');
    const bayo = await insertAttendee(t, event, 'Bayo');
    const chi = await insertAttendee(t, event, 'Chi');

    const thanks = await turnedOn(event, 'thank_you');
    const sorry = await turnedOn(event, 'missed_you');
    const end = new Date(event.end_date ?? '').getTime();
    expect(new Date(thanks.send_at).getTime()).toBe(end + DELAY);
    expect(sorry).toMatchObject({ kind: 'missed_you', status: 'scheduled', audience: { kind: 'no_show' }, send_at: thanks.send_at });

    // The organiser moves the end an hour later: both mails follow it.
    const newEnd = new Date(end + HOUR);
    const update = await send(t, calls.updateEvent, {
      authorization: organiser.authorization,
      params: { id: event.id },
      body: eventBody(t, { title: event.title, start_date: event.start_date, end_date: newEnd.toISOString(), prices: event.prices.map((p) => ({ id: p.id, title: p.title, amount: p.amount, attendees: p.attendees, withChips: p.withChips })) }),
    });
    expect(update.statusCode, update.body).toBe(200);
    const moved = await messageHistory(t, organiser.authorization, event);
    expect(moved.map((m) => new Date(m.send_at).getTime())).toEqual([newEnd.getTime() + DELAY, newEnd.getTime() + DELAY]);

    await checkInByOrganiser(t, organiser.authorization, event, ada);

    // Just before the time: nothing goes.
    t.clock.set(new Date(newEnd.getTime() + DELAY - 60_000));
    await signInAgain();
    await t.app.jobs.trigger('messages.dispatch');
    expect((await messageHistory(t, organiser.authorization, event)).every((m) => m.status === 'scheduled')).toBe(true);

    t.clock.set(new Date(newEnd.getTime() + DELAY + 60_000));
    await t.app.jobs.trigger('messages.dispatch');
    await smtp.waitFor(() => recipientsOf(thanks.subject).length === 1 && recipientsOf(sorry.subject).length === 2, 30_000);
    expect(recipientsOf(thanks.subject)).toEqual([ada.email]);
    expect(recipientsOf(sorry.subject)).toEqual([bayo.email, chi.email].sort());
    expect(smtp.mails.filter(sentTo(ada.email)).some(withSubject(sorry.subject))).toBe(false);

    const sent = await messageHistory(t, organiser.authorization, event);
    expect(sent.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['missed_you', 'sent'],
      ['thank_you', 'sent'],
    ]);
    // Sent: no second one of either kind.
    expect((await turnOn(event, 'thank_you')).statusCode).toBe(400);
  });
});
