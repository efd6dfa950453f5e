import { LIMITS } from '@tapcard/shared/constants';
import { arenaSafetyCalls, calls, moderationCalls, type Body } from '@tapcard/shared/contract';
import { messages, safetyMessages, shareConsentText } from '@tapcard/shared/rules';
import { describe, expect, it } from 'vitest';
import { SHARE_TEXTS } from '../domain/card-share.js';
import { createCardProfile } from '../repositories/cards.js';
import { arena, dataOf, liveOf, refusalOf, type Arena } from '../test/arena.js';
import { send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import type { Registered } from '../test/events.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

/** A card owner (signed in on the attendee's phone) with a card profile. */
async function cardOwner(name: string, subTitle: string, phone: string) {
  const user = await createUser(t, { name });
  const profile = await createCardProfile(t.db, { userId: user.id, title: name, subTitle, description: '', phone, image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png', fields: [], now: t.clock.now() });
  if (!profile) throw new Error('no profile');
  return { user, profile };
}

type ShareBody = Body<typeof arenaSafetyCalls.shareCard>;
type Details = NonNullable<ShareBody['details']>;

const graceDetails: Details = { full_name: 'Grace Hopper', title: 'Rear Admiral', phone: '+234 803 123 4567', email: 'Grace@Example.com', consent: true };

function share(a: Arena, from: Registered, to: string, options: { authorization?: string; details?: Details } = {}) {
  return send(t, arenaSafetyCalls.shareCard, {
    params: { id: from.tid },
    ...(options.authorization ? { authorization: options.authorization } : {}),
    body: { event_id: a.event.id, to, ...(options.details ? { details: options.details } : {}) },
  });
}

async function contactsOf(authorization: string) {
  return dataOf(calls.getContacts, await send(t, calls.getContacts, { authorization })).contacts;
}

describe('shareCard between two card owners', () => {
  it("sends each one's public card; the second share swaps them: each lands in the other's contacts, tagged with the event and the time", async () => {
    const a = await arena(t);
    const ada = await cardOwner('Ada Lovelace', 'Analyst', '+2348031112222');
    const bob = await cardOwner('Bob Marley', 'Singer', '+2348033334444');

    const first = dataOf(arenaSafetyCalls.shareCard, await share(a, a.ada, a.bob.id, { authorization: ada.user.authorization }));
    expect(first).toMatchObject({ event_id: a.event.id, swapped: false, saved: false });
    expect(first.message).toMatchObject({
      attendee_id_1: a.ada.id,
      attendee_id_2: a.bob.id,
      message: SHARE_TEXTS.card,
      card: { kind: 'card', link: ada.profile.link, title: 'Ada Lovelace', sub_title: 'Analyst', image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png' },
    });
    expect(await contactsOf(ada.user.authorization)).toEqual([]);

    const metAt = t.clock.now();
    const second = dataOf(arenaSafetyCalls.shareCard, await share(a, a.bob, a.ada.id, { authorization: bob.user.authorization }));
    expect(second).toMatchObject({ swapped: true, saved: true });
    const event = { id: a.event.id, title: a.event.title };
    const [adaHas] = await contactsOf(ada.user.authorization);
    expect(adaHas).toMatchObject({ full_name: 'Bob Marley', title: 'Singer', phone: '+2348033334444', email: bob.user.email, event, consent: null });
    expect(new Date(adaHas!.met_at!).getTime()).toBeGreaterThanOrEqual(metAt.getTime() - 1000);
    expect(await contactsOf(bob.user.authorization)).toEqual([expect.objectContaining({ full_name: 'Ada Lovelace', title: 'Analyst', phone: '+2348031112222', email: ada.user.email, event })]);

    // Sharing again sends the card again, and keeps one contact each side.
    expect(dataOf(arenaSafetyCalls.shareCard, await share(a, a.ada, a.bob.id, { authorization: ada.user.authorization }))).toMatchObject({ swapped: true, saved: true });
    expect(await contactsOf(ada.user.authorization)).toHaveLength(1);
    expect(await contactsOf(bob.user.authorization)).toHaveLength(1);
    // Both shares are private messages of the live state, with their cards.
    expect((await liveOf(t, a.event.id)).private_chats.filter((m) => m.card).map((m) => [m.attendee_id_1, m.card?.kind])).toEqual([
      [a.ada.id, 'card'],
      [a.bob.id, 'card'],
      [a.ada.id, 'card'],
    ]);
  });

  it('makes exactly one contact on each side under 50 parallel mutual shares', async () => {
    const a = await arena(t);
    const ada = await cardOwner('Ada Lovelace', 'Analyst', '+2348031112222');
    const bob = await cardOwner('Bob Marley', 'Singer', '+2348033334444');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? share(a, a.ada, a.bob.id, { authorization: ada.user.authorization }) : share(a, a.bob, a.ada.id, { authorization: bob.user.authorization }))),
    );
    const results = answers.map((res) => dataOf(arenaSafetyCalls.shareCard, res));
    // Only shares of the side that came first, before the other side's first, found nothing to swap with.
    const unswapped = new Set(results.filter((r) => !r.swapped).map((r) => r.message.attendee_id_1));
    expect(unswapped.size).toBe(1);
    expect(results.filter((r) => r.swapped).length).toBeGreaterThanOrEqual(25);
    expect(results.every((r) => r.saved === r.swapped)).toBe(true);
    expect(await contactsOf(ada.user.authorization)).toEqual([expect.objectContaining({ full_name: 'Bob Marley' })]);
    expect(await contactsOf(bob.user.authorization)).toEqual([expect.objectContaining({ full_name: 'Ada Lovelace' })]);
  });
});

describe('shareCard without a card', () => {
  it("shares the details with the consent text; once swapped, they land in the card owner's contacts with that consent", async () => {
    const a = await arena(t);
    const bob = await cardOwner('Bob Marley', 'Singer', '+2348033334444');
    const first = dataOf(arenaSafetyCalls.shareCard, await share(a, a.ada, a.bob.id, { details: graceDetails }));
    const consent = shareConsentText('Bob Marley', a.event.title);
    expect(first).toMatchObject({ swapped: false, saved: false });
    expect(first.message).toMatchObject({
      message: SHARE_TEXTS.details,
      card: { kind: 'details', full_name: 'Grace Hopper', title: 'Rear Admiral', phone: '+2348031234567', email: 'grace@example.com', consent },
    });

    const second = dataOf(arenaSafetyCalls.shareCard, await share(a, a.bob, a.ada.id, { authorization: bob.user.authorization }));
    expect(second).toMatchObject({ swapped: true, saved: true });
    expect(await contactsOf(bob.user.authorization)).toEqual([
      expect.objectContaining({ full_name: 'Grace Hopper', title: 'Rear Admiral', phone: '+2348031234567', email: 'grace@example.com', consent, event: { id: a.event.id, title: a.event.title } }),
    ]);
    // A signed-in user without a card profile shares details too, and keeps no contacts.
    const noCard = await createUser(t);
    const third = dataOf(arenaSafetyCalls.shareCard, await share(a, a.cyd, a.bob.id, { authorization: noCard.authorization, details: { ...graceDetails, full_name: 'Cyd Charisse' } }));
    expect(third.message.card).toMatchObject({ kind: 'details', full_name: 'Cyd Charisse' });
  });

  it('refuses a share without a card or details (400 under details), unticked consent and bad details (400 naming the field)', async () => {
    const a = await arena(t);
    const none = await share(a, a.ada, a.bob.id);
    expect(none.statusCode).toBe(400);
    expect(refusalOf(none).errors).toEqual([{ field: 'details', message: safetyMessages.shareNeedsDetails }]);
    const unticked = await sendUnchecked(t, arenaSafetyCalls.shareCard, { params: { id: a.ada.tid }, body: { event_id: a.event.id, to: a.bob.id, details: { ...graceDetails, consent: false } } });
    expect(unticked.statusCode).toBe(400);
    expect(refusalOf(unticked).errors).toEqual([{ field: 'details.consent', message: safetyMessages.consentRequired }]);
    const oneName = await sendUnchecked(t, arenaSafetyCalls.shareCard, { params: { id: a.ada.tid }, body: { event_id: a.event.id, to: a.bob.id, details: { ...graceDetails, full_name: 'Grace' } } });
    expect(oneName.statusCode).toBe(400);
    expect(refusalOf(oneName).errors).toEqual([{ field: 'details.full_name', message: messages.fullNameTwoWords }]);
    expect(await t.db.selectFrom('private_chats').select('id').where('event_id', '=', a.event.id).execute()).toEqual([]);
  });
});

describe('shareCard refusals', () => {
  it("refuses oneself (400 under to), a stranger (404), another event's token (403), a block and the recipient's choice (403), and a mute", async () => {
    const a = await arena(t);
    const other = await arena(t);
    const self = await share(a, a.ada, a.ada.id, { details: graceDetails });
    expect(self.statusCode).toBe(400);
    expect(refusalOf(self).errors).toEqual([{ field: 'to', message: safetyMessages.shareSelf }]);
    const stranger = await share(a, a.ada, other.bob.id, { details: graceDetails });
    expect(stranger.statusCode).toBe(404);
    expect(refusalOf(stranger).message).toBe(safetyMessages.attendeeNotFound);
    expect((await send(t, arenaSafetyCalls.shareCard, { params: { id: other.ada.tid }, body: { event_id: a.event.id, to: a.bob.id, details: graceDetails } })).statusCode).toBe(403);

    dataOf(arenaSafetyCalls.blockAttendee, await send(t, arenaSafetyCalls.blockAttendee, { params: { id: a.bob.tid }, body: { event_id: a.event.id, attendee_id: a.ada.id, blocked: true } }));
    expect(refusalOf(await share(a, a.ada, a.bob.id, { details: graceDetails }))).toMatchObject({ code: 'not_accepting' });
    dataOf(arenaSafetyCalls.arenaSettings, await send(t, arenaSafetyCalls.arenaSettings, { params: { id: a.cyd.tid }, body: { event_id: a.event.id, dm_policy: 'nobody' } }));
    expect(refusalOf(await share(a, a.ada, a.cyd.id, { details: graceDetails }))).toMatchObject({ code: 'not_accepting' });

    dataOf(moderationCalls.muteAttendee, await send(t, moderationCalls.muteAttendee, { authorization: a.owner.authorization, params: { id: a.event.id }, body: { attendee_id: a.ada.id, mute: 'forever' } }));
    const muted = await share(a, a.ada, a.bob.id, { details: graceDetails });
    expect(muted.statusCode).toBe(403);
    expect(refusalOf(muted)).toMatchObject({ code: 'muted' });
  });

  it(`refuses share number ${LIMITS.shares.max + 1} within the hour (429)`, async () => {
    const a = await arena(t);
    for (let i = 0; i < LIMITS.shares.max; i += 1) expect((await share(a, a.ada, i % 2 === 0 ? a.bob.id : a.cyd.id, { details: graceDetails })).statusCode).toBe(200);
    const over = await share(a, a.ada, a.bob.id, { details: graceDetails });
    expect(over.statusCode).toBe(429);
    expect(refusalOf(over).message).toBe(safetyMessages.tooManyShares);
  });
});
