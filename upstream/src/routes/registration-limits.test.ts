import { LIMITS } from '@tapcard/shared/constants';
import { calls, type Event } from '@tapcard/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../lib/crypto.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { upstreamWithOrganiser, type TestUpstream, type TestUser } from '../test/harness.js';
import { createEvent, eventBody, priceId, tidOf, type EventBody } from '../test/events.js';
import { HOLD_MS } from '../domain/registration.js';
import { fromIp } from '../test/cards.js';

let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  ({ t, organiser } = await upstreamWithOrganiser('Olu Organiser'));
  return () => t.close();
});

const newEmail = () => `guest-${randomId().toLowerCase()}@example.com`;
const ALREADY = 'This email is already registered for this event';
const CHECK_EMAIL = 'Almost there! Check your email and confirm your registration within 30 minutes to receive your event access.';

function register(event: Event, email: string, headers: Record<string, string> = fromIp(), ticket = 'Regular'): Promise<LightMyRequestResponse> {
  return send(t, calls.register, { body: { event_id: event.id, name: 'Ada Obi', email, phone: '+2348031234567', event_prices_id: priceId(event, ticket) }, headers });
}

async function confirmedCount(eventId: string): Promise<number> {
  return (await t.db.selectFrom('attendees').select('id').where('event_id', '=', eventId).where('status', '=', 'confirmed').execute()).length;
}

async function sold(event: Event, ticket = 'Regular'): Promise<number> {
  return (await t.db.selectFrom('event_prices').select('sold').where('id', '=', priceId(event, ticket)).executeTakeFirstOrThrow()).sold;
}

/** Case and whitespace variants of one address, as people type them. */
function variants(email: string, n: number): string[] {
  const [local = '', domain = ''] = email.split('@');
  const forms = [email, email.toUpperCase(), ` ${email} `, `${local.toUpperCase()}@${domain}`, `\t${local}@${domain.toUpperCase()}`];
  return Array.from({ length: n }, (_, i) => forms[i % forms.length] ?? email);
}

async function updateEvent(event: Event, overrides: Partial<EventBody>): Promise<Event> {
  const body = {
    ...eventBody(t, { title: event.title, start_date: event.start_date, end_date: event.end_date ?? undefined }),
    prices: event.prices.map((p) => ({ id: p.id, title: p.title, amount: p.amount, attendees: p.attendees, withChips: p.withChips })),
    ...overrides,
  };
  const res = await send(t, calls.updateEvent, { authorization: organiser.authorization, params: { id: event.id }, body });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.updateEvent, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

describe('registrations per email', () => {
  it('lets one of 50 parallel registrations with one email (any case or spacing) through; the rest answer 409 under email', async () => {
    const event = await createEvent(t, organiser.authorization);
    expect(event.max_registrations_per_email).toBe(1);
    const results = await Promise.all(variants(newEmail(), 50).map((email) => register(event, email)));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(answerOf(calls.register, res)).toMatchObject({ success: 'false', message: ALREADY, errors: [{ field: 'email', message: ALREADY }] });
    }
    expect(await confirmedCount(event.id)).toBe(1);
    expect(await sold(event)).toBe(1);
  });

  it('counts a paid reservation against the email too, and other emails still register', async () => {
    const event = await createEvent(t, organiser.authorization);
    const email = newEmail();
    expect((await register(event, email, fromIp(), 'VIP')).statusCode).toBe(200);
    const again = await register(event, email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(answerOf(calls.register, again)).toMatchObject({ errors: [{ field: 'email', message: ALREADY }] });
    expect((await register(event, newEmail())).statusCode).toBe(200);
  });

  it('allows as many as the organiser sets (up to 10), also under 50 parallel registrations', async () => {
    const created = await createEvent(t, organiser.authorization, { max_registrations_per_email: 3 });
    expect(created.max_registrations_per_email).toBe(3);
    const results = await Promise.all(variants(newEmail(), 50).map((email) => register(created, email)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.find((r) => r.statusCode === 409);
    const limit = 'This email already has 3 registrations for this event, the most allowed';
    expect(refused && answerOf(calls.register, refused)).toMatchObject({ message: limit, errors: [{ field: 'email', message: limit }] });
    expect(await confirmedCount(created.id)).toBe(3);

    // Raised later: the same email gets exactly the new room.
    const raised = await updateEvent(created, { max_registrations_per_email: 5 });
    expect(raised.max_registrations_per_email).toBe(5);
    const email = newEmail();
    const more = await Promise.all(variants(email, 50).map((e) => register(raised, e)));
    expect(more.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await confirmedCount(created.id)).toBe(8);
  });

  it("refuses a limit outside 1..10 under its field with the rule's message", async () => {
    for (const value of [0, 11, 2.5]) {
      const res = await send(t, calls.createEvent, { authorization: organiser.authorization, body: eventBody(t, { max_registrations_per_email: value }) });
      expectFieldError(res, 'max_registrations_per_email', 'Registrations per email must be a whole number from 1 to 10');
    }
  });
});

describe('registrations per client address', () => {
  it(`lets at most ${LIMITS.registration.max} of 50 parallel registrations from one address through, per event and hour`, async () => {
    const event = await createEvent(t, organiser.authorization);
    const office = fromIp();
    const results = await Promise.all(Array.from({ length: 50 }, () => register(event, newEmail(), office)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.registration.max);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(429);
      expect(answerOf(calls.register, res)).toMatchObject({ success: 'false', message: 'Too many attempts. Please try again later.' });
    }
    expect(await confirmedCount(event.id)).toBe(LIMITS.registration.max);

    // Another address, and another event from the same address, are not affected; the window ends.
    expect((await register(event, newEmail(), fromIp())).statusCode).toBe(200);
    const other = await createEvent(t, organiser.authorization);
    expect((await register(other, newEmail(), office)).statusCode).toBe(200);
    t.clock.advance(LIMITS.registration.windowMs);
    try {
      expect((await register(event, newEmail(), office)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-LIMITS.registration.windowMs);
    }
  });
});

describe('email confirmation for free tickets', () => {
  /** The confirmation token in the last mail to `email`. */
  async function confirmToken(email: string): Promise<string> {
    const mail = (await t.outbox(email)).at(-1);
    const match = /\/event\/u\/confirm\/([A-Za-z\d_-]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
    return match[1];
  }
  const confirm = (token: string) => send(t, calls.confirmRegistration, { body: { token } });

  it('is off unless the organiser asks for it', async () => {
    const event = await createEvent(t, organiser.authorization);
    expect(event.confirm_email_for_free).toBe(false);
    const answer = answerOf(calls.register, await register(event, newEmail()));
    expect(answer).toMatchObject({ success: 'true', message: 'Your event access has been sent to your email.' });
  });

  it('holds the seat of a pending registration that nobody sees, then confirms it once through the mailed link', async () => {
    const event = await createEvent(t, organiser.authorization, { confirm_email_for_free: true });
    expect(event.confirm_email_for_free).toBe(true);
    const email = newEmail();
    const res = await register(event, email);
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.register, res)).toEqual({ success: 'true', message: CHECK_EMAIL, link: '', pending: true });
    expect(await sold(event)).toBe(1);

    const mail = (await t.outbox(email)).at(-1);
    expect(mail?.subject).toBe(`Confirm your registration for ${event.title}`);
    expect(mail?.text).toContain('within 30 minutes');
    expect(mail?.text).not.toContain('/event/u/token/');
    const token = await confirmToken(email);

    // Pending: not listed, not counted, no check-in, and the confirmation token opens no arena.
    const pending = await t.db.selectFrom('attendees').select(['id', 'status', 'confirm_token_hash']).where('event_id', '=', event.id).executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');
    expect(pending.confirm_token_hash).not.toBe(token);
    const list = answerOf(calls.eventAttendees, await send(t, calls.eventAttendees, { params: { id: event.id } }));
    expect(list).toMatchObject({ success: 'true', data: { attendees: [], registered: 0 } });
    const view = answerOf(calls.publicEvent, await send(t, calls.publicEvent, { params: { id: event.id } }));
    expect(view).toMatchObject({ data: { attendees: [], attendee_count: 0 } });
    const admin = answerOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization: organiser.authorization, params: { id: event.id } }));
    expect(admin).toMatchObject({ data: { attendees: [] } });
    const checkIn = await send(t, calls.checkIn, { authorization: organiser.authorization, params: { id: pending.id }, body: { event_id: event.id, checked_in: true } });
    expect(checkIn.statusCode).toBe(404);
    expect((await send(t, calls.eventToken, { params: { id: token } })).statusCode).toBe(404);

    // The link confirms it and hands out the access, as a normal registration does.
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    const answer = answerOf(calls.confirmRegistration, done);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.message).toBe('Your event access has been sent to your email.');
    const tid = tidOf(answer.link);
    expect((await t.outbox(email)).at(-1)?.text).toContain(`/event/u/token/${tid}`);
    expect(answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: tid } }))).toMatchObject({ success: 'true', data: { name: 'Ada Obi' } });
    const listed = answerOf(calls.eventAttendees, await send(t, calls.eventAttendees, { params: { id: event.id } }));
    expect(listed).toMatchObject({ data: { registered: 1, attendees: [{ id: pending.id, name: 'Ada Obi' }] } });
    expect(await sold(event)).toBe(1);

    // Once only.
    const mails = (await t.outbox(email)).length;
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(answerOf(calls.confirmRegistration, again)).toMatchObject({ success: 'false', message: 'Your event access has been sent to your email.' });
    expect(await t.outbox(email)).toHaveLength(mails);
  });

  it('counts a held registration against its email', async () => {
    const event = await createEvent(t, organiser.authorization, { confirm_email_for_free: true });
    const email = newEmail();
    expect((await register(event, email)).statusCode).toBe(200);
    const again = await register(event, ` ${email.toUpperCase()}`);
    expect(again.statusCode).toBe(409);
    expect(answerOf(calls.register, again)).toMatchObject({ errors: [{ field: 'email', message: ALREADY }] });
  });

  it('frees the seat when the hold expires: the link no longer works and the expired registration never counts', async () => {
    const event = await createEvent(t, organiser.authorization, {
      confirm_email_for_free: true,
      prices: [{ title: 'Regular', amount: 0, attendees: 1, withChips: 'without' }],
    });
    const ada = newEmail();
    expect((await register(event, ada)).statusCode).toBe(200);
    const token = await confirmToken(ada);
    const late = newEmail();
    const soldOut = await register(event, late);
    expect(soldOut.statusCode).toBe(409);
    expect(answerOf(calls.register, soldOut)).toMatchObject({ message: 'Sorry, the Regular ticket is sold out.' });

    t.clock.advance(HOLD_MS);
    try {
      // The held seat is back and Ada's expired registration no longer counts: she registers again.
      expect((await register(event, ada)).statusCode).toBe(200);
      expect(await sold(event)).toBe(1);
      expect((await register(event, late)).statusCode).toBe(409);
      const expired = await confirm(token);
      expect(expired.statusCode).toBe(410);
      expect(answerOf(calls.confirmRegistration, expired)).toMatchObject({ success: 'false', message: 'This confirmation link has expired. Please register again.' });
      expect((await confirm(await confirmToken(ada))).statusCode).toBe(200);
      expect(await confirmedCount(event.id)).toBe(1);
      expect(await sold(event)).toBe(1);
    } finally {
      t.clock.advance(-HOLD_MS);
    }
  });

  it('confirms a held registration once under 50 parallel uses of its link', async () => {
    const event = await createEvent(t, organiser.authorization, { confirm_email_for_free: true });
    const email = newEmail();
    await register(event, email);
    const token = await confirmToken(email);
    const results = await Promise.all(Array.from({ length: 50 }, () => confirm(token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await confirmedCount(event.id)).toBe(1);
  });

  it('answers 404 for an unknown link and 400 under token for a malformed one', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(answerOf(calls.confirmRegistration, unknown)).toMatchObject({ success: 'false', message: 'This confirmation link is not valid' });
    expectFieldError(await confirm('bad/token'), 'token', 'This confirmation link is not valid');
  });
});
