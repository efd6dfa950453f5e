import { calls } from '@tapcard/shared/contract';
import { avatarFor } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { TestPaymentProvider } from '../domain/payments.js';
import { LIMITS } from '@tapcard/shared/constants';
import { answerOf, expectFieldError, send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamWithOrganiser, type TestUpstream, type TestUser } from '../test/harness.js';
import { createEvent, dayText, insertAttendee, insertChip, mailsAfterPayment, priceId, registerFree, tidOf } from '../test/events.js';
import { fromIp } from '../test/cards.js';

let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  ({ t, organiser } = await upstreamWithOrganiser('Olu Organiser'));
  return () => t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function withClockMoved<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.advance(-ms);
  }
}

/** The built-in provider keeps its state in the orders table, so a second instance over the same database decides the same payments. */
function provider(): TestPaymentProvider {
  return new TestPaymentProvider(t.db, `${t.config.publicUrl}/api`, t.clock.now);
}

const email = () => `buyer-${randomId().toLowerCase()}@example.com`;

async function attendeeCount(eventId: string): Promise<number> {
  return (await t.db.selectFrom('attendees').select('id').where('event_id', '=', eventId).execute()).length;
}

async function sold(priceId: string): Promise<number> {
  return (await t.db.selectFrom('event_prices').select('sold').where('id', '=', priceId).executeTakeFirstOrThrow()).sold;
}

describe('register: free ticket', () => {
  it('confirms the attendee, mails the access link and answers the token page link', async () => {
    const event = await createEvent(t, organiser.authorization);
    const to = email();
    const res = await send(t, calls.register, {
      body: { event_id: event.id, name: 'Ada Lovelace', email: to, phone: '+234 803 123 4567', event_prices_id: priceId(event, 'Regular') },
    });
    const answer = answerOf(calls.register, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    const tid = tidOf(answer.link);
    expect(tid.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    expect(answer.message).toBe('Your event access has been sent to your email.');

    const row = await t.db.selectFrom('attendees').selectAll().where('tid_hash', '=', hashToken(tid)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', name: 'Ada Lovelace', email: to, phone: '+2348031234567', image: avatarFor('Ada Lovelace') });
    expect(row.seq).toBeGreaterThan(0);
    expect(JSON.stringify(row)).not.toContain(tid);
    expect(await sold(priceId(event, 'Regular'))).toBe(1);

    const mail = await t.outbox(to);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`http://localhost:3000/event/u/token/${tid}`);
  });

  it("keeps the product's own image given with the registration, and refuses a script URL or another host's image", async () => {
    const event = await createEvent(t, organiser.authorization);
    const register = (image: string) =>
      send(t, calls.register, { body: { event_id: event.id, name: 'Img Person', email: email(), phone: '08031234567', event_prices_id: priceId(event, 'Regular'), image } });
    const withImage = async (image: string) => {
      const answer = answerOf(calls.register, await register(image));
      if (answer.success !== 'true') throw new Error(answer.message);
      return (await t.db.selectFrom('attendees').select('image').where('tid_hash', '=', hashToken(tidOf(answer.link))).executeTakeFirstOrThrow()).image;
    };
    expect(await withImage('/backend/files/MeMeMeMeMeMeMeMeMeMeMe.png')).toBe('/backend/files/MeMeMeMeMeMeMeMeMeMeMe.png');
    expect(await withImage(avatarFor('Img Person'))).toBe(avatarFor('Img Person'));
    expect(await withImage('')).toBe(avatarFor('Img Person'));
    for (const image of ['javascript:alert(1)', 'https://tracker.example/me.png']) expectFieldError(await register(image), 'image', messages.imageNotOwn);
  });

  it('answers 400 with the required messages for bad input and stores nothing', async () => {
    const event = await createEvent(t, organiser.authorization);
    const good = { event_id: event.id, name: 'Ada', email: email(), phone: '+2348031234567', event_prices_id: priceId(event, 'Regular') };
    expectFieldError(await send(t, calls.register, { body: { ...good, name: ' ' } }), 'name', 'Name is required');
    expectFieldError(await send(t, calls.register, { body: { ...good, email: 'not-an-email' } }), 'email', 'Email is not valid');
    expectFieldError(await send(t, calls.register, { body: { ...good, email: '' } }), 'email', 'Email is required');
    expectFieldError(await send(t, calls.register, { body: { ...good, phone: '12345' } }), 'phone', 'Phone number is not valid');
    expectFieldError(await send(t, calls.register, { body: { ...good, phone: '' } }), 'phone', 'Phone number is required');
    expectFieldError(await send(t, calls.register, { body: { ...good, event_prices_id: '' } }), 'event_prices_id', 'Please select a ticket');
    const other = await createEvent(t, organiser.authorization);
    expectFieldError(await send(t, calls.register, { body: { ...good, event_prices_id: priceId(other, 'Regular') } }), 'event_prices_id', 'This ticket is not available for this event');
    expect((await send(t, calls.register, { body: { ...good, event_id: 'no-such-event' } })).statusCode).toBe(404);
    expect(await attendeeCount(event.id)).toBe(0);
    expect(await sold(priceId(event, 'Regular'))).toBe(0);
  });

  it('refuses registration once the event has ended', async () => {
    const event = await createEvent(t, organiser.authorization);
    const res = await withClockMoved(5 * DAY_MS, () =>
      send(t, calls.register, { body: { event_id: event.id, name: 'Late', email: email(), phone: '+2348031234567', event_prices_id: priceId(event, 'Regular') } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: 'false', message: 'This event has ended, so registration is closed.' });
    expect(await attendeeCount(event.id)).toBe(0);
  });

  it('sells exactly the stock under 200 parallel registrations for 50 tickets', async () => {
    const event = await createEvent(t, organiser.authorization, {
      prices: [{ title: 'Regular', amount: 0, attendees: 50, withChips: 'without' }],
    });
    const ticket = priceId(event, 'Regular');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        // Each from its own address: this is the stock's limit, not the per-address one.
        send(t, calls.register, { body: { event_id: event.id, name: `Guest ${i}`, email: `guest-${i}-${randomId().toLowerCase()}@example.com`, phone: '+2348031234567', event_prices_id: ticket }, headers: fromIp() }),
      ),
    );
    const answers = results.map((res) => ({ status: res.statusCode, answer: answerOf(calls.register, res) }));
    const won = answers.filter((a) => a.answer.success === 'true');
    const lost = answers.filter((a) => a.answer.success === 'false');
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(150);
    for (const { status, answer } of lost) {
      expect(status).toBe(409);
      expect(answer.message).toBe('Sorry, the Regular ticket is sold out.');
    }
    expect(await sold(ticket)).toBe(50);
    const confirmed = await t.db.selectFrom('attendees').select('id').where('event_id', '=', event.id).where('status', '=', 'confirmed').execute();
    expect(confirmed).toHaveLength(50);
    // Every confirmed registration took its own event seq.
    const seqs = (await t.db.selectFrom('attendees').select('seq').where('event_id', '=', event.id).execute()).map((r) => r.seq).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(50);
    // 200 registrations queue on one event's row lock: seconds alone, far longer on a loaded machine.
  }, 300_000);
});

describe('register: paid ticket and paymentSuccessful', () => {
  async function registerPaid(eventId: string, ticket: string, to = email()) {
    const answer = answerOf(calls.register, await send(t, calls.register, { body: { event_id: eventId, name: 'Paying Pat', email: to, phone: '+2348031234567', event_prices_id: ticket } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    const reference = decodeURIComponent(answer.link.split('/').pop() ?? '');
    return { link: answer.link, reference, email: to };
  }

  it('reserves the ticket, sends the buyer to the provider, then confirms once the payment is confirmed', async () => {
    const event = await createEvent(t, organiser.authorization);
    const vip = priceId(event, 'VIP');
    const paid = await registerPaid(event.id, vip);
    expect(paid.link).toMatch(/^http:\/\/localhost:3000\/api\/pay\/test\//);

    const order = await t.db.selectFrom('orders').selectAll().where('reference', '=', paid.reference).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'ticket', final_total: 15000, payment_status: 'pending', callback_url: 'http://localhost:3000/event/p/ticket/successful' });
    const attendee = await t.db.selectFrom('attendees').innerJoin('ticket_payments', 'ticket_payments.attendee_id', 'attendees.id').select(['attendees.status', 'attendees.id']).where('ticket_payments.reference', '=', paid.reference).executeTakeFirstOrThrow();
    expect(attendee.status).toBe('pending');
    expect(await sold(vip)).toBe(1);
    expect(await mailsAfterPayment(t, paid.email)).toEqual([]);

    // Before the provider confirms: not yet.
    const early = await send(t, calls.paymentSuccessful, { body: { reference: paid.reference, trxref: paid.reference } });
    expect(early.statusCode).toBe(409);
    expect(answerOf(calls.paymentSuccessful, early)).toMatchObject({ success: 'false', message: 'Your payment has not been confirmed yet. Please try again in a moment.' });

    await provider().decide(paid.reference, 'paid');
    const done = answerOf(calls.paymentSuccessful, await send(t, calls.paymentSuccessful, { body: { reference: paid.reference, trxref: paid.reference } }));
    if (done.success !== 'true') throw new Error(done.message);
    const tid = tidOf(done.link);
    const confirmed = await t.db.selectFrom('attendees').select(['status', 'tid_hash', 'seq']).where('id', '=', attendee.id).executeTakeFirstOrThrow();
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.tid_hash).toBe(hashToken(tid));
    expect(confirmed.seq).toBeGreaterThan(0);
    const payment = await t.db.selectFrom('ticket_payments').select('tid_pending').where('reference', '=', paid.reference).executeTakeFirstOrThrow();
    expect(payment.tid_pending).toBeNull();
    expect((await mailsAfterPayment(t, paid.email))[0]?.text).toContain(`/event/u/token/${tid}`);

    // A second call does not hand the access out again.
    const again = await send(t, calls.paymentSuccessful, { body: { reference: paid.reference } });
    expect(again.statusCode).toBe(409);
    expect(answerOf(calls.paymentSuccessful, again)).toMatchObject({ success: 'false', message: 'Your event access has been sent to your email.' });
    expect(await mailsAfterPayment(t, paid.email)).toHaveLength(1);

    // The token works.
    const token = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: tid } }));
    expect(token).toMatchObject({ success: 'true', data: { name: 'Paying Pat', attendee: { price_category: 'VIP' } } });
  });

  it('cancels the attendee and gives the ticket back when the payment is declined', async () => {
    const event = await createEvent(t, organiser.authorization);
    const vip = priceId(event, 'VIP');
    const paid = await registerPaid(event.id, vip);
    expect(await sold(vip)).toBe(1);
    await provider().decide(paid.reference, 'declined');
    const res = await send(t, calls.paymentSuccessful, { body: { reference: paid.reference } });
    expect(res.statusCode).toBe(402);
    expect(answerOf(calls.paymentSuccessful, res)).toMatchObject({ success: 'false', message: 'Your payment was declined, so no ticket was issued.' });
    expect(await sold(vip)).toBe(0);
    const attendee = await t.db.selectFrom('attendees').innerJoin('ticket_payments', 'ticket_payments.attendee_id', 'attendees.id').select('attendees.status').where('ticket_payments.reference', '=', paid.reference).executeTakeFirstOrThrow();
    expect(attendee.status).toBe('cancelled');
    // Repeating it releases nothing more.
    await send(t, calls.paymentSuccessful, { body: { reference: paid.reference } });
    expect(await sold(vip)).toBe(0);
    expect(await mailsAfterPayment(t, paid.email)).toEqual([]);
  });

  it('holds paid reservations against the stock', async () => {
    const event = await createEvent(t, organiser.authorization, { prices: [{ title: 'VIP', amount: 5000, attendees: 1, withChips: 'with' }] });
    await registerPaid(event.id, priceId(event, 'VIP'));
    const second = await send(t, calls.register, { body: { event_id: event.id, name: 'Too Late', email: email(), phone: '+2348031234567', event_prices_id: priceId(event, 'VIP') } });
    expect(second.statusCode).toBe(409);
    expect(answerOf(calls.register, second)).toMatchObject({ success: 'false', message: 'Sorry, the VIP ticket is sold out.' });
  });

  it('answers 404 for an unknown reference and 400 without one', async () => {
    expect((await send(t, calls.paymentSuccessful, { body: { reference: 'TC-unknown' } })).statusCode).toBe(404);
    const bad = await sendUnchecked(t, calls.paymentSuccessful, { body: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: 'false', errors: [{ field: 'reference' }] });
  });
});

describe('eventToken', () => {
  it('answers the attendee, the event and the arena data for a confirmed token; 404 otherwise', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'Hello' } });
    const answer = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: ada.tid } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.event).toMatchObject({ id: event.id, clean_name: event.clean_name, title: event.title, start_date: event.start_date });
    expect(answer.data.name).toBe('Ada Lovelace');
    expect(answer.data.attendee).toMatchObject({ id: ada.id, checked_in: false, price_category: 'Regular' });
    expect(answer.data.attendee.chats.map((c) => c.message)).toEqual(['Hello']);
    expect(JSON.stringify(answer.data)).not.toContain(ada.email);

    expect((await send(t, calls.eventToken, { params: { id: randomToken() } })).statusCode).toBe(404);
    // A pending (unpaid) attendee's token opens nothing.
    const pendingTid = randomToken();
    await t.db
      .insertInto('attendees')
      .values({ id: randomId(), event_id: event.id, price_id: priceId(event, 'VIP'), tid_hash: hashToken(pendingTid), name: 'P', email: 'p@example.com', phone: '1', image: '', status: 'pending', seq: 0 })
      .execute();
    expect((await send(t, calls.eventToken, { params: { id: pendingTid } })).statusCode).toBe(404);
  });

  it('never shows a tid the private messages of other attendees', async () => {
    const event = await createEvent(t, organiser.authorization);
    const x = await registerFree(t, event, 'Xena X');
    const y = await registerFree(t, event, 'Yusuf Y');
    const z = await registerFree(t, event, 'Zara Z');
    const post = (from: typeof x, to: string, message: string) =>
      send(t, calls.privateChat, { params: { id: from.tid }, body: { event_id: event.id, attendee_id_1: from.id, attendee_id_2: to, message } });
    expect((await post(y, z.id, 'secret between Y and Z')).statusCode).toBe(200);
    expect((await post(z, y.id, 'reply from Z to Y')).statusCode).toBe(200);
    expect((await post(x, y.id, 'X to Y')).statusCode).toBe(200);
    expect((await post(z, x.id, 'Z to X')).statusCode).toBe(200);

    const answer = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: x.tid } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.attendee.private_chats.map((c) => c.message)).toEqual(['X to Y', 'Z to X']);
    for (const chat of answer.data.attendee.private_chats) expect([chat.attendee_id_1, chat.attendee_id_2]).toContain(x.id);
    expect(JSON.stringify(answer.data)).not.toContain('secret between Y and Z');
    expect(JSON.stringify(answer.data)).not.toContain('reply from Z to Y');
  });
});

describe('chat', () => {
  it('stores a group post as the poster, with the poster\'s own name and image, and a seq', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const res = await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: '  Hello everyone ', image: 'https://evil.example/x.png' } });
    const answer = answerOf(calls.chat, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toMatchObject({ event_id: event.id, attendee_id: ada.id, name: 'Ada Lovelace', image: avatarFor('Ada Lovelace'), message: 'Hello everyone' });
    const seq = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(answer.data.seq).toBe(seq.seq);
  });

  it('refuses the same post made as another attendee (403) and stores nothing', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const bob = await registerFree(t, event, 'Bob Marley');
    const asBob = await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: bob.id, message: 'I am Bob' } });
    expect(asBob.statusCode).toBe(403);
    expect(answerOf(calls.chat, asBob)).toMatchObject({ success: 'false', message: 'You can only post as yourself' });
    const asAdmin = await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: `admin-${organiser.id}`, message: 'I am the organiser' } });
    expect(asAdmin.statusCode).toBe(403);
    const privateAsBob = await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: bob.id, attendee_id_2: ada.id, message: 'hi me' } });
    expect(privateAsBob.statusCode).toBe(403);
    const otherEvent = await createEvent(t, organiser.authorization);
    const elsewhere = await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: otherEvent.id, attendee_id: ada.id, message: 'wrong room' } });
    expect(elsewhere.statusCode).toBe(403);
    expect(await t.db.selectFrom('chats').select('id').where('event_id', 'in', [event.id, otherEvent.id]).execute()).toEqual([]);
    expect(await t.db.selectFrom('private_chats').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('answers 400 for an empty or too long message, 404 for an unknown tid, and stores nothing', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event);
    expectFieldError(await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: '   ' } }), 'message', 'Message cannot be empty');
    expectFieldError(await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'x'.repeat(2001) } }), 'message', 'Message is too long');
    expect((await send(t, calls.chat, { params: { id: randomToken() }, body: { event_id: event.id, attendee_id: ada.id, message: 'hi' } })).statusCode).toBe(404);
    expect(await t.db.selectFrom('chats').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('is open only while the event runs', async () => {
    const event = await createEvent(t, organiser.authorization, { start_date: dayText(t.clock.now(), 1), end_date: dayText(t.clock.now(), 2) });
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const post = () => send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'hi' } });
    const early = await post();
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: 'This event is yet to start. The chat opens when it starts.' });
    expect((await withClockMoved(1 * DAY_MS, post)).statusCode).toBe(200);
    const late = await withClockMoved(4 * DAY_MS, post);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'This event has ended, so its chat is closed.' });
  });
});

describe('privateChat', () => {
  it('sends to another confirmed attendee or to the organiser, as self only', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const bob = await registerFree(t, event, 'Bob Marley');
    const toBob = answerOf(calls.privateChat, await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: ada.id, attendee_id_2: bob.id, message: 'Hi Bob' } }));
    expect(toBob).toMatchObject({ success: 'true', data: { attendee_id: ada.id, attendee_id_1: ada.id, attendee_id_2: bob.id, name: 'Ada Lovelace', message: 'Hi Bob' } });
    const toAdmin = await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: ada.id, attendee_id_2: `admin-${organiser.id}`, message: '' } });
    expect(toAdmin.statusCode).toBe(200);
  });

  it('refuses a recipient outside the event, another organiser or oneself (400), storing nothing', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const stranger = await registerFree(t, await createEvent(t, organiser.authorization), 'Stranger');
    for (const to of [stranger.id, 'admin-someone-else', ada.id, 'no-such-attendee']) {
      const res = await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: ada.id, attendee_id_2: to, message: 'hi' } });
      expectFieldError(res, 'attendee_id_2', 'The recipient is not an attendee of this event');
    }
    expect(await t.db.selectFrom('private_chats').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });
});

describe('chips', () => {
  /** An event whose free Regular ticket includes a chip (the VIP one does not). */
  const chipEvent = () =>
    createEvent(t, organiser.authorization, {
      prices: [
        { title: 'Regular', amount: 0, attendees: 100, withChips: 'with' },
        { title: 'VIP', amount: 15000, attendees: 10, withChips: 'without' },
      ],
    });
  const holderOf = async (chip: string) => (await t.db.selectFrom('chips').select('attendee_id').where('id', '=', chip).executeTakeFirstOrThrow()).attendee_id;

  it('answers an unbound chip, binds it with the attendee\'s token, and then shows the holder', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await insertAttendee(t, event, 'Ada Lovelace', 'VIP');
    const chip = await insertChip(t, event.id);

    const before = answerOf(calls.chip, await send(t, calls.chip, { params: { id: chip } }));
    expect(before).toMatchObject({ success: 'true', data: { id: chip, event_id: event.id, event_attendee_id: null, attendee: null, price: null, is_organiser: false } });

    const seqBefore = (await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow()).seq;
    const bound = answerOf(calls.bindChip, await send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid } }));
    expect(bound).toMatchObject({ success: 'true', data: { event_id: event.id } });
    const row = await t.db.selectFrom('chips').select(['attendee_id', 'seq']).where('id', '=', chip).executeTakeFirstOrThrow();
    expect(row).toEqual({ attendee_id: ada.id, seq: seqBefore + 1 });
    // Binding again with the same token is harmless.
    expect((await send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid } })).statusCode).toBe(200);

    const after = answerOf(calls.chip, await send(t, calls.chip, { params: { id: chip } }));
    expect(after).toMatchObject({
      success: 'true',
      data: { event_attendee_id: ada.id, attendee: { name: 'Ada Lovelace', checked_in: false }, price: { title: 'VIP' }, is_organiser: false },
    });
    const asOrganiser = answerOf(calls.chip, await send(t, calls.chip, { params: { id: chip }, authorization: organiser.authorization }));
    expect(asOrganiser).toMatchObject({ success: 'true', data: { is_organiser: true } });
    const someone = await createUser(t);
    expect(answerOf(calls.chip, await send(t, calls.chip, { params: { id: chip }, authorization: someone.authorization }))).toMatchObject({ data: { is_organiser: false } });
    expect((await send(t, calls.chip, { params: { id: 'no-such-chip' } })).statusCode).toBe(404);
  });

  it('refuses a chip already bound to another attendee (409) and tokens of other events (400)', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const bob = await registerFree(t, event, 'Bob Marley');
    const stranger = await registerFree(t, await createEvent(t, organiser.authorization), 'Stranger');
    const chip = await insertChip(t, event.id, ada.id);
    const taken = await send(t, calls.bindChip, { params: { id: chip }, body: { token: bob.tid } });
    expect(taken.statusCode).toBe(409);
    expect(answerOf(calls.bindChip, taken)).toMatchObject({ success: 'false', message: 'This chip is already linked to another attendee' });
    const free = await insertChip(t, event.id);
    expectFieldError(await send(t, calls.bindChip, { params: { id: free }, body: { token: stranger.tid } }), 'token', 'Access token is invalid');
    expectFieldError(
      await send(t, calls.bindChip, { params: { id: free }, body: { token: 'short' } }),
      'token',
      'Enter the access link from your registration email (it contains /event/u/token/) or the access token at its end',
    );
    const rows = await t.db.selectFrom('chips').select(['id', 'attendee_id']).where('id', 'in', [chip, free]).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.attendee_id]))).toEqual({ [chip]: ada.id, [free]: null });
    expect((await send(t, calls.bindChip, { params: { id: 'no-such-chip' }, body: { token: ada.tid } })).statusCode).toBe(404);
  });

  it('throttles wrong tokens per chip and address with 429', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event);
    const chip = await insertChip(t, event.id);
    const attacker = fromIp();
    for (let i = 0; i < LIMITS.chipToken.max; i++) {
      expect((await send(t, calls.bindChip, { params: { id: chip }, body: { token: randomToken() }, headers: attacker })).statusCode).toBe(400);
    }
    const blocked = await send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid }, headers: attacker });
    expect(blocked.statusCode).toBe(429);
    expect(await t.db.selectFrom('chips').select('attendee_id').where('id', '=', chip).executeTakeFirstOrThrow()).toEqual({ attendee_id: null });
    // Another chip is not affected, and the window ends.
    const other = await insertChip(t, event.id);
    const bob = await registerFree(t, event, 'Bob Marley');
    expect((await send(t, calls.bindChip, { params: { id: other }, body: { token: bob.tid }, headers: attacker })).statusCode).toBe(200);
    expect((await withClockMoved(16 * 60_000, () => send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid }, headers: attacker }))).statusCode).toBe(200);
  });

  it('evaluates at most the limit of 50 parallel binds; the holder binds from another address', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event);
    const chip = await insertChip(t, event.id);
    const attacker = fromIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(t, calls.bindChip, { params: { id: chip }, body: { token: i === 49 ? ada.tid : randomToken() }, headers: attacker })),
    );
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.chipToken.max);
    expect((await send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid }, headers: attacker })).statusCode).toBe(429);
    const bound = await send(t, calls.bindChip, { params: { id: chip }, body: { token: ada.tid }, headers: fromIp() });
    expect(bound.statusCode).toBe(200);
    expect(await t.db.selectFrom('chips').select('attendee_id').where('id', '=', chip).executeTakeFirstOrThrow()).toEqual({ attendee_id: ada.id });
  });

  it('binds a chip only to an attendee whose ticket includes a chip', async () => {
    const event = await createEvent(t, organiser.authorization);
    const noChip = await registerFree(t, event, 'Ada Lovelace', 'Regular');
    const withChip = await insertAttendee(t, event, 'Grace Hopper', 'VIP');
    const chip = await insertChip(t, event.id);
    expectFieldError(await send(t, calls.bindChip, { params: { id: chip }, body: { token: noChip.tid } }), 'token', 'This access token is for a ticket without a chip');
    expect(await holderOf(chip)).toBeNull();
    expect((await send(t, calls.bindChip, { params: { id: chip }, body: { token: withChip.tid } })).statusCode).toBe(200);
    expect(await holderOf(chip)).toBe(withChip.id);
  });

  it('binds with the access link as mailed', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event);
    const chip = await insertChip(t, event.id);
    const link = `${t.config.publicUrl}/event/u/token/${encodeURIComponent(ada.tid)}`;
    expect((await send(t, calls.bindChip, { params: { id: chip }, body: { token: link } })).statusCode).toBe(200);
    expect(await holderOf(chip)).toBe(ada.id);
  });

  it('lets one access token bind one chip: a second chip answers 409 and stays unbound', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event);
    const first = await insertChip(t, event.id);
    const second = await insertChip(t, event.id);
    expect((await send(t, calls.bindChip, { params: { id: first }, body: { token: ada.tid } })).statusCode).toBe(200);
    const again = await send(t, calls.bindChip, { params: { id: second }, body: { token: ada.tid } });
    expect(again.statusCode).toBe(409);
    expect(answerOf(calls.bindChip, again)).toMatchObject({ success: 'false', message: 'This access token is already linked to another chip' });
    expect(await holderOf(second)).toBeNull();
    // The chip it holds still answers as its own.
    expect((await send(t, calls.bindChip, { params: { id: first }, body: { token: ada.tid } })).statusCode).toBe(200);
    expect(await holderOf(first)).toBe(ada.id);
  });

  it('binds exactly one of 50 chips when one token binds them in parallel', async () => {
    const event = await chipEvent();
    const ada = await registerFree(t, event);
    const chips = await Promise.all(Array.from({ length: 50 }, () => insertChip(t, event.id)));
    const answers = await Promise.all(chips.map((id) => send(t, calls.bindChip, { params: { id }, body: { token: ada.tid }, headers: fromIp() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array.from({ length: 49 }, () => 409)]);
    const bound = await t.db.selectFrom('chips').select('id').where('attendee_id', '=', ada.id).execute();
    expect(bound).toHaveLength(1);
  });
});
