import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { avatarFor } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import { mintCards } from '../cli/mint-cards.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { createEvent, eventBody, priceId } from '../test/events.js';
import { fromIp, wizardBody } from '../test/cards.js';
import { parseVCard } from '../test/vcard.js';

// Every stored image field takes only the product's own images (an upload's path, or an inline
// data: image): a link to another host is refused with 400 naming the field, so no page, mail or
// vCard ever makes a phone call that host.

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const OWN = '/backend/files/OwnOwnOwnOwnOwnOwnOwnO.png';
/** Links to other hosts, as a person might paste them or a script send them. */
const FOREIGN = [
  'https://tracker.example/pixel.png',
  'http://tracker.example/pixel.png',
  '//tracker.example/pixel.png',
  'https://tracker.example/backend/files/OwnOwnOwnOwnOwnOwnOwnO.png',
  '/backend/files/../../tracker.png',
  'javascript:alert(1)',
];

async function mint() {
  const [card] = await mintCards(t.db, { count: 1, type: 'nfc', publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

describe('stored image fields', () => {
  it('refuses a link to another host in every image field with 400 and the field', async () => {
    const user = await createUser(t);
    const card = await mint();
    const wizard = wizardBody(card, user.email);
    const event = await createEvent(t, user.authorization);
    for (const image of FOREIGN) {
      // Sign-up: the profile photo and the card image (the body is checked before the ticket is).
      expectFieldError(
        await send(t, calls.signUp, { body: { ...wizard, verification_ticket: 'ticket', user: { ...wizard.user, profile_image: image } }, headers: fromIp() }),
        'user.profile_image',
        messages.imageNotOwn,
      );
      expectFieldError(await send(t, calls.signUp, { body: { ...wizard, verification_ticket: 'ticket', image: { image, name: 'x.png' } }, headers: fromIp() }), 'image.image', messages.imageNotOwn);
      // Create card and save card: the card's image.
      expectFieldError(await send(t, calls.createCard, { authorization: user.authorization, body: { ...wizard, image: { image, name: 'x.png' } } }), 'image.image', messages.imageNotOwn);
      expectFieldError(
        await send(t, calls.saveCard, { authorization: user.authorization, body: { image, title: 'Ada', description: '', sub_title: 'Engineer', fields: [] } }),
        'image',
        messages.imageNotOwn,
      );
      // Events: the banner and each gallery picture, on create and on update.
      expectFieldError(await send(t, calls.createEvent, { authorization: user.authorization, body: eventBody(t, { image }) }), 'image', messages.imageNotOwn);
      expectFieldError(
        await send(t, calls.createEvent, { authorization: user.authorization, body: eventBody(t, { gallery: [{ name: 'a', image: OWN }, { name: 'b', image }] }) }),
        'gallery.1.image',
        messages.imageNotOwn,
      );
      expectFieldError(await send(t, calls.updateEvent, { authorization: user.authorization, params: { id: event.id }, body: eventBody(t, { image }) }), 'image', messages.imageNotOwn);
      expectFieldError(
        await send(t, calls.updateEvent, { authorization: user.authorization, params: { id: event.id }, body: eventBody(t, { gallery: [{ name: 'b', image }] }) }),
        'gallery.0.image',
        messages.imageNotOwn,
      );
      // Registration: the attendee's picture.
      const registration = { event_id: event.id, name: 'Img Person', email: 'img@example.com', phone: '08031234567', event_prices_id: priceId(event, 'Regular'), image };
      expectFieldError(await send(t, calls.register, { body: registration, headers: fromIp() }), 'image', messages.imageNotOwn);
    }
    // Nothing was stored.
    const stored = await t.db.selectFrom('events').select('image').where('user_id', '=', user.id).execute();
    expect(stored).toEqual([{ image: '' }]);
    expect(await t.db.selectFrom('card_profiles').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it("takes the product's own images: an upload's path, an inline image, or none", async () => {
    const user = await createUser(t);
    const card = await mint();
    const created = await send(t, calls.createCard, { authorization: user.authorization, body: wizardBody(card, user.email, { image: { image: OWN, name: 'me.png' } }) });
    expect(created.statusCode, created.body).toBe(200);
    for (const image of [OWN, avatarFor('Ada'), null]) {
      const saved = answerOf(calls.saveCard, await send(t, calls.saveCard, { authorization: user.authorization, body: { image, title: 'Ada', description: '', sub_title: 'E', fields: [] } }));
      if (saved.success !== 'true') throw new Error(saved.message);
      expect(saved.data.card.profile).toBe(image);
    }
    const event = await createEvent(t, user.authorization, { image: ` ${OWN} `, gallery: [{ name: 'inline', image: avatarFor('Hall') }] });
    expect(event.image).toBe(OWN);
    expect(event.gallery).toEqual([{ name: 'inline', image: avatarFor('Hall') }]);
  });

  it("links a card's vCard photo only to this product's own address", async () => {
    const user = await createUser(t);
    const card = await mint();
    expect((await send(t, calls.createCard, { authorization: user.authorization, body: wizardBody(card, user.email, { image: { image: OWN, name: 'me.png' } }) })).statusCode).toBe(200);
    const profile = await t.db.selectFrom('card_profiles').select(['id', 'link']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const photos = async () => parseVCard((await send(t, calls.vcardDownload, { query: { link: profile.link } })).body).filter((p) => p.name === 'PHOTO');
    // An upload that is not on disk cannot be embedded: it is linked, at this product's own address.
    expect(await photos()).toEqual([{ name: 'PHOTO', params: ['VALUE=URI'], value: `${t.config.publicUrl}/api${OWN}` }]);
    // A row stored before the rule, holding another host's picture, gives no PHOTO at all.
    for (const image of FOREIGN) {
      await t.db.updateTable('card_profiles').set({ image }).where('id', '=', profile.id).execute();
      const vcard = (await send(t, calls.vcardDownload, { query: { link: profile.link } })).body;
      expect(parseVCard(vcard).filter((p) => p.name === 'PHOTO')).toEqual([]);
      expect(vcard).not.toContain('tracker');
    }
  });
});
