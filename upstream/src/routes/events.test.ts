import { calls, SERVICE_KEY_HEADER, serviceCalls } from '@tapcard/shared/contract';
import { randomId } from '../lib/crypto.js';
import { cleanName } from '@tapcard/shared/domain';
import { describe, expect, it } from 'vitest';
import { answerOf, expectFieldError, send, sendUnchecked } from '../test/contract.js';
import { createUser, SERVICE_KEY, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { createEvent, dayText, eventBody, insertAttendee, insertChip, priceId, registerFree } from '../test/events.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const DAY_MS = 24 * 60 * 60 * 1000;

async function countEvents(userId: string): Promise<number> {
  const rows = await t.db.selectFrom('events').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

/** Runs `fn` with the upstream's clock moved by `ms`, then moves it back; sessions are kept alive. */
async function withClockMoved<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  await t.db.updateTable('sessions').set({ expires_at: new Date(t.clock.now().getTime() + ms + DAY_MS) }).execute();
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('createEvent', () => {
  it('creates an event with its tickets, gallery and a clean name derived from the title', async () => {
    const owner = await createUser(t, { name: 'Olu Organiser' });
    const res = await send(t, calls.createEvent, { authorization: owner.authorization, body: eventBody(t, { title: 'Café Night: Lagos!' }) });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.createEvent, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    const event = answer.data;
    expect(event.clean_name).toMatch(/^cafe-night-lagos(-\d+)?$/);
    expect(event.user_id).toBe(owner.id);
    expect(event.user).toEqual({ name: 'Olu Organiser', image: null });
    expect(event.start_date).toBe(dayText(t.clock.now()));
    expect(event.end_date).toBe(dayText(t.clock.now(), 2));
    expect(event.prices.map((p) => [p.title, p.amount, p.attendees, p.withChips, p.sold])).toEqual([
      ['Regular', 0, 100, 'without', 0],
      ['VIP', 15000, 10, 'with', 0],
    ]);
    expect(event.gallery).toEqual([{ name: 'hall', image: '/backend/files/HallHallHallHallHallHa.png' }]);
    expect(event.attendees).toEqual([]);
    expect(event.attendee_count).toBe(0);
  });

  it('suffixes -2, -3 when the clean name is taken', async () => {
    const owner = await createUser(t);
    const title = `Same Title ${randomId().slice(0, 8)}`;
    const a = await createEvent(t, owner.authorization, { title });
    const b = await createEvent(t, owner.authorization, { title });
    const c = await createEvent(t, owner.authorization, { title });
    expect(b.clean_name).toBe(`${a.clean_name}-2`);
    expect(c.clean_name).toBe(`${a.clean_name}-3`);
  });

  it('keeps a date-time start as written and accepts a start later today', async () => {
    const owner = await createUser(t);
    const start = `${dayText(t.clock.now(), 3)}T18:30`;
    const event = await createEvent(t, owner.authorization, { start_date: start, end_date: undefined });
    expect(event.start_date).toBe(start);
    expect(event.end_date).toBeNull();
  });

  it('refuses a start day before today with its required message, storing nothing', async () => {
    const owner = await createUser(t);
    const res = await send(t, calls.createEvent, {
      authorization: owner.authorization,
      body: eventBody(t, { start_date: dayText(t.clock.now(), -1), end_date: dayText(t.clock.now(), 1) }),
    });
    expectFieldError(res, 'start_date', 'Please choose future date!');
    expect(await countEvents(owner.id)).toBe(0);
  });

  it('answers 400 with the required messages for bad details and tickets, storing nothing', async () => {
    const owner = await createUser(t);
    const cases: [Partial<ReturnType<typeof eventBody>>, string, string][] = [
      [{ title: '  ' }, 'title', 'Please enter event name'],
      [{ end_date: dayText(t.clock.now()) }, 'end_date', 'End date has to be after than start date'],
      [{ prices: [] }, 'prices', 'Please create at least 1 (ONE) ticket'],
      [{ prices: [{ title: '', amount: 0, attendees: 5, withChips: 'without' }] }, 'prices.0.title', 'Ticket Name is required'],
      [{ prices: [{ title: 'VIP', amount: -1, attendees: 5, withChips: 'without' }] }, 'prices.0.amount', 'Price must be at least 0'],
      [{ prices: [{ title: 'VIP', amount: 10, attendees: 0, withChips: 'without' }] }, 'prices.0.attendees', 'Total in Stock must be at least 1'],
    ];
    for (const [override, field, message] of cases) {
      const res = await send(t, calls.createEvent, { authorization: owner.authorization, body: eventBody(t, override) });
      expectFieldError(res, field, message);
    }
    const res = await send(t, calls.createEvent, {
      authorization: owner.authorization,
      body: eventBody(t, { prices: [{ title: 'VIP', amount: 10.5, attendees: 5, withChips: 'without' }] }),
    });
    expectFieldError(res, 'prices.0.amount', 'Ticket amount must be a whole number of naira');
    expect(await countEvents(owner.id)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const res = await send(t, calls.createEvent, { body: eventBody(t) });
    expect(res.statusCode).toBe(401);
  });
});

describe('listEvents and getEvent', () => {
  it('lists only the caller\'s events, split into upcoming and past on the upstream clock', async () => {
    const owner = await createUser(t, { name: 'Lister' });
    const other = await createUser(t);
    const soon = await createEvent(t, owner.authorization, { start_date: dayText(t.clock.now(), 10), end_date: dayText(t.clock.now(), 11) });
    const now = await createEvent(t, owner.authorization);
    await createEvent(t, other.authorization);

    const res = await send(t, calls.listEvents, { authorization: owner.authorization });
    const answer = answerOf(calls.listEvents, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.user).toEqual({ name: 'Lister', image: null });
    expect(answer.data.upcoming.map((e) => e.id)).toEqual([now.id, soon.id]);
    expect(answer.data.past).toEqual([]);
    expect(answer.data.all.map((e) => e.id)).toEqual([now.id, soon.id]);

    // Five days on, the event of today has ended.
    const later = await withClockMoved(5 * DAY_MS, async () => answerOf(calls.listEvents, await send(t, calls.listEvents, { authorization: owner.authorization })));
    if (later.success !== 'true') throw new Error(later.message);
    expect(later.data.upcoming.map((e) => e.id)).toEqual([soon.id]);
    expect(later.data.past.map((e) => e.id)).toEqual([now.id]);
  });

  it('pages with page and limit', async () => {
    const owner = await createUser(t);
    for (let i = 1; i <= 3; i++) await createEvent(t, owner.authorization, { start_date: dayText(t.clock.now(), i), end_date: dayText(t.clock.now(), i + 1) });
    const page = async (n: number) => {
      const answer = answerOf(calls.listEvents, await send(t, calls.listEvents, { authorization: owner.authorization, query: { page: n, limit: 2 } }));
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data.all.length;
    };
    expect([await page(1), await page(2), await page(3)]).toEqual([2, 1, 0]);
    const bad = await send(t, calls.listEvents, { authorization: owner.authorization, query: { limit: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: 'false', errors: [{ field: 'limit' }] });
  });

  it('answers getEvent for the owner, 404 for another user and 401 without a token', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const mine = answerOf(calls.getEvent, await send(t, calls.getEvent, { authorization: owner.authorization, params: { id: event.id } }));
    expect(mine).toMatchObject({ success: 'true', data: { id: event.id, title: event.title } });
    expect((await send(t, calls.getEvent, { authorization: other.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, calls.getEvent, { params: { id: event.id } })).statusCode).toBe(401);
    expect((await send(t, calls.listEvents, {})).statusCode).toBe(401);
  });
});

describe('updateEvent', () => {
  it('replaces details, tickets and gallery, keeping ticket ids sent back and the clean name while the title stays', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const vip = event.prices.find((p) => p.title === 'VIP');
    const res = await send(t, calls.updateEvent, {
      authorization: owner.authorization,
      params: { id: event.id },
      body: eventBody(t, {
        title: event.title,
        description: 'Changed',
        prices: [
          { id: vip?.id, title: 'VIP', amount: 20000, attendees: 12, withChips: 'with' },
          { title: 'Early bird', amount: 5000, attendees: 3, withChips: 'without' },
        ],
        gallery: [],
      }),
    });
    const answer = answerOf(calls.updateEvent, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.description).toBe('Changed');
    expect(answer.data.clean_name).toBe(event.clean_name);
    expect(answer.data.prices.map((p) => [p.title, p.amount, p.attendees])).toEqual([
      ['VIP', 20000, 12],
      ['Early bird', 5000, 3],
    ]);
    expect(answer.data.prices[0]?.id).toBe(vip?.id);
    expect(answer.data.gallery).toEqual([]);
    const seq = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(seq.seq).toBe(1);
  });

  it('derives a new clean name when the title changes', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const title = `Renamed ${randomId().slice(0, 8)}`;
    const answer = answerOf(calls.updateEvent, await send(t, calls.updateEvent, { authorization: owner.authorization, params: { id: event.id }, body: eventBody(t, { title }) }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.clean_name).toBe(cleanName(title));
    expect(answer.data.clean_name).not.toBe(event.clean_name);
  });

  it('applies the past-start rule only when the start date changes', async () => {
    const owner = await createUser(t);
    const start = dayText(t.clock.now());
    const event = await createEvent(t, owner.authorization, { start_date: start, end_date: dayText(t.clock.now(), 5) });
    await withClockMoved(2 * DAY_MS, async () => {
      const same = await send(t, calls.updateEvent, {
        authorization: owner.authorization,
        params: { id: event.id },
        body: eventBody(t, { title: event.title, start_date: start, end_date: dayText(t.clock.now(), 5), description: 'Still on' }),
      });
      expect(same.statusCode, same.body).toBe(200);
      const moved = await send(t, calls.updateEvent, {
        authorization: owner.authorization,
        params: { id: event.id },
        body: eventBody(t, { title: event.title, start_date: dayText(t.clock.now(), -1), end_date: dayText(t.clock.now(), 5) }),
      });
      expectFieldError(moved, 'start_date', 'Please choose future date!');
    });
    const stored = await t.db.selectFrom('events').select(['start_text', 'description']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_text: start, description: 'Still on' });
  });

  it('refuses to remove a ticket that has attendees or to lower its stock below what is sold, changing nothing', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    await registerFree(t, event, 'Ada Lovelace');
    await registerFree(t, event, 'Alan Turing');
    const vip = event.prices.find((p) => p.title === 'VIP');

    const removed = await send(t, calls.updateEvent, {
      authorization: owner.authorization,
      params: { id: event.id },
      body: eventBody(t, { title: event.title, description: 'Nope', prices: [{ id: vip?.id, title: 'VIP', amount: 15000, attendees: 10, withChips: 'with' }] }),
    });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({ success: 'false', message: 'The ticket "Regular" already has attendees and cannot be removed' });

    const regularId = priceId(event, 'Regular');
    const lowered = await send(t, calls.updateEvent, {
      authorization: owner.authorization,
      params: { id: event.id },
      body: eventBody(t, { title: event.title, prices: [{ id: regularId, title: 'Regular', amount: 0, attendees: 1, withChips: 'without' }] }),
    });
    expectFieldError(lowered, 'prices.0.attendees', 'The ticket "Regular" has 2 sold, so its stock cannot be lower than 2');

    const prices = await t.db.selectFrom('event_prices').select(['title', 'stock', 'sold']).where('event_id', '=', event.id).orderBy('position').execute();
    expect(prices).toEqual([
      { title: 'Regular', stock: 100, sold: 2 },
      { title: 'VIP', stock: 10, sold: 0 },
    ]);
    const stored = await t.db.selectFrom('events').select(['description', 'seq']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(stored.description).toBe('A launch party');

    // Lowering to exactly what is sold is fine.
    const exact = await send(t, calls.updateEvent, {
      authorization: owner.authorization,
      params: { id: event.id },
      body: eventBody(t, { title: event.title, prices: [{ id: regularId, title: 'Regular', amount: 0, attendees: 2, withChips: 'without' }] }),
    });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('answers 400 for bad input, 404 for another user\'s event and 401 without a token', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const bad = await send(t, calls.updateEvent, { authorization: owner.authorization, params: { id: event.id }, body: eventBody(t, { location: '' }) });
    expectFieldError(bad, 'location', 'Please enter event location');
    const theirs = await send(t, calls.updateEvent, { authorization: other.authorization, params: { id: event.id }, body: eventBody(t, { title: 'Hijack' }) });
    expect(theirs.statusCode).toBe(404);
    expect((await send(t, calls.updateEvent, { params: { id: event.id }, body: eventBody(t) })).statusCode).toBe(401);
    const stored = await t.db.selectFrom('events').select(['title', 'location']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: event.title, location: 'Lagos' });
  });
});

describe('deleteEvent', () => {
  it('deletes the owner\'s event with its tickets; another user gets 404; no token 401', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    expect((await send(t, calls.deleteEvent, { authorization: other.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, calls.deleteEvent, { params: { id: event.id } })).statusCode).toBe(401);
    expect(await countEvents(owner.id)).toBe(1);
    const res = await send(t, calls.deleteEvent, { authorization: owner.authorization, params: { id: event.id } });
    expect(answerOf(calls.deleteEvent, res)).toMatchObject({ success: 'true' });
    expect(await countEvents(owner.id)).toBe(0);
    expect(await t.db.selectFrom('event_prices').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    expect((await send(t, calls.deleteEvent, { authorization: owner.authorization, params: { id: event.id } })).statusCode).toBe(404);
  });
});

describe('adminEvent', () => {
  it('gives the organiser attendees with contact details and check-in, chats, admin private chats and chips', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    const bob = await registerFree(t, event, 'Bob Marley');
    const chip = await insertChip(t, event.id, ada.id);
    await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'Hello all' } });
    await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: ada.id, attendee_id_2: `admin-${owner.id}`, message: 'Hi organiser' } });
    await send(t, calls.privateChat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id_1: ada.id, attendee_id_2: bob.id, message: 'Hi Bob' } });

    const answer = answerOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization: owner.authorization, params: { id: event.id } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.attendees.map((a) => [a.name, a.email, a.checked_in, a.event_attendee_id])).toEqual([
      ['Ada Lovelace', ada.email, false, ada.id],
      ['Bob Marley', bob.email, false, bob.id],
    ]);
    expect(answer.data.attendees[0]?.phone).toBe('+2348031234567');
    expect(answer.data.chats.map((c) => c.message)).toEqual(['Hello all']);
    expect(answer.data.private_chats.map((c) => c.message)).toEqual(['Hi organiser']);
    expect(answer.data.chips).toEqual([{ id: chip, attendee_id: ada.id }]);
    expect(answer.data.attendee_count).toBe(2);
  });

  it('answers 404 for another user\'s event and 401 without a token', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    expect((await send(t, calls.adminEvent, { authorization: other.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, calls.adminEvent, { params: { id: event.id } })).statusCode).toBe(401);
  });
});

describe('checkIn', () => {
  it('toggles, or sets the given value, bumping the event and attendee seq', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event);
    const before = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();

    const toggled = answerOf(calls.checkIn, await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, url_id: 'chip' } }));
    expect(toggled).toMatchObject({ success: 'true', data: { status: true, event_id: event.id } });
    const row = await t.db.selectFrom('attendees').select(['checked_in', 'seq']).where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ checked_in: true, seq: before.seq + 1 });

    // The switch states the wanted value: repeating it does not flip it back, nor bump the counter.
    const again = answerOf(calls.checkIn, await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: true } }));
    expect(again).toMatchObject({ success: 'true', data: { status: true } });
    const absent = answerOf(calls.checkIn, await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: false } }));
    expect(absent).toMatchObject({ success: 'true', data: { status: false } });
    const after = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(after.seq).toBe(before.seq + 2);
  });

  it('answers 404 for an attendee of another event, another user\'s event; 400 for bad input; 401 without a token', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const otherEvent = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event);
    const stranger = await registerFree(t, otherEvent);
    expect((await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: stranger.id }, body: { event_id: event.id } })).statusCode).toBe(404);
    expect((await send(t, calls.checkIn, { authorization: other.authorization, params: { id: ada.id }, body: { event_id: event.id } })).statusCode).toBe(404);
    const bad = await sendUnchecked(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { checked_in: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: 'false', errors: [{ field: 'event_id' }] });
    expect((await send(t, calls.checkIn, { params: { id: ada.id }, body: { event_id: event.id } })).statusCode).toBe(401);
    const row = await t.db.selectFrom('attendees').select('checked_in').where('id', 'in', [ada.id, stranger.id]).execute();
    expect(row.every((r) => !r.checked_in)).toBe(true);
  });
});

describe('adminChat and adminPrivateChat', () => {
  it('posts as ADMIN in the organiser\'s own event only as admin-<own id>', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event);
    const adminId = `admin-${owner.id}`;

    const posted = answerOf(calls.adminChat, await send(t, calls.adminChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id: adminId, message: ' Welcome! ' } }));
    if (posted.success !== 'true') throw new Error(posted.message);
    expect(posted.data).toMatchObject({ attendee_id: adminId, name: 'ADMIN', message: 'Welcome!', event_id: event.id });
    expect(posted.data.seq).toBeGreaterThan(0);

    const dm = answerOf(calls.adminPrivateChat, await send(t, calls.adminPrivateChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id_1: adminId, attendee_id_2: ada.id, message: 'Your seat is 4B' } }));
    expect(dm).toMatchObject({ success: 'true', data: { attendee_id_1: adminId, attendee_id_2: ada.id, name: 'ADMIN' } });

    const asAttendee = await send(t, calls.adminChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id: ada.id, message: 'I am Ada' } });
    expect(asAttendee.statusCode).toBe(403);
    const asOtherAdmin = await send(t, calls.adminPrivateChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id_1: 'admin-someone', attendee_id_2: ada.id, message: 'x' } });
    expect(asOtherAdmin.statusCode).toBe(403);
    const chats = await t.db.selectFrom('chats').select('message').where('event_id', '=', event.id).execute();
    expect(chats).toEqual([{ message: 'Welcome!' }]);
  });

  it('refuses another user\'s event (404), no token (401), an empty message (400) and a recipient outside the event (400)', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const foreign = await registerFree(t, await createEvent(t, other.authorization));
    const body = { event_id: event.id, attendee_id: `admin-${other.id}`, message: 'hi' };
    expect((await send(t, calls.adminChat, { authorization: other.authorization, params: { id: event.id }, body })).statusCode).toBe(404);
    expect((await send(t, calls.adminChat, { params: { id: event.id }, body })).statusCode).toBe(401);
    const privateBody = { event_id: event.id, attendee_id_1: `admin-${other.id}`, attendee_id_2: foreign.id, message: 'hi' };
    expect((await send(t, calls.adminPrivateChat, { authorization: other.authorization, params: { id: event.id }, body: privateBody })).statusCode).toBe(404);
    expect((await send(t, calls.adminPrivateChat, { params: { id: event.id }, body: privateBody })).statusCode).toBe(401);
    const empty = await send(t, calls.adminChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id: `admin-${owner.id}`, message: '   ' } });
    expectFieldError(empty, 'message', 'Message cannot be empty');
    const outside = await send(t, calls.adminPrivateChat, {
      authorization: owner.authorization,
      params: { id: event.id },
      body: { event_id: event.id, attendee_id_1: `admin-${owner.id}`, attendee_id_2: foreign.id, message: 'hi' },
    });
    expectFieldError(outside, 'attendee_id_2', 'The recipient is not an attendee of this event');
    expect(await t.db.selectFrom('chats').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('private_chats').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('closes the admin chat once the event has ended', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const res = await withClockMoved(5 * DAY_MS, () =>
      send(t, calls.adminChat, { authorization: owner.authorization, params: { id: event.id }, body: { event_id: event.id, attendee_id: `admin-${owner.id}`, message: 'late' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: 'false', message: 'This event has ended, so its chat is closed.' });
  });
});

describe('liveState', () => {
  const service = { headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY } };

  it('answers everything when since is absent, and only what changed after since', async () => {
    const owner = await createUser(t);
    // The free ticket includes a chip, so Bob can bind one.
    const event = await createEvent(t, owner.authorization, { prices: [{ title: 'Regular', amount: 0, attendees: 100, withChips: 'with' }] });
    const ada = await registerFree(t, event, 'Ada Lovelace');
    await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'one' } });

    const full = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { ...service, params: { id: event.id } }));
    if (full.success !== 'true') throw new Error(full.message);
    expect(full.data.full).toBe(true);
    expect(full.data.event).toMatchObject({ id: event.id, user_id: owner.id, clean_name: event.clean_name });
    expect(full.data.chats.map((c) => c.message)).toEqual(['one']);
    expect(full.data.attendees).toEqual([{ id: ada.id, name: 'Ada Lovelace', image: expect.any(String), price_category: 'Regular', checked_in: false, checked_in_at: null, checked_in_by: null, mute: null, hidden: false, dm_policy: 'anyone', seq: expect.any(Number) }]);
    expect(full.data.attendees[0]).not.toHaveProperty('email');
    const v1 = full.data.version;

    const bob = await registerFree(t, event, 'Bob Marley');
    await send(t, calls.chat, { params: { id: bob.tid }, body: { event_id: event.id, attendee_id: bob.id, message: 'two' } });
    await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: true } });
    const chip = await insertChip(t, event.id);
    await send(t, calls.bindChip, { params: { id: chip }, body: { token: bob.tid } });

    const diff = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { ...service, params: { id: event.id }, query: { since: v1 } }));
    if (diff.success !== 'true') throw new Error(diff.message);
    expect(diff.data.full).toBe(false);
    expect(diff.data.version).toBe(v1 + 4);
    expect(diff.data.chats.map((c) => c.message)).toEqual(['two']);
    expect(diff.data.attendees.map((a) => [a.name, a.checked_in]).sort()).toEqual([
      ['Ada Lovelace', true],
      ['Bob Marley', false],
    ]);
    expect(diff.data.chips).toEqual([{ id: chip, attendee_id: bob.id }]);

    const none = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { ...service, params: { id: event.id }, query: { since: diff.data.version } }));
    expect(none).toMatchObject({ success: 'true', data: { full: false, chats: [], private_chats: [], attendees: [], chips: [], version: diff.data.version } });

    // A since ahead of the counter (a restored database) gets everything again.
    const ahead = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { ...service, params: { id: event.id }, query: { since: diff.data.version + 100 } }));
    expect(ahead).toMatchObject({ success: 'true', data: { full: true } });
  });

  it('answers 401 without the service key, 403 with a wrong one or a user token, 404 for an unknown event, 400 for a bad since', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    expect((await send(t, serviceCalls.liveState, { params: { id: event.id } })).statusCode).toBe(401);
    expect((await send(t, serviceCalls.liveState, { params: { id: event.id }, authorization: owner.authorization })).statusCode).toBe(401);
    expect((await send(t, serviceCalls.liveState, { params: { id: event.id }, headers: { [SERVICE_KEY_HEADER]: 'wrong-key-wrong-key-wrong-key-0' } })).statusCode).toBe(403);
    expect((await send(t, serviceCalls.liveState, { ...service, params: { id: 'no-such-event' } })).statusCode).toBe(404);
    expect((await send(t, serviceCalls.liveState, { ...service, params: { id: event.id }, query: { since: -1 } })).statusCode).toBe(400);
  });
});

describe('public event calls', () => {
  it('findEvents matches titles literally and shows public shapes only', async () => {
    const owner = await createUser(t);
    const tag = randomId().replace(/[^a-z0-9]/gi, '').slice(0, 8);
    const event = await createEvent(t, owner.authorization, { title: `Jazz ${tag} 100%` });
    await registerFree(t, event);
    const answer = answerOf(calls.findEvents, await send(t, calls.findEvents, { body: { title: `jazz ${tag}` } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.map((e) => e.id)).toEqual([event.id]);
    expect(JSON.stringify(answer.data)).not.toContain('@example.com');
    const wildcard = answerOf(calls.findEvents, await send(t, calls.findEvents, { body: { title: `${tag}%_` } }));
    expect(wildcard).toMatchObject({ success: 'true', data: [] });
    const blank = await send(t, calls.findEvents, { body: { title: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ success: 'false', errors: [{ field: 'title' }] });
  });

  it('publicEvent, eventAttendees and openEvent answer public data; unknown ids 404', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    await insertAttendee(t, event, 'Grace Hopper', 'VIP');
    // A pending (unpaid) attendee is not counted.
    await t.db
      .insertInto('attendees')
      .values({ id: randomId(), event_id: event.id, price_id: priceId(event, 'VIP'), tid_hash: randomId(), name: 'Pending Pete', email: 'p@example.com', phone: '1', image: '', status: 'pending', seq: 0 })
      .execute();

    const pub = answerOf(calls.publicEvent, await send(t, calls.publicEvent, { params: { id: event.id } }));
    if (pub.success !== 'true') throw new Error(pub.message);
    expect(pub.data.attendee_count).toBe(2);
    expect(pub.data.attendees.map((a) => a.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(JSON.stringify(pub.data)).not.toContain(ada.email);

    const list = answerOf(calls.eventAttendees, await send(t, calls.eventAttendees, { params: { id: event.id } }));
    expect(list).toMatchObject({ success: 'true', data: { registered: 2, capacity: 110 } });
    if (list.success !== 'true') throw new Error(list.message);
    expect(list.data.attendees.map((a) => a.price_category)).toEqual(['Regular', 'VIP']);
    expect(JSON.stringify(list.data)).not.toContain('@');

    const open = answerOf(calls.openEvent, await send(t, calls.openEvent, { query: { id: event.clean_name } }));
    expect(open).toMatchObject({ success: 'true', data: { event: { id: event.id } } });

    expect((await send(t, calls.publicEvent, { params: { id: 'nope' } })).statusCode).toBe(404);
    expect((await send(t, calls.eventAttendees, { params: { id: 'nope' } })).statusCode).toBe(404);
    expect((await send(t, calls.openEvent, { query: { id: 'no-such-clean-name' } })).statusCode).toBe(404);
    expect((await sendUnchecked(t, calls.openEvent, {})).statusCode).toBe(400);
  });

  it('cardEvents lists the card owner\'s events by card link', async () => {
    const owner = await createUser(t);
    const link = `card-${randomId()}`;
    await t.db
      .insertInto('card_profiles')
      .values({ id: randomId(), user_id: owner.id, link, title: 'Olu', sub_title: 'Organiser', description: '', image: null, phone: '', updated_at: new Date() })
      .execute();
    const future = await createEvent(t, owner.authorization, { start_date: dayText(t.clock.now(), 20), end_date: dayText(t.clock.now(), 21) });
    const answer = answerOf(calls.cardEvents, await send(t, calls.cardEvents, { query: { link } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.upcoming.map((e) => e.id)).toEqual([future.id]);
    expect(answer.data.past).toEqual([]);
    expect((await send(t, calls.cardEvents, { query: { link: 'no-such-card' } })).statusCode).toBe(404);
    expect((await sendUnchecked(t, calls.cardEvents, {})).statusCode).toBe(400);
  });
});
