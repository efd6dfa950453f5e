import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPath, calls, type CardField } from '@tapcard/shared/contract';
import { avatarFor } from '@tapcard/shared/domain';
import { imageVariantUrl, messages } from '@tapcard/shared/rules';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { LIMITS } from '@tapcard/shared/constants';
import { VCARD_PHOTO_MAX_BYTES } from '../lib/vcard-photo.js';
import { answerOf, expectFieldError, send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';
import { parseVCard, vcardValues } from '../test/vcard.js';
import { fromIp, PNG, wizardBody } from '../test/cards.js';
import { photo } from '../test/images.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

type User = TestUser;

async function mint(type = 'nfc'): Promise<MintedCard> {
  const [card] = await mintCards(t.db, { count: 1, type, publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

const otherToken = (token: string) => (token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');

const wizard = (card: MintedCard, email: string) => wizardBody(card, email, { subTitle: 'Engineer, Writer', image: { image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png', name: 'me.png' } });

/** A user with a card made through create-card. */
async function owner(name = 'Ada Lovelace') {
  const user = await createUser(t, { name });
  const card = await mint();
  const res = await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email) });
  expect(res.statusCode).toBe(200);
  const profile = await t.db.selectFrom('card_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { user, card, profile };
}

async function cardRow(id: string) {
  return t.db.selectFrom('physical_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}


async function multipart(fields: Record<string, string>, file?: { field: string; data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field, new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type') ?? '' } };
}

async function addService(user: User | null, cardId: string, fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) {
  const body = await multipart(fields, file ? { field: 'service_image', ...file } : undefined);
  return t.app.inject({
    method: 'POST',
    url: buildPath(calls.addService.path, { cardId }),
    headers: { ...body.headers, ...(user ? { authorization: user.authorization } : {}) },
    payload: body.payload,
  });
}

const serviceFields = { service_name: 'Consulting', service_description: 'Analytical engines, built to order', phone: '+2348031234567', link: 'https://ada.example/work', enable_enquiry: 'false' };

describe('confirm-token', () => {
  it('confirms the scratch token of a new card (case and spaces forgiven)', async () => {
    const card = await mint();
    const res = await send(t, calls.confirmToken, { body: { card_id: card.id, type: card.type, token: card.token } });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.confirmToken, res).success).toBe('true');
    const lower = await send(t, calls.confirmToken, { body: { card_id: card.id, type: card.type, token: ` ${card.token.toLowerCase()} ` } });
    expect(lower.statusCode).toBe(200);
  });

  it("answers Invalid Token for another card's token or an unknown card", async () => {
    const a = await mint();
    const b = await mint();
    for (const body of [
      { card_id: a.id, type: 'nfc', token: b.token === a.token ? otherToken(a.token) : b.token },
      { card_id: 'no-such-card', type: 'nfc', token: a.token },
    ]) {
      const res = await send(t, calls.confirmToken, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: 'false', message: 'Invalid Token' });
    }
  });

  it('refuses a malformed token with the rule message', async () => {
    const card = await mint();
    expectFieldError(await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: 'ab' } }), 'token', 'token is invalid');
    expectFieldError(await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: 'abc-ef' } }), 'token', 'token is invalid');
  });

  it('says clearly when the card is already activated', async () => {
    const { card } = await owner();
    const res = await send(t, calls.confirmToken, { body: { card_id: card.id, type: card.type, token: card.token } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: 'false', message: 'This card has already been activated' });
  });

  it('throttles wrong tokens per card and address: 429 even for the right token afterwards', async () => {
    const card = await mint();
    const attacker = fromIp();
    for (let i = 0; i < LIMITS.cardToken.max; i++) {
      expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: otherToken(card.token) }, headers: attacker })).statusCode).toBe(400);
    }
    expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: card.token }, headers: attacker })).statusCode).toBe(429);
    // another card is not affected
    const fresh = await mint();
    expect((await send(t, calls.confirmToken, { body: { card_id: fresh.id, type: 'nfc', token: fresh.token }, headers: attacker })).statusCode).toBe(200);
  });

  it('evaluates at most the limit of 50 parallel guesses on one card; the holder activates it from another address', async () => {
    const card = await mint();
    const attacker = fromIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: i === 49 ? card.token : otherToken(card.token) }, headers: attacker }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.cardToken.max);
    expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: card.token }, headers: attacker })).statusCode).toBe(429);
    const user = await createUser(t);
    const holder = fromIp();
    expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: card.token }, headers: holder })).statusCode).toBe(200);
    expect((await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email), headers: holder })).statusCode).toBe(200);
  });
});

describe('add-device', () => {
  it("binds a new card to the caller's existing card and activates it", async () => {
    const { user, profile } = await owner();
    const second = await mint('qr');
    const res = await send(t, calls.addDevice, { authorization: user.authorization, body: { card_id: second.id, type: 'qr', token: second.token } });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.addDevice, res).success).toBe('true');
    const row = await cardRow(second.id);
    expect(row.status).toBe('active');
    expect(row.profile_id).toBe(profile.id);
    expect(row.activated_at).not.toBeNull();
  });

  it("gives an account without a card (a failed create-card, a social sign-in) its card from the account's name, and links the new card to it", async () => {
    const lonely = await createUser(t, { name: 'Grace Hopper' });
    const card = await mint();
    const res = await send(t, calls.addDevice, { authorization: lonely.authorization, body: { card_id: card.id, type: 'nfc', token: card.token } });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.addDevice, res).success).toBe('true');
    const profile = await t.db.selectFrom('card_profiles').selectAll().where('user_id', '=', lonely.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ title: 'Grace Hopper', sub_title: '', description: '', phone: '', image: null });
    expect(await cardRow(card.id)).toMatchObject({ status: 'active', profile_id: profile.id });
    const own = await send(t, calls.getCard, { authorization: lonely.authorization });
    expect(own.statusCode).toBe(200);
    expect(answerOf(calls.getCard, own).data).toMatchObject({ card: { title: 'Grace Hopper' }, fields: [], services: [] });
    // A second card joins the same card profile.
    const second = await mint();
    expect((await send(t, calls.addDevice, { authorization: lonely.authorization, body: { card_id: second.id, type: 'nfc', token: second.token } })).statusCode).toBe(200);
    expect((await cardRow(second.id)).profile_id).toBe(profile.id);
  });

  it('fails (success false) for a wrong token or an activated card; the card stays as it was, and no card profile is left behind', async () => {
    const lonely = await createUser(t);
    const card = await mint();
    const { card: own } = await owner('Someone Else');
    const taken = await send(t, calls.addDevice, { authorization: lonely.authorization, body: { card_id: own.id, type: 'nfc', token: own.token } });
    expect(taken.statusCode).toBe(409);
    expect(answerOf(calls.addDevice, taken).success).toBe('false');
    expect(await t.db.selectFrom('card_profiles').select('id').where('user_id', '=', lonely.id).executeTakeFirst()).toBeUndefined();

    const { user } = await owner();
    const wrong = await send(t, calls.addDevice, { authorization: user.authorization, body: { card_id: card.id, type: 'nfc', token: otherToken(card.token) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: 'false', message: 'Invalid Token' });
    expect((await cardRow(card.id)).status).toBe('new');

    const again = await send(t, calls.addDevice, { authorization: user.authorization, body: { card_id: own.id, type: 'nfc', token: own.token } });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a malformed token and needs a login', async () => {
    const { user } = await owner();
    const card = await mint();
    expectFieldError(await send(t, calls.addDevice, { authorization: user.authorization, body: { card_id: card.id, type: 'nfc', token: '' } }), 'token', 'token is invalid');
    expect((await send(t, calls.addDevice, { body: { card_id: card.id, type: 'nfc', token: card.token } })).statusCode).toBe(401);
    expect((await cardRow(card.id)).status).toBe('new');
  });
});

describe('confirm-card-id', () => {
  it('answers the card info', async () => {
    const card = await mint('qr');
    const answer = answerOf(calls.confirmCardId, await send(t, calls.confirmCardId, { body: { card_id: card.id } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.info).toEqual({ id: card.id, type: 'qr', status: 'new' });
  });

  it('answers 404 for an unknown card and 400 for a missing id', async () => {
    expect((await send(t, calls.confirmCardId, { body: { card_id: 'nope' } })).statusCode).toBe(404);
    const res = await send(t, calls.confirmCardId, { body: { card_id: '' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('card_id');
  });
});

describe('create-card', () => {
  it('creates the card profile from the wizard state, binds and activates the card', async () => {
    const user = await createUser(t);
    const card = await mint();
    const res = await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email) });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.createCard, res).success).toBe('true');
    const profile = await t.db.selectFrom('card_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      title: 'Ada Lovelace',
      sub_title: 'Engineer, Writer',
      description: 'Counting engines',
      phone: '2348031234567',
      image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png',
    });
    expect(profile.link).toMatch(/^ada-lovelace-[0-9a-f]{8}$/);
    const fields = await t.db.selectFrom('card_fields').selectAll().where('profile_id', '=', profile.id).orderBy('position').execute();
    expect(fields.map((f) => [f.type, f.content, f.position])).toEqual([
      ['tel', '+2348031234567', 1],
      ['wa', '+2348031234567', 2],
      ['twitter', 'https://twitter.com/ada', 3],
      ['url', 'https://ada.example', 4],
    ]);
    const row = await cardRow(card.id);
    expect(row.status).toBe('active');
    expect(row.profile_id).toBe(profile.id);
  });

  it("uses the user's profile image when the wizard has none, unless it is another host's", async () => {
    for (const [stored, copied] of [
      ['/backend/files/AdaAdaAdaAdaAdaAdaAdaA.png', '/backend/files/AdaAdaAdaAdaAdaAdaAdaA.png'],
      // A picture linked before images had to be the product's own is not carried onto the card.
      ['https://images.example/ada.png', null],
    ] as const) {
      const user = await createUser(t);
      await t.db.updateTable('users').set({ image: stored }).where('id', '=', user.id).execute();
      const card = await mint();
      const res = await send(t, calls.createCard, { authorization: user.authorization, body: { ...wizard(card, user.email), image: null } });
      expect(res.statusCode).toBe(200);
      const profile = await t.db.selectFrom('card_profiles').select('image').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(profile.image).toBe(copied);
    }
  });

  it('refuses bad input with the required messages; nothing is stored and the card stays new', async () => {
    const user = await createUser(t);
    const card = await mint();
    const noName = wizard(card, user.email);
    noName.card.name = '  ';
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: noName }), 'card.name', 'Name is required');
    const emptyLink = wizard(card, user.email);
    emptyLink.card.fields = [{ label: 'Twitter', content: ' ', icon: 'twitter', status: '1', type: 'twitter', position: '1' }];
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: emptyLink }), 'card.fields.0.content', 'Please fill in all information');
    const scriptLink = wizard(card, user.email);
    scriptLink.card.fields = [{ label: 'Website', content: 'javascript:alert(1)', icon: 'website', status: '1', type: 'url', position: '1' }];
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: scriptLink }), 'card.fields.0.content', 'Please enter a valid website link');
    const badImage = { ...wizard(card, user.email), image: { image: 'javascript:alert(1)', name: 'x' } };
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: badImage }), 'image.image', messages.imageNotOwn);
    const foreignImage = { ...wizard(card, user.email), image: { image: 'https://tracker.example/ada.png', name: 'ada.png' } };
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: foreignImage }), 'image.image', messages.imageNotOwn);
    expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: { ...wizard(card, user.email), token: otherToken(card.token) } }), 'token', 'Invalid Token');
    expect(await t.db.selectFrom('card_profiles').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect((await cardRow(card.id)).status).toBe('new');
  });

  it('refuses a second card for the same user (409) and needs a login (401)', async () => {
    const { user } = await owner();
    const card = await mint();
    const res = await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email) });
    expect(res.statusCode).toBe(409);
    expect(answerOf(calls.createCard, res).success).toBe('false');
    expect((await cardRow(card.id)).status).toBe('new');
    expect((await send(t, calls.createCard, { body: wizard(card, user.email) })).statusCode).toBe(401);
  });
});

describe('load-route', () => {
  it('resolves a new card to onboarding and an activated one to its public card', async () => {
    const fresh = await mint('qr');
    const a = answerOf(calls.loadRoute, await send(t, calls.loadRoute, { body: { card_id: fresh.id, type: 'qr' } }));
    if (a.success !== 'true') throw new Error(a.message);
    expect(a.data.redirect_url).toBe(`/onboarding?id=${encodeURIComponent(fresh.id)}&type=qr`);

    const { card, profile } = await owner();
    const b = answerOf(calls.loadRoute, await send(t, calls.loadRoute, { body: { card_id: card.id, type: 'nfc' } }));
    if (b.success !== 'true') throw new Error(b.message);
    expect(b.data.redirect_url).toBe(`/card/connect?link=${profile.link}&src=tap`);
  });

  it('answers 404 for an unknown card and 400 for bad input', async () => {
    const res = await send(t, calls.loadRoute, { body: { card_id: 'unknown-card', type: 'nfc' } });
    expect(res.statusCode).toBe(404);
    expect(answerOf(calls.loadRoute, res).success).toBe('false');
    const bad = await send(t, calls.loadRoute, { body: { card_id: 'x', type: '' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('type');
  });
});

describe('get-card', () => {
  it("answers the caller's own card with ordered fields and services", async () => {
    const { user, profile } = await owner();
    const added = await addService(user, profile.id, serviceFields);
    expect(added.statusCode).toBe(200);
    const answer = answerOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.card).toEqual({
      profile: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png',
      title: 'Ada Lovelace',
      description: 'Counting engines',
      sub_title: 'Engineer, Writer',
      card_id: profile.id,
      link: profile.link,
    });
    expect(answer.data.fields.map((f) => f.position)).toEqual(['1', '2', '3', '4']);
    expect(answer.data.services).toHaveLength(1);
    expect(answer.data.services[0]).toMatchObject({ service_name: 'Consulting', enable_enquiry: false, service_image: null });
  });

  it('answers 404 without a card and 401 without a login', async () => {
    const lonely = await createUser(t);
    expect((await send(t, calls.getCard, { authorization: lonely.authorization })).statusCode).toBe(404);
    expect((await send(t, calls.getCard)).statusCode).toBe(401);
  });
});

describe('save-card', () => {
  const field = (type: CardField['type'], content: string, position: string): CardField => ({ label: type, content, icon: type, status: '1', type, position });

  it('replaces the profile values and the whole field list, renumbering positions 1..n', async () => {
    const { user, profile } = await owner();
    const res = await send(t, calls.saveCard, {
      authorization: user.authorization,
      body: {
        image: null,
        title: 'Ada King',
        description: 'Poetical science',
        sub_title: 'Countess',
        fields: [field('email', 'ada@example.com', '7'), field('tel', '2348031234567', '2'), field('address', 'London', 'x'), field('wa', '2348031234567', '2')],
      },
    });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.saveCard, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.card).toMatchObject({ profile: null, title: 'Ada King', description: 'Poetical science', sub_title: 'Countess', card_id: profile.id, link: profile.link });
    expect(answer.data.fields.map((f) => [f.type, f.position])).toEqual([
      ['tel', '1'],
      ['wa', '2'],
      ['email', '3'],
      ['address', '4'],
    ]);
    const stored = await t.db.selectFrom('card_fields').select(['type', 'position']).where('profile_id', '=', profile.id).orderBy('position').execute();
    expect(stored).toEqual([
      { type: 'tel', position: 1 },
      { type: 'wa', position: 2 },
      { type: 'email', position: 3 },
      { type: 'address', position: 4 },
    ]);
  });

  it('refuses bad input with the required messages and changes nothing', async () => {
    const { user, profile } = await owner();
    const base = { image: null, title: 'New title', description: '', sub_title: 'New', fields: [field('email', 'ada@example.com', '1')] };
    expectFieldError(await send(t, calls.saveCard, { authorization: user.authorization, body: { ...base, title: ' ' } }), 'title', 'This field cannot be empty');
    expectFieldError(await send(t, calls.saveCard, { authorization: user.authorization, body: { ...base, image: 'https://tracker.example/ada.png' } }), 'image', messages.imageNotOwn);
    expectFieldError(
      await send(t, calls.saveCard, { authorization: user.authorization, body: { ...base, fields: [field('email', 'ada@example.com', '1'), { ...field('url', 'https://x.example', '2'), label: '' }] } }),
      'fields.1.label',
      'Please fill in all information',
    );
    const after = await t.db.selectFrom('card_profiles').selectAll().where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(after.title).toBe('Ada Lovelace');
    const fields = await t.db.selectFrom('card_fields').select('type').where('profile_id', '=', profile.id).execute();
    expect(fields).toHaveLength(4);
  });

  it('refuses script, data and malformed links in any quick-link type (400 naming the field) and changes nothing', async () => {
    const { user, profile } = await owner();
    const base = { image: null, title: 'New title', description: '', sub_title: 'New' };
    const bad: [CardField['type'], string, string][] = [
      ['url', 'javascript:alert(1)', 'Please enter a valid website link'],
      ['url', ' JaVaScRiPt:alert(1)', 'Please enter a valid website link'],
      ['url', '\u0001javascript:alert(1)', 'Please enter a valid website link'],
      ['url', 'data:text/html,<script>alert(1)</script>', 'Please enter a valid website link'],
      ['url', 'vbscript:msgbox(1)', 'Please enter a valid website link'],
      ['email', 'javascript:alert(1)', 'Please enter a valid email address'],
      ['tel', 'javascript:alert(1)', 'Please enter a valid phone number'],
      ['wa', 'data:text/html,x', 'Please enter a valid WhatsApp number'],
      ['instagram', 'javascript:alert(1)', 'Link has not matched with profile instagram'],
      ['tiktok', 'data:text/html,x', 'Link has not matched with profile tiktok'],
    ];
    for (const [type, content, message] of bad) {
      const res = await send(t, calls.saveCard, { authorization: user.authorization, body: { ...base, fields: [field('email', 'ada@example.com', '1'), field(type, content, '2')] } });
      expectFieldError(res, 'fields.1.content', message);
    }
    const fields = await t.db.selectFrom('card_fields').select('content').where('profile_id', '=', profile.id).execute();
    expect(fields.map((f) => f.content)).not.toContain('javascript:alert(1)');
    expect(fields).toHaveLength(4);
    const good = await send(t, calls.saveCard, { authorization: user.authorization, body: { ...base, fields: [field('url', 'ada.example/work', '1'), field('instagram', '@ada', '2')] } });
    expect(good.statusCode).toBe(200);
    const stored = await t.db.selectFrom('card_fields').select('content').where('profile_id', '=', profile.id).orderBy('position').execute();
    expect(stored.map((f) => f.content)).toEqual(['https://ada.example/work', 'https://www.instagram.com/ada']);
  });

  it("never touches another user's card: 404 without a card, 401 without a login", async () => {
    const { profile } = await owner();
    const lonely = await createUser(t);
    const body = { image: null, title: 'Hijack', description: '', sub_title: 'x', fields: [] };
    expect((await send(t, calls.saveCard, { authorization: lonely.authorization, body })).statusCode).toBe(404);
    expect((await send(t, calls.saveCard, { body })).statusCode).toBe(401);
    const after = await t.db.selectFrom('card_profiles').select('title').where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(after.title).toBe('Ada Lovelace');
  });
});

describe('add-service', () => {
  it('adds a service with an image to the caller\'s card (by card id or physical card id)', async () => {
    const { user, profile, card } = await owner();
    const res = await addService(user, profile.id, serviceFields, { data: PNG, name: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.addService, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toMatchObject({ service_name: 'Consulting', phone: '+2348031234567', link: 'https://ada.example/work', enable_enquiry: false });
    expect(answer.data.service_image).toMatch(/^\/backend\/files\/[A-Za-z0-9_-]{22}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: answer.data.service_image ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    const upload = await t.db.selectFrom('uploads').selectAll().where('name', '=', (answer.data.service_image ?? '').split('/').pop() ?? '').executeTakeFirstOrThrow();
    expect(upload.folder).toBe('services');

    const byDevice = await addService(user, card.id, { ...serviceFields, service_name: 'Lectures', phone: '0803 123 4567', link: 'ada.example/lectures', enable_enquiry: 'true' });
    expect(byDevice.statusCode).toBe(200);
    const second = answerOf(calls.addService, byDevice);
    if (second.success !== 'true') throw new Error(second.message);
    expect(second.data).toMatchObject({ service_image: null, phone: '+2348031234567', link: 'https://ada.example/lectures', enable_enquiry: true });
    const stored = await t.db.selectFrom('services').select('phone').where('id', '=', second.data.id).executeTakeFirstOrThrow();
    expect(stored.phone).toBe('+2348031234567');
  });

  it("makes the service image's WebP copies, no wider than it", async () => {
    const { user, profile } = await owner();
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0e7490' } }).png().toBuffer();
    const answer = answerOf(calls.addService, await addService(user, profile.id, serviceFields, { data: logo, name: 'logo.png', type: 'image/png' }));
    if (answer.success !== 'true') throw new Error(answer.message);
    const url = answer.data.service_image ?? '';
    for (const [width, type] of [[96, 'image/webp'], [256, 'image/webp'], [640, 'image/png']] as const) {
      const file = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, width) });
      expect(file.headers['content-type']).toBe(type);
    }
    expect(readdirSync(t.config.uploadDir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('refuses bad fields with the required messages and stores nothing', async () => {
    const { user, profile } = await owner();
    const filesBefore = readdirSync(t.config.uploadDir).length;
    expectFieldError(await addService(user, profile.id, { ...serviceFields, link: 'not a url' }, { data: PNG, name: 'a.png', type: 'image/png' }), 'link', 'Link must be a valid URL');
    expectFieldError(await addService(user, profile.id, { ...serviceFields, service_name: ' ' }), 'service_name', 'Service name is required');
    expectFieldError(await addService(user, profile.id, { ...serviceFields, phone: '' }), 'phone', 'Phone number is required');
    for (const phone of ['call me', '12345', 'javascript:alert(1)']) {
      expectFieldError(await addService(user, profile.id, { ...serviceFields, phone }), 'phone', 'Please enter a valid phone number');
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectFieldError(await addService(user, profile.id, serviceFields, { data: svg, name: 'x.png', type: 'image/png' }), 'service_image', 'Unable to upload image');
    expect(await t.db.selectFrom('services').select('id').where('profile_id', '=', profile.id).execute()).toHaveLength(0);
    expect(readdirSync(t.config.uploadDir).length).toBe(filesBefore);
  });

  it("answers 404 for another user's card and 401 without a login; nothing is stored", async () => {
    const { profile } = await owner();
    const intruder = await owner('Eve Intruder');
    const uploadsBefore = (await t.db.selectFrom('uploads').select('name').execute()).length;
    const res = await addService(intruder.user, profile.id, serviceFields, { data: PNG, name: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(404);
    expect(answerOf(calls.addService, res).success).toBe('false');
    expect((await addService(null, profile.id, serviceFields)).statusCode).toBe(401);
    expect(await t.db.selectFrom('services').select('id').where('profile_id', '=', profile.id).execute()).toHaveLength(0);
    expect((await t.db.selectFrom('uploads').select('name').execute()).length).toBe(uploadsBefore);
    expect(readdirSync(t.config.uploadDir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('delete-service', () => {
  it("deletes the caller's own service only", async () => {
    const { user, profile } = await owner();
    const intruder = await owner('Eve Intruder');
    const added = answerOf(calls.addService, await addService(user, profile.id, serviceFields));
    if (added.success !== 'true') throw new Error(added.message);
    const id = added.data.id;

    const foreign = await send(t, calls.deleteService, { params: { id }, authorization: intruder.user.authorization });
    expect(foreign.statusCode).toBe(404);
    expect((await send(t, calls.deleteService, { params: { id } })).statusCode).toBe(401);
    expect(await t.db.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();

    const res = await send(t, calls.deleteService, { params: { id }, authorization: user.authorization });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.deleteService, res).success).toBe('true');
    expect(await t.db.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await send(t, calls.deleteService, { params: { id }, authorization: user.authorization })).statusCode).toBe(404);
  });
});

describe('connect-vcard (public card)', () => {
  it('answers the public card by link', async () => {
    const { user, profile } = await owner();
    await addService(user, profile.id, serviceFields);
    const answer = answerOf(calls.connectVcard, await send(t, calls.connectVcard, { query: { link: profile.link } }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.card).toEqual({
      profile: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png',
      title: 'Ada Lovelace',
      sub_title: 'Engineer, Writer',
      description: 'Counting engines',
      user_id: user.id,
      card_id: profile.id,
      type: 'nfc',
    });
    expect(answer.data.fields).toHaveLength(4);
    expect(answer.data.services.map((s) => s.service_name)).toEqual(['Consulting']);
    expect(answer.data.download_url).toBe(`/connect/public/api/vcard-download?link=${profile.link}`);
  });

  it("reports type 'card' for a card without a physical card", async () => {
    const { profile, card } = await owner();
    await t.db.updateTable('physical_cards').set({ profile_id: null }).where('id', '=', card.id).execute();
    const answer = answerOf(calls.connectVcard, await send(t, calls.connectVcard, { query: { link: profile.link } }));
    expect(answer.success === 'true' && answer.data.card.type).toBe('card');
  });

  it('answers 404 for an unknown link and 400 without one', async () => {
    expect((await send(t, calls.connectVcard, { query: { link: 'nobody-00000000' } })).statusCode).toBe(404);
    expect((await sendUnchecked(t, calls.connectVcard)).statusCode).toBe(400);
  });
});

describe('vcard-download', () => {
  it("answers the owner's vCard as an attachment", async () => {
    const { user, profile } = await owner();
    const res = await send(t, calls.vcardDownload, { query: { link: profile.link } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Ada_Lovelace.vcf"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('FN:Ada Lovelace');
    expect(lines).toContain('TITLE:Engineer\\, Writer');
    expect(lines).toContain('TEL;TYPE=CELL:+2348031234567');
    expect(lines).toContain(`EMAIL;TYPE=INTERNET:${user.email}`);
    expect(res.body.replace(/\r\n /g, '')).toContain(`URL:http://localhost:3000/card/connect?link=${profile.link}`);
    expect(res.body.replace(/\r\n /g, '')).toContain('PHOTO;VALUE=URI:http://localhost:3000/api/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png');
  });

  it("writes the card's quick links: phones in E.164 once each, emails, web and social links as URLs, the address as ADR", async () => {
    const { user, profile } = await owner();
    const extra = [
      { type: 'email', content: 'ada@work.example', status: '1' },
      { type: 'instagram', content: 'https://www.instagram.com/ada', status: '1' },
      { type: 'tel', content: '08098765432', status: '1' },
      { type: 'address', content: '12 Marina Road, Lagos', status: '1' },
      { type: 'text', content: 'Ask for the lab', status: '1' },
      { type: 'tel', content: '07011112222', status: '0' },
      { type: 'url', content: 'javascript:alert(1)', status: '1' },
    ];
    await t.db
      .insertInto('card_fields')
      .values(extra.map((f, i) => ({ id: randomBytes(8).toString('hex'), profile_id: profile.id, label: f.type, icon: f.type, position: 10 + i, ...f })))
      .execute();
    const res = await send(t, calls.vcardDownload, { query: { link: profile.link } });
    expect(res.statusCode).toBe(200);
    const card = parseVCard(res.body);
    expect(vcardValues(card, 'FN')).toEqual(['Ada Lovelace']);
    expect(vcardValues(card, 'TITLE')).toEqual(['Engineer\\, Writer']);
    expect(vcardValues(card, 'TEL')).toEqual(['+2348031234567', '+2348098765432']);
    expect(vcardValues(card, 'EMAIL')).toEqual([user.email, 'ada@work.example']);
    expect(vcardValues(card, 'URL')).toEqual([
      `http://localhost:3000/card/connect?link=${profile.link}`,
      'https://twitter.com/ada',
      'https://ada.example',
      'https://www.instagram.com/ada',
    ]);
    expect(vcardValues(card, 'ADR')).toEqual([';;12 Marina Road\\, Lagos;;;;']);
    expect(res.body).not.toContain('Ask for the lab');
    expect(res.body).not.toContain('javascript');
    for (const property of card) expect(property.value).not.toBe('');
  });

  it('embeds a stored profile photo as base64 and links to one above the size limit', async () => {
    const { profile } = await owner();
    const jpeg = (side: number, quality: number) => photo(side, side).jpeg({ quality }).toBuffer();
    const store = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('folder', 'profile');
      form.append('name', 'me.jpg');
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'me.jpg');
      const encoded = new Response(form);
      const res = await t.app.inject({
        method: 'POST',
        url: calls.uploadFile.path,
        headers: { ...fromIp(), 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      const answer = answerOf(calls.uploadFile, res);
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data.url;
    };
    const photoOf = async (image: string) => {
      await t.db.updateTable('card_profiles').set({ image }).where('id', '=', profile.id).execute();
      const res = await send(t, calls.vcardDownload, { query: { link: profile.link } });
      expect(res.statusCode).toBe(200);
      const photos = parseVCard(res.body).filter((p) => p.name === 'PHOTO');
      expect(photos).toHaveLength(1);
      return photos[0];
    };

    const small = await jpeg(200, 80);
    expect(small.length).toBeLessThan(VCARD_PHOTO_MAX_BYTES);
    const embedded = await photoOf(await store(small));
    expect(embedded?.params).toEqual(['ENCODING=b', 'TYPE=JPEG']);
    expect(Buffer.from(embedded?.value ?? '', 'base64').equals(small)).toBe(true);

    const large = await jpeg(800, 95);
    expect(large.length).toBeGreaterThan(VCARD_PHOTO_MAX_BYTES);
    const largeUrl = await store(large);
    const linked = await photoOf(largeUrl);
    expect(linked).toEqual({ name: 'PHOTO', params: ['VALUE=URI'], value: `http://localhost:3000/api${largeUrl}` });
  });

  it('never links a photo on another host or an inline one: such a card has no PHOTO', async () => {
    const { profile } = await owner();
    for (const image of ['https://tracker.example/ada.png', 'http://tracker.example/ada.png', '//tracker.example/ada.png', avatarFor('Ada Lovelace')]) {
      // Stored as a row written before images had to be the product's own.
      await t.db.updateTable('card_profiles').set({ image }).where('id', '=', profile.id).execute();
      const res = await send(t, calls.vcardDownload, { query: { link: profile.link } });
      expect(res.statusCode).toBe(200);
      expect(parseVCard(res.body).filter((p) => p.name === 'PHOTO')).toEqual([]);
      expect(res.body).not.toContain('tracker.example');
    }
  });

  it('answers 404 for an unknown link', async () => {
    expect((await send(t, calls.vcardDownload, { query: { link: 'nobody-00000000' } })).statusCode).toBe(404);
  });
});

describe('card token guessing across cards', () => {
  it('refuses an address sweeping unknown card ids, and only that address: a real card activates from another', async () => {
    const sweeper = fromIp();
    const guesses = Array.from({ length: 250 }, (_, i) => `guess-${randomBytes(4).toString('hex')}-${i}`);
    const answers = [];
    for (let from = 0; from < guesses.length; from += 50) {
      answers.push(
        ...(await Promise.all(guesses.slice(from, from + 50).map((id) => send(t, calls.confirmToken, { body: { card_id: id, type: 'nfc', token: 'AAAAAA' }, headers: sweeper })))),
      );
    }
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.cardTokenAddress.max);
    const victim = await mint();
    expect((await send(t, calls.confirmToken, { body: { card_id: victim.id, type: 'nfc', token: victim.token }, headers: sweeper })).statusCode).toBe(429);
    const user = await createUser(t);
    const holder = fromIp();
    expect((await send(t, calls.confirmToken, { body: { card_id: victim.id, type: 'nfc', token: victim.token }, headers: holder })).statusCode).toBe(200);
    expect((await send(t, calls.createCard, { authorization: user.authorization, body: wizard(victim, user.email), headers: holder })).statusCode).toBe(200);
    // Made-up card ids leave no counter of their own behind.
    const rows = await t.db.selectFrom('throttles').select('key').where('key', 'like', '%guess-%').execute();
    expect(rows).toEqual([]);
  });

  it('slows guesses on one card from many addresses and refuses them all once its ceiling is full', async () => {
    const card = await mint();
    const addresses = LIMITS.cardTokenCeiling.max / LIMITS.cardToken.max;
    const start = t.delays.length;
    for (let a = 0; a < addresses; a++) {
      const headers = fromIp();
      await Promise.all(Array.from({ length: 10 }, () => send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: otherToken(card.token) }, headers })));
    }
    expect(t.delays.length - start).toBe(LIMITS.cardTokenCeiling.max - LIMITS.cardTokenCeiling.delay.after);
    expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: card.token }, headers: fromIp() })).statusCode).toBe(429);
    t.clock.advance(LIMITS.cardTokenCeiling.windowMs);
    try {
      expect((await send(t, calls.confirmToken, { body: { card_id: card.id, type: 'nfc', token: card.token }, headers: fromIp() })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-LIMITS.cardTokenCeiling.windowMs);
    }
  });
});
