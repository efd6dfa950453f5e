import { LIMITS } from '@tapcard/shared/constants';
import { describe, expect, it } from 'vitest';
import { calls, type Body } from '@tapcard/shared/contract';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { parseVCard, vcardValues } from '../test/vcard.js';
import { fromIp } from '../test/cards.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));


async function mint(): Promise<MintedCard> {
  const [card] = await mintCards(t.db, { count: 1, type: 'nfc', publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

/** A user with an activated card, made through create-card. */
async function owner(name = 'Ada Lovelace') {
  const user = await createUser(t, { name });
  const card = await mint();
  const res = await send(t, calls.createCard, {
    authorization: user.authorization,
    body: {
      card_id: card.id,
      type: card.type,
      token: card.token,
      user: { email: user.email, auth_type: 'Email', password: 'Str0ng!pass', name, profile_image: null },
      card: { name, subTitle: 'Engineer', phone: '08031234567', description: '', fields: [] },
      image: { image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png', name: 'me.png' },
    },
  });
  expect(res.statusCode).toBe(200);
  const profile = await t.db.selectFrom('card_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { user, card, profile };
}

const visitor = (cardId: string, over: Partial<Body<typeof calls.exchangeContact>> = {}): Body<typeof calls.exchangeContact> => ({
  card_id: cardId,
  device_type: 'nfc',
  full_name: 'Grace  Hopper',
  title: 'Rear Admiral',
  phone: '+234 803 123 4567',
  email: 'Grace@Example.com',
  ...over,
});

async function contactsOf(profileId: string) {
  return t.db.selectFrom('contacts').selectAll().where('profile_id', '=', profileId).execute();
}

async function exchange(body: Body<typeof calls.exchangeContact>) {
  return send(t, calls.exchangeContact, { body, headers: fromIp() });
}

describe('exchange-contact', () => {
  it("stores the visitor's details in the owner's list, by physical card id or card id", async () => {
    const { card, profile } = await owner();
    const res = await exchange(visitor(card.id));
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.exchangeContact, res)).toMatchObject({ success: 'true', link: profile.link });
    // The owner's card's link, where the form ends when opened from a direct link (its id is the profile's).
    const byProfile = await exchange(visitor(profile.id, { full_name: 'Alan Turing' }));
    expect(byProfile.statusCode).toBe(200);
    expect(answerOf(calls.exchangeContact, byProfile)).toMatchObject({ success: 'true', link: profile.link });
    const rows = await contactsOf(profile.id);
    expect(rows.map((r) => r.full_name).sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    const grace = rows.find((r) => r.full_name === 'Grace Hopper');
    expect(grace).toMatchObject({ title: 'Rear Admiral', phone: '+2348031234567', email: 'grace@example.com', device_type: 'nfc' });
    expect(grace?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses bad input with the required messages and stores nothing', async () => {
    const { card, profile } = await owner();
    expectFieldError(await exchange(visitor(card.id, { full_name: 'Grace' })), 'full_name', 'Full name must be at least two words');
    expectFieldError(await exchange(visitor(card.id, { full_name: 'R2 D2' })), 'full_name', 'Full name must only contain alphabets');
    expectFieldError(await exchange(visitor(card.id, { title: 'CEO #1' })), 'title', 'Job Title can only contain alphabets');
    expectFieldError(await exchange(visitor(card.id, { title: 'Al' })), 'title', 'Job Title must be at least 4 characters');
    expectFieldError(await exchange(visitor(card.id, { phone: '12345' })), 'phone', 'Phone number must contain between 9 and 15 digits');
    expectFieldError(await exchange(visitor(card.id, { email: '' })), 'email', 'Email is required');
    expectFieldError(await exchange(visitor(card.id, { email: 'grace@' })), 'email', 'Email is not valid');
    expect(await contactsOf(profile.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown card or a card not yet activated', async () => {
    expect((await exchange(visitor('no-such-card'))).statusCode).toBe(404);
    const fresh = await mint();
    const res = await exchange(visitor(fresh.id));
    expect(res.statusCode).toBe(404);
    expect(answerOf(calls.exchangeContact, res).success).toBe('false');
  });

  it('is limited per client address', async () => {
    const { card, profile } = await owner();
    const headers = fromIp();
    for (let i = 0; i < LIMITS.exchange.max; i++) {
      expect((await send(t, calls.exchangeContact, { body: visitor(card.id), headers })).statusCode).toBe(200);
    }
    expect((await send(t, calls.exchangeContact, { body: visitor(card.id), headers })).statusCode).toBe(429);
    expect(await contactsOf(profile.id)).toHaveLength(LIMITS.exchange.max);
  });

  it('lets at most the limit through 50 parallel exchanges from one address', async () => {
    const { card, profile } = await owner();
    const headers = fromIp();
    const answers = await Promise.all(Array.from({ length: LIMITS.exchange.max + 20 }, () => send(t, calls.exchangeContact, { body: visitor(card.id), headers })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.exchange.max);
    expect((await contactsOf(profile.id)).length).toBeLessThanOrEqual(LIMITS.exchange.max);
  });
});

describe('get-contacts', () => {
  it("lists the caller's contacts newest first, with the owner's name and image", async () => {
    const { user, card } = await owner('Ada Lovelace');
    const other = await owner('Charles Babbage');
    await exchange(visitor(card.id, { full_name: 'First Person' }));
    t.clock.advance(1000);
    await exchange(visitor(card.id, { full_name: 'Second Person' }));
    t.clock.advance(1000);
    await exchange(visitor(card.id, { full_name: 'Third Person' }));
    await exchange(visitor(other.card.id, { full_name: 'Not Yours' }));

    const res = await send(t, calls.getContacts, { authorization: user.authorization });
    const answer = answerOf(calls.getContacts, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.contacts.map((c) => c.full_name)).toEqual(['Third Person', 'Second Person', 'First Person']);
    expect(answer.data.user).toEqual({ name: 'Ada Lovelace', image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png' });
    expect(Date.parse(answer.data.contacts[0]?.created_at ?? '')).toBeGreaterThan(Date.parse(answer.data.contacts[2]?.created_at ?? ''));
  });

  it('answers an empty list for a user without a card and 401 without a login', async () => {
    const lonely = await createUser(t, { name: 'No Card' });
    const answer = answerOf(calls.getContacts, await send(t, calls.getContacts, { authorization: lonely.authorization }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toEqual({ contacts: [], user: { name: 'No Card', image: null } });
    expect((await send(t, calls.getContacts)).statusCode).toBe(401);
  });
});

describe('delete contact', () => {
  for (const call of [calls.deleteContact, calls.deleteContactLegacy]) {
    it(`deletes only the owner's contact (${call.path})`, async () => {
      const { user, card, profile } = await owner();
      const intruder = await owner('Eve Intruder');
      await exchange(visitor(card.id));
      const [contact] = await contactsOf(profile.id);
      if (!contact) throw new Error('no contact');

      const foreign = await send(t, call, { params: { contactId: contact.id }, authorization: intruder.user.authorization });
      expect(foreign.statusCode).toBe(404);
      expect((await send(t, call, { params: { contactId: contact.id } })).statusCode).toBe(401);
      expect(await contactsOf(profile.id)).toHaveLength(1);

      const res = await send(t, call, { params: { contactId: contact.id }, authorization: user.authorization });
      expect(res.statusCode).toBe(200);
      expect(answerOf(call, res).success).toBe('true');
      expect(await contactsOf(profile.id)).toHaveLength(0);
      expect((await send(t, call, { params: { contactId: contact.id }, authorization: user.authorization })).statusCode).toBe(404);
    });
  }
});

describe('download contact', () => {
  it('answers the contact as an escaped UTF-8 vCard 3.0 attachment', async () => {
    const { user, card, profile } = await owner();
    await exchange(visitor(card.id, { full_name: 'Zoë Ångström', title: 'Chief Engineer' }));
    const [contact] = await contactsOf(profile.id);
    if (!contact) throw new Error('no contact');
    const res = await send(t, calls.downloadContact, { params: { contactId: contact.id }, authorization: user.authorization });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Zoe_Angstrom.vcf"');
    expect(res.body).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Ångström;Zoë;;;',
        'FN:Zoë Ångström',
        'TITLE:Chief Engineer',
        'TEL;TYPE=CELL:+2348031234567',
        'EMAIL;TYPE=INTERNET:grace@example.com',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('escapes vCard special characters in stored values', async () => {
    const { user, card, profile } = await owner();
    await exchange(visitor(card.id));
    const [contact] = await contactsOf(profile.id);
    if (!contact) throw new Error('no contact');
    // Values stored before today's rules (or by another client) may hold vCard syntax.
    await t.db.updateTable('contacts').set({ title: 'Engineer, Writer; Poet\\Dreamer\nEND:VCARD' }).where('id', '=', contact.id).execute();
    const res = await send(t, calls.downloadContact, { params: { contactId: contact.id }, authorization: user.authorization });
    expect(res.body.split('\r\n')).toContain('TITLE:Engineer\\, Writer\\; Poet\\\\Dreamer\\nEND:VCARD');
    expect(res.body.match(/^END:VCARD$/gm)).toHaveLength(1);
  });

  it('writes a phone stored as a Nigerian local number in E.164, and leaves out a blank title', async () => {
    const { user, card, profile } = await owner();
    await exchange(visitor(card.id));
    const [contact] = await contactsOf(profile.id);
    if (!contact) throw new Error('no contact');
    // Values stored before today's rules (or by another client) may be local numbers.
    await t.db.updateTable('contacts').set({ phone: '0803 123 4567', title: ' ' }).where('id', '=', contact.id).execute();
    const res = await send(t, calls.downloadContact, { params: { contactId: contact.id }, authorization: user.authorization });
    const vcard = parseVCard(res.body);
    expect(vcardValues(vcard, 'TEL')).toEqual(['+2348031234567']);
    expect(vcard.map((p) => p.name)).toEqual(['BEGIN', 'VERSION', 'N', 'FN', 'TEL', 'EMAIL', 'END']);
  });

  it("answers 404 for another owner's contact and 401 without a login", async () => {
    const { card, profile } = await owner();
    const intruder = await owner('Eve Intruder');
    await exchange(visitor(card.id));
    const [contact] = await contactsOf(profile.id);
    if (!contact) throw new Error('no contact');
    const res = await send(t, calls.downloadContact, { params: { contactId: contact.id }, authorization: intruder.user.authorization });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('BEGIN:VCARD');
    expect((await send(t, calls.downloadContact, { params: { contactId: contact.id } })).statusCode).toBe(401);
  });
});

describe('contact note', () => {
  async function ownerWithContact() {
    const mine = await owner();
    await exchange(visitor(mine.card.id));
    const [contact] = await contactsOf(mine.profile.id);
    if (!contact) throw new Error('no contact');
    return { ...mine, contact };
  }

  const setNote = (contactId: string, note: string | null, authorization?: string) =>
    send(t, calls.setContactNote, { params: { contactId }, body: { note }, ...(authorization ? { authorization } : {}) });

  async function listed(authorization: string) {
    const answer = answerOf(calls.getContacts, await send(t, calls.getContacts, { authorization }));
    if (answer.success !== 'true') throw new Error(answer.message);
    return answer.data.contacts;
  }

  it('lets the owner set a note, answers the contact with it, lists it, and clears it with null or a blank note', async () => {
    const { user, contact } = await ownerWithContact();
    expect((await listed(user.authorization))[0]?.note).toBeNull();

    const res = await setNote(contact.id, 'Met at Lagos Tech Summit.\nFollow up on the API pilot.', user.authorization);
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.setContactNote, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toMatchObject({ contact_id: contact.id, full_name: 'Grace Hopper', note: 'Met at Lagos Tech Summit.\nFollow up on the API pilot.' });
    expect((await listed(user.authorization))[0]?.note).toBe('Met at Lagos Tech Summit.\nFollow up on the API pilot.');

    expect((await setNote(contact.id, null, user.authorization)).statusCode).toBe(200);
    expect((await listed(user.authorization))[0]?.note).toBeNull();
    await setNote(contact.id, 'again', user.authorization);
    expect((await setNote(contact.id, '  \n ', user.authorization)).statusCode).toBe(200);
    expect((await listed(user.authorization))[0]?.note).toBeNull();
  });

  it('keeps a note of exactly 1000 characters and refuses 1001 with the field and message, keeping the note it had', async () => {
    const { user, contact } = await ownerWithContact();
    const longest = 'é'.repeat(1000);
    expect((await setNote(contact.id, longest, user.authorization)).statusCode).toBe(200);
    const res = await setNote(contact.id, 'a'.repeat(1001), user.authorization);
    expectFieldError(res, 'note', 'Note must be at most 1000 characters');
    expect((await listed(user.authorization))[0]?.note).toBe(longest);
  });

  it("answers 404 to another account for the owner's contact, as for an unknown one, and 401 without a login; the other account never sees the note", async () => {
    const { user, contact } = await ownerWithContact();
    const intruder = await owner('Eve Intruder');
    await setNote(contact.id, 'private thoughts', user.authorization);

    const foreign = await setNote(contact.id, 'overwritten', intruder.user.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(answerOf(calls.setContactNote, foreign)).toMatchObject({ success: 'false', message: 'Contact not found' });
    expect(foreign.body).not.toContain('private thoughts');
    expect((await setNote('no-such-contact', 'x', intruder.user.authorization)).statusCode).toBe(404);
    expect((await setNote(contact.id, 'anonymous')).statusCode).toBe(401);

    expect(JSON.stringify(await listed(intruder.user.authorization))).not.toContain('private thoughts');
    expect((await listed(user.authorization))[0]?.note).toBe('private thoughts');
  });

  it('stores one of the notes when 50 saves race, each answered 200, and none from another account', async () => {
    const { user, contact } = await ownerWithContact();
    const intruder = await owner('Eve Intruder');
    const notes = Array.from({ length: 50 }, (_, i) => `note ${i}`);
    const answers = await Promise.all(
      notes.map((note, i) => setNote(contact.id, i % 5 === 0 ? `intruder ${i}` : note, i % 5 === 0 ? intruder.user.authorization : user.authorization)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(40).fill(200), ...Array<number>(10).fill(404)]);
    const stored = (await listed(user.authorization))[0]?.note;
    expect(notes.filter((_, i) => i % 5 !== 0)).toContain(stored);
  });
});
