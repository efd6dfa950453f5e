import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { beaconCalls, buildPath, calls, ownerCardCalls, type CardField } from '@tapcard/shared/contract';
import { pages, type CardViewSource } from '@tapcard/shared/pages';
import { ownerCardMessages } from '@tapcard/shared/rules';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { REMOVED_LINKS_LABEL } from '../domain/card-analytics.js';
import { dataOf } from '../test/arena.js';
import { send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';
import { LINK_NOT_FOUND } from './owner-card.js';
import { fromIp, wizardBody } from '../test/cards.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

type User = TestUser;

async function mint(count = 1): Promise<MintedCard[]> {
  return mintCards(t.db, { count, type: 'nfc', publicUrl: t.config.publicUrl });
}


const wizard = (card: MintedCard, email: string) => wizardBody(card, email);

/** A user with a card made through create-card, its physical card and its public link. */
async function owner() {
  const user = await createUser(t, { name: 'Ada Lovelace' });
  const [card] = await mint();
  if (!card) throw new Error('no card minted');
  expect((await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email), headers: fromIp() })).statusCode).toBe(200);
  const profile = await t.db.selectFrom('card_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { user, card, link: profile.link, profileId: profile.id };
}

async function tap(card: MintedCard): Promise<string> {
  return dataOf(calls.loadRoute, await send(t, calls.loadRoute, { body: { card_id: card.id, type: card.type } })).redirect_url;
}

const lock = (user: User, cardId: string, locked: boolean, keepLink = true) =>
  send(t, ownerCardCalls.lockCard, { authorization: user.authorization, params: { cardId }, body: { locked, keep_link: keepLink } });

const replace = (user: User, oldId: string, fresh: MintedCard) =>
  send(t, ownerCardCalls.replaceCard, { authorization: user.authorization, params: { cardId: oldId }, body: { card_id: fresh.id, type: fresh.type, token: fresh.token }, headers: fromIp() });

const myCards = async (user: User) => dataOf(ownerCardCalls.myCards, await send(t, ownerCardCalls.myCards, { authorization: user.authorization }));
const publicCard = (link: string) => send(t, calls.connectVcard, { query: { link } });
const view = (link: string, source: CardViewSource, headers: Record<string, string> = {}) => send(t, beaconCalls.cardView, { body: { link, source }, headers });
const click = (link: string, fieldId: string, headers: Record<string, string> = {}) => send(t, beaconCalls.linkClick, { body: { link, field_id: fieldId }, headers });
const fieldsOf = async (user: User) => dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization })).fields;

async function exchange(cardId: string, headers: Record<string, string> = fromIp()) {
  return send(t, calls.exchangeContact, { body: { full_name: 'Grace Hopper', title: 'Admiral', phone: '+2348031112222', email: 'grace@example.com', card_id: cardId, device_type: 'nfc' }, headers });
}

async function addService(user: User, cardId: string, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ service_name: name, service_description: 'Engines, built to order', phone: '+2348031234567', link: 'https://ada.example/work', enable_enquiry: 'false' })) form.append(k, v);
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: buildPath(calls.addService.path, { cardId }),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization: user.authorization },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return dataOf(calls.addService, res);
}

describe('lockCard and the tap', () => {
  it('a locked card taps to the neutral page at once, and unlocking restores its public card; the tap is recorded', async () => {
    const { user, card, link, profileId } = await owner();
    expect(await tap(card)).toBe(pages.cardConnect(link, 'tap'));
    const listed = await myCards(user);
    expect(listed.link_reachable).toBe(true);
    expect(listed.cards).toEqual([{ id: card.id, type: 'nfc', activated_at: expect.any(String), last_tap_at: expect.any(String), locked: false, replaced: false }]);

    const locked = dataOf(ownerCardCalls.lockCard, await lock(user, card.id, true));
    expect(locked).toMatchObject({ cards: [{ id: card.id, locked: true, replaced: false }], link_reachable: true });
    expect(await tap(card)).toBe(pages.cardLocked());
    // The public card stays reachable by its link when the owner keeps it; the locked card's own id takes no contacts.
    expect((await publicCard(link)).statusCode).toBe(200);
    expect((await exchange(profileId)).statusCode).toBe(200);
    expect((await exchange(card.id)).statusCode).toBe(404);

    dataOf(ownerCardCalls.lockCard, await lock(user, card.id, false));
    expect(await tap(card)).toBe(pages.cardConnect(link, 'tap'));
    expect((await myCards(user)).cards[0]).toMatchObject({ locked: false, replaced: false });
    expect((await exchange(card.id)).statusCode).toBe(200);
  });

  it('with keep_link false takes the public card off its link (public card, vCard, beacons, exchange) until it is unlocked', async () => {
    const { user, card, link, profileId } = await owner();
    const [field] = await fieldsOf(user);
    expect(dataOf(ownerCardCalls.lockCard, await lock(user, card.id, true, false)).link_reachable).toBe(false);
    for (const res of [await publicCard(link), await send(t, calls.vcardDownload, { query: { link } }), await view(link, 'link'), await click(link, field?.id ?? ''), await exchange(profileId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: 'false', message: 'Card not found' });
    }
    expect(await tap(card)).toBe(pages.cardLocked());

    expect(dataOf(ownerCardCalls.lockCard, await lock(user, card.id, false)).link_reachable).toBe(true);
    expect((await publicCard(link)).statusCode).toBe(200);
    expect((await exchange(profileId)).statusCode).toBe(200);
  });

  it("refuses another user's card (404) and a caller without a login (401)", async () => {
    const { card } = await owner();
    const intruder = await owner();
    const res = await lock(intruder.user, card.id, true);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: ownerCardMessages.cardNotYours });
    expect((await send(t, ownerCardCalls.lockCard, { params: { cardId: card.id }, body: { locked: true } })).statusCode).toBe(401);
    expect(await tap(card)).not.toBe(pages.cardLocked());
  });

  it('ends consistent after 50 parallel lock and unlock toggles: each answer shows its own change, and every reader agrees on the end state', async () => {
    const { user, card, link } = await owner();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => lock(user, card.id, i % 2 === 0, false)));
    answers.forEach((res, i) => {
      const data = dataOf(ownerCardCalls.lockCard, res);
      expect(data.cards[0]?.locked).toBe(i % 2 === 0);
      expect(data.link_reachable).toBe(i % 2 !== 0);
    });
    const end = await myCards(user);
    const locked = end.cards[0]?.locked ?? false;
    expect(end.link_reachable).toBe(!locked);
    expect(await tap(card)).toBe(locked ? pages.cardLocked() : pages.cardConnect(link, 'tap'));
    expect((await publicCard(link)).statusCode).toBe(locked ? 404 : 200);
  });
});

describe('replaceCard', () => {
  it('moves the profile to the new card; the old one taps to the neutral page and cannot be unlocked', async () => {
    const { user, card, link } = await owner();
    const [fresh] = await mint();
    if (!fresh) throw new Error('no card minted');
    dataOf(ownerCardCalls.lockCard, await lock(user, card.id, true, false));

    const answer = dataOf(ownerCardCalls.replaceCard, await replace(user, card.id, fresh));
    expect(answer.link_reachable).toBe(true);
    expect(answer.cards.map((c) => [c.id, c.locked, c.replaced])).toEqual(
      expect.arrayContaining([
        [fresh.id, false, false],
        [card.id, true, true],
      ]),
    );
    expect(answer.cards).toHaveLength(2);
    expect(await tap(fresh)).toBe(pages.cardConnect(link, 'tap'));
    expect(await tap(card)).toBe(pages.cardLocked());
    expect((await publicCard(link)).statusCode).toBe(200);

    const unlock = await lock(user, card.id, false);
    expect(unlock.statusCode).toBe(409);
    expect(unlock.json()).toMatchObject({ success: 'false', message: ownerCardMessages.alreadyReplaced });
    expect(await tap(card)).toBe(pages.cardLocked());

    const [another] = await mint();
    if (!another) throw new Error('no card minted');
    const again = await replace(user, card.id, another);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ownerCardMessages.alreadyReplaced });
    expect((await t.db.selectFrom('physical_cards').select('status').where('id', '=', another.id).executeTakeFirstOrThrow()).status).toBe('new');
  });

  it("refuses the same card, another user's card, a used card and a wrong token, changing nothing", async () => {
    const { user, card } = await owner();
    const other = await owner();
    const [fresh] = await mint();
    if (!fresh) throw new Error('no card minted');
    const same = await send(t, ownerCardCalls.replaceCard, { authorization: user.authorization, params: { cardId: card.id }, body: { card_id: card.id, type: 'nfc', token: fresh.token } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: ownerCardMessages.sameCard });
    expect((await replace(user, other.card.id, fresh)).statusCode).toBe(404);
    expect((await replace(user, card.id, other.card)).statusCode).toBe(409);
    const wrong = await replace(user, card.id, { ...fresh, token: fresh.token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ' });
    expect(wrong.statusCode).toBe(400);
    expect((await myCards(user)).cards).toEqual([expect.objectContaining({ id: card.id, locked: false, replaced: false })]);
  });

  it('activates exactly one of 50 parallel replaces with the same new card', async () => {
    const { user, card, link } = await owner();
    const [fresh] = await mint();
    if (!fresh) throw new Error('no card minted');
    const answers = await Promise.all(Array.from({ length: 50 }, () => replace(user, card.id, fresh)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers) expect([200, 409, 429]).toContain(res.statusCode);
    expect(await tap(fresh)).toBe(pages.cardConnect(link, 'tap'));
    expect(await tap(card)).toBe(pages.cardLocked());
  });

  it('replaces the same old card once among 50 parallel replaces with different new cards', async () => {
    const { user, card, profileId } = await owner();
    const fresh = await mint(50);
    const answers = await Promise.all(fresh.map((c) => replace(user, card.id, c)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const bound = await t.db.selectFrom('physical_cards').select(['id', 'status']).where('id', 'in', fresh.map((c) => c.id)).where('status', '=', 'active').execute();
    expect(bound).toHaveLength(1);
    const rows = await t.db.selectFrom('physical_cards').select('id').where('profile_id', '=', profileId).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('the public card shows only what is switched on', () => {
  it('leaves a hidden quick link and a switched-off service out of connect-vcard and the vCard; get-card keeps them', async () => {
    const { user, card, link, profileId } = await owner();
    const a = await addService(user, card.id, 'Consulting');
    const b = await addService(user, profileId, 'Lectures');
    const fields = await fieldsOf(user);
    const hidden = fields.find((f) => f.type === 'url');
    if (!hidden) throw new Error('no url field');
    const card2 = dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization })).card;
    dataOf(
      calls.saveCard,
      await send(t, calls.saveCard, {
        authorization: user.authorization,
        body: { image: null, title: card2.title, sub_title: card2.sub_title, description: card2.description, fields: fields.map((f) => (f.id === hidden.id ? { ...f, status: '0' } : f)) },
      }),
    );
    dataOf(ownerCardCalls.arrangeServices, await send(t, ownerCardCalls.arrangeServices, { authorization: user.authorization, body: { services: [{ id: b.id, enabled: true }, { id: a.id, enabled: false }] } }));

    const shown = dataOf(calls.connectVcard, await publicCard(link));
    expect(shown.fields.map((f) => f.id)).not.toContain(hidden.id);
    expect(shown.fields).toHaveLength(fields.length - 1);
    for (const f of shown.fields) expect(f.id).toEqual(expect.any(String));
    expect(shown.services.map((s) => s.service_name)).toEqual(['Lectures']);
    const vcard = await send(t, calls.vcardDownload, { query: { link } });
    expect(vcard.body).not.toContain('ada.example');

    const own = dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization }));
    expect(own.fields.find((f) => f.id === hidden.id)?.status).toBe('0');
    expect(own.services.map((s) => [s.service_name, s.enabled])).toEqual([
      ['Lectures', true],
      ['Consulting', false],
    ]);
    // A hidden link counts no clicks.
    const res = await click(link, hidden.id ?? '');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: LINK_NOT_FOUND });
  });
});

describe('arrangeServices', () => {
  it('keeps the order sent; a new service goes last', async () => {
    const { user, card } = await owner();
    const [a, b, c] = [await addService(user, card.id, 'A'), await addService(user, card.id, 'B'), await addService(user, card.id, 'C')];
    const arranged = dataOf(
      ownerCardCalls.arrangeServices,
      await send(t, ownerCardCalls.arrangeServices, { authorization: user.authorization, body: { services: [c, a, b].map((s) => ({ id: s.id, enabled: true })) } }),
    );
    expect(arranged.services.map((s) => s.service_name)).toEqual(['C', 'A', 'B']);
    await addService(user, card.id, 'D');
    const own = dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization }));
    expect(own.services.map((s) => s.service_name)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('refuses a list that is not every service of the card once (400), changing nothing', async () => {
    const { user, card } = await owner();
    const other = await owner();
    const [a, b] = [await addService(user, card.id, 'A'), await addService(user, card.id, 'B')];
    const foreign = await addService(other.user, other.card.id, 'X');
    const on = (id: string) => ({ id, enabled: false });
    for (const services of [[on(a.id)], [on(a.id), on(a.id)], [on(a.id), on(b.id), on(foreign.id)], [on(a.id), on(foreign.id)]]) {
      const res = await send(t, ownerCardCalls.arrangeServices, { authorization: user.authorization, body: { services } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: 'false', message: ownerCardMessages.servicesMismatch });
    }
    const own = dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization }));
    expect(own.services.map((s) => [s.service_name, s.enabled])).toEqual([
      ['A', true],
      ['B', true],
    ]);
  });
});

describe('quick-link ids across save-card', () => {
  it('keeps the ids of links sent back, gives new ids to others, deletes the missing ones', async () => {
    const { user } = await owner();
    const other = await owner();
    const before = await fieldsOf(user);
    const foreignId = (await fieldsOf(other.user))[0]?.id;
    const [first, second] = before;
    if (!first?.id || !second?.id || !foreignId) throw new Error('no fields');
    const added: CardField = { label: 'Blog', content: 'https://ada.example/blog', icon: 'website', status: '1', type: 'url', position: '3' };
    const saved = dataOf(
      calls.saveCard,
      await send(t, calls.saveCard, {
        authorization: user.authorization,
        body: {
          image: null,
          title: 'Ada',
          sub_title: 'Engineer',
          description: '',
          fields: [{ ...second, label: 'Call me', position: '1' }, { ...first, position: '2' }, added, { ...added, id: foreignId, position: '4' }],
        },
      }),
    );
    expect(saved.fields.map((f) => [f.id, f.label])).toEqual([
      [second.id, 'Call me'],
      [first.id, first.label],
      [expect.any(String), 'Blog'],
      [expect.any(String), 'Blog'],
    ]);
    const newIds = saved.fields.slice(2).map((f) => f.id);
    for (const id of newIds) expect(before.map((f) => f.id)).not.toContain(id);
    expect(newIds).not.toContain(foreignId);
    expect(await fieldsOf(user)).toEqual(saved.fields);
    // The other card's link is untouched.
    expect((await fieldsOf(other.user))[0]?.id).toBe(foreignId);
  });
});

describe('beacons', () => {
  it('counts exactly 50 of 50 parallel views', async () => {
    const { user, link } = await owner();
    const answers = await Promise.all(Array.from({ length: 50 }, () => view(link, 'qr')));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('card_stats').select(['metric', 'key', 'count']).where('profile_id', 'in', (q) => q.selectFrom('card_profiles').select('id').where('user_id', '=', user.id)).execute();
    expect(rows).toEqual([{ metric: 'view', key: 'qr', count: 50 }]);
  });

  it('answers 404 for an unknown link, a link of another card, and a bad source 400', async () => {
    const { link } = await owner();
    const other = await owner();
    const otherField = (await fieldsOf(other.user))[0]?.id ?? '';
    for (const res of [await view('nobody-00000000', 'tap'), await click('nobody-00000000', otherField)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Card not found' });
    }
    const foreign = await click(link, otherField);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: LINK_NOT_FOUND });
    expect((await t.app.inject({ method: 'POST', url: beaconCalls.cardView.path, payload: { link, source: 'email' } })).statusCode).toBe(400);
  });

  it('stores no address, user agent or cookie of the visitor: card_stats holds its five columns of counts only', async () => {
    const { user, card, link, profileId } = await owner();
    const [field] = await fieldsOf(user);
    const visitor = { 'user-agent': 'Mozilla/5.0 SpyAgent-7f3a9c', 'x-forwarded-for': '203.0.113.197', cookie: 'visitor=cookie-5d1e8b' };
    const marks = ['SpyAgent-7f3a9c', '203.0.113.197', 'cookie-5d1e8b'];
    expect((await view(link, 'tap', visitor)).statusCode).toBe(200);
    expect((await click(link, field?.id ?? '', visitor)).statusCode).toBe(200);
    expect((await send(t, calls.vcardDownload, { query: { link }, headers: visitor })).statusCode).toBe(200);
    expect((await exchange(profileId, visitor)).statusCode).toBe(200);
    expect((await send(t, calls.loadRoute, { body: { card_id: card.id, type: card.type }, headers: visitor })).statusCode).toBe(200);

    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'card_stats'`.execute(t.db);
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual(['count', 'day', 'key', 'metric', 'profile_id']);

    const stats = await t.db.selectFrom('card_stats').selectAll().execute();
    expect(stats.filter((r) => r.profile_id === profileId)).toHaveLength(4);
    const newColumns = [
      await t.db.selectFrom('physical_cards').select(['locked_at', 'replaced_at', 'last_tap_at']).execute(),
      await t.db.selectFrom('card_profiles').select(['link_off']).execute(),
      await t.db.selectFrom('services').select(['enabled', 'position']).execute(),
    ];
    const stored = JSON.stringify([stats, newColumns]);
    for (const mark of marks) expect(stored).not.toContain(mark);
  });
});

// Last in the file: it sets the test clock.
describe('cardAnalytics', () => {
  it('answers every UTC day of the range oldest first, zeros filled, views by source, clicks per link (removed links summed), saves and exchanges', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { user, link, profileId } = await owner();
    const fields = await fieldsOf(user);
    const [tel, wa, twitter] = fields;
    if (!tel?.id || !wa?.id || !twitter?.id) throw new Error('no fields');
    const at = async (time: string, act: () => Promise<{ statusCode: number }>, times = 1) => {
      t.clock.set(time);
      for (let i = 0; i < times; i++) expect((await act()).statusCode).toBe(200);
    };
    // Two days ago (just after midnight UTC), yesterday (just before midnight UTC), and today.
    await at('2026-03-08T00:00:01Z', () => view(link, 'tap'), 3);
    await at('2026-03-08T00:00:01Z', () => click(link, tel.id ?? ''), 2);
    await at('2026-03-09T23:59:59Z', () => view(link, 'qr'), 4);
    await at('2026-03-09T23:59:59Z', () => view(link, 'arena'));
    await at('2026-03-09T23:59:59Z', () => click(link, twitter.id ?? ''), 5);
    await at('2026-03-09T23:59:59Z', () => exchange(profileId), 2);
    await at('2026-03-10T08:00:00Z', () => view(link, 'link'), 2);
    await at('2026-03-10T08:00:00Z', () => send(t, calls.vcardDownload, { query: { link } }), 3);
    await at('2026-03-10T08:00:00Z', () => click(link, wa.id ?? ''), 1);
    // Eight days ago: outside a 7-day range.
    await at('2026-03-02T10:00:00Z', () => view(link, 'tap'), 9);
    t.clock.set('2026-03-10T12:00:00Z');

    // The twitter link is deleted: its clicks stay, summed under the removed links.
    const card = dataOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization })).card;
    dataOf(
      calls.saveCard,
      await send(t, calls.saveCard, {
        authorization: user.authorization,
        body: { image: null, title: card.title, sub_title: card.sub_title, description: card.description, fields: fields.filter((f) => f.id !== twitter.id).map((f) => (f.id === tel.id ? { ...f, label: 'Office' } : f)) },
      }),
    );

    const week = dataOf(ownerCardCalls.cardAnalytics, await send(t, ownerCardCalls.cardAnalytics, { authorization: user.authorization, query: { days: 7 } }));
    expect(week.range).toBe(7);
    expect(week.days.map((d) => d.day)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    const zero = { views: { tap: 0, qr: 0, link: 0, arena: 0 }, clicks: 0, saves: 0, exchanges: 0 };
    expect(week.days.slice(0, 4).map(({ day: _day, ...counts }) => counts)).toEqual([zero, zero, zero, zero]);
    expect(week.days.slice(4)).toEqual([
      { day: '2026-03-08', views: { tap: 3, qr: 0, link: 0, arena: 0 }, clicks: 2, saves: 0, exchanges: 0 },
      { day: '2026-03-09', views: { tap: 0, qr: 4, link: 0, arena: 1 }, clicks: 5, saves: 0, exchanges: 2 },
      { day: '2026-03-10', views: { tap: 0, qr: 0, link: 2, arena: 0 }, clicks: 1, saves: 3, exchanges: 0 },
    ]);
    const remaining = fields.filter((f) => f.id !== twitter.id && f.id !== tel.id && f.id !== wa.id);
    expect(week.links).toEqual([
      { id: null, label: REMOVED_LINKS_LABEL, clicks: 5 },
      { id: tel.id, label: 'Office', clicks: 2 },
      { id: wa.id, label: wa.label, clicks: 1 },
      ...remaining.map((f) => ({ id: f.id, label: f.label, clicks: 0 })),
    ]);

    const month = dataOf(ownerCardCalls.cardAnalytics, await send(t, ownerCardCalls.cardAnalytics, { authorization: user.authorization, query: { days: 30 } }));
    expect(month.days).toHaveLength(30);
    expect(month.days[0]?.day).toBe('2026-02-09');
    expect(month.days.reduce((sum, d) => sum + d.views.tap, 0)).toBe(12);

    const bad = await t.app.inject({ method: 'GET', url: `${ownerCardCalls.cardAnalytics.path}?days=14`, headers: { authorization: user.authorization } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'days', message: ownerCardMessages.analyticsRange }] });
    expect((await send(t, ownerCardCalls.cardAnalytics, { query: { days: 7 } })).statusCode).toBe(401);
  });
});
