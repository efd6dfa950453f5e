import { BLOCKS_MAX, LIMITS } from '@tapcard/shared/constants';
import { arenaSafetyCalls, calls, serviceCalls, type Event } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import { describe, expect, it } from 'vitest';
import { createCardProfile } from '../repositories/cards.js';
import { storeGroupChat } from '../repositories/chats.js';
import { arena, dataOf, liveOf, privatePost, refusalOf, type Arena } from '../test/arena.js';
import { send, sendUnchecked } from '../test/contract.js';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import { insertAttendee, type Registered } from '../test/events.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const poster = (who: Registered) => ({ id: who.id, name: who.name, image: '' });

function safetyOf(who: Registered) {
  return send(t, arenaSafetyCalls.arenaSafety, { params: { id: who.tid } }).then((res) => dataOf(arenaSafetyCalls.arenaSafety, res));
}

function block(a: Arena, who: Registered, other: string, blocked: boolean) {
  return send(t, arenaSafetyCalls.blockAttendee, { params: { id: who.tid }, body: { event_id: a.event.id, attendee_id: other, blocked } });
}

function report(a: Arena, who: Registered, messageId: string, room: 'group' | 'private' = 'group', reason: 'spam' | 'harassment' = 'spam') {
  return send(t, arenaSafetyCalls.reportMessage, { params: { id: who.tid }, body: { event_id: a.event.id, message_id: messageId, room, reason, details: 'Selling things' } });
}

function settings(a: Arena, who: Registered, body: { dm_policy?: 'anyone' | 'replied' | 'nobody'; hidden?: boolean }) {
  return send(t, arenaSafetyCalls.arenaSettings, { params: { id: who.tid }, body: { event_id: a.event.id, ...body } });
}

describe('arenaSafety and arenaSettings', () => {
  it("answers the attendee's own settings and the attendees they block, with names; changes them", async () => {
    const a = await arena(t);
    expect(await safetyOf(a.ada)).toEqual({ event_id: a.event.id, dm_policy: 'anyone', hidden: false, blocked: [] });
    dataOf(arenaSafetyCalls.blockAttendee, await block(a, a.ada, a.bob.id, true));
    dataOf(arenaSafetyCalls.blockAttendee, await block(a, a.ada, a.cyd.id, true));
    expect(dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.ada, { dm_policy: 'replied' }))).toEqual({ event_id: a.event.id, dm_policy: 'replied', hidden: false });
    expect(dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.ada, { hidden: true }))).toEqual({ event_id: a.event.id, dm_policy: 'replied', hidden: true });
    expect(await safetyOf(a.ada)).toEqual({
      event_id: a.event.id,
      dm_policy: 'replied',
      hidden: true,
      blocked: [
        { id: a.bob.id, name: 'Bob Marley', image: '' },
        { id: a.cyd.id, name: 'Cyd Charisse', image: '' },
      ],
    });
    // Bob's own settings are his.
    expect(await safetyOf(a.bob)).toEqual({ event_id: a.event.id, dm_policy: 'anyone', hidden: false, blocked: [] });
    // The token page carries them too, for the arena without its socket.
    const token = dataOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: a.ada.tid } }));
    expect(token.attendee).toMatchObject({ dm_policy: 'replied', hidden: true, mute: null, blocked: [a.bob.id, a.cyd.id], chat: { closed: false, slow_mode_seconds: 0 }, announcements: [] });
  });

  it('refuses an unknown token (404), a token of another event (403) and a bad policy (400 under dm_policy)', async () => {
    const a = await arena(t);
    const other = await arena(t);
    expect((await send(t, arenaSafetyCalls.arenaSafety, { params: { id: 'not-a-real-access-token-0123456789' } })).statusCode).toBe(404);
    expect((await send(t, arenaSafetyCalls.arenaSettings, { params: { id: other.ada.tid }, body: { event_id: a.event.id, hidden: true } })).statusCode).toBe(403);
    const bad = await sendUnchecked(t, arenaSafetyCalls.arenaSettings, { params: { id: a.ada.tid }, body: { event_id: a.event.id, dm_policy: 'friends' } });
    expect(bad.statusCode).toBe(400);
    expect(refusalOf(bad).errors?.map((e) => e.field)).toEqual(['dm_policy']);
    expect(await safetyOf(other.ada)).toMatchObject({ hidden: false });
  });
});

describe('hidden attendees', () => {
  async function publicLists(a: Arena, link: string) {
    const event = dataOf(calls.publicEvent, await send(t, calls.publicEvent, { params: { id: a.event.id } }));
    const list = dataOf(calls.eventAttendees, await send(t, calls.eventAttendees, { params: { id: a.event.id } }));
    const opened = dataOf(calls.openEvent, await send(t, calls.openEvent, { query: { id: a.event.clean_name } })).event;
    const found = dataOf(calls.findEvents, await send(t, calls.findEvents, { body: { title: a.event.title } })).find((e) => e.id === a.event.id);
    const onCard = dataOf(calls.cardEvents, await send(t, calls.cardEvents, { query: { link } })).all.find((e) => e.id === a.event.id);
    return { event, list, opened, found, onCard };
  }

  const names = (event: Pick<Event, 'attendees'> | undefined) => (event?.attendees ?? []).map((x) => x.name);

  it('are left out of every public attendee list and avatar stack, still counted; the organiser still sees them, marked', async () => {
    const a = await arena(t);
    const profile = await createCardProfile(t.db, { userId: a.owner.id, title: 'Olu Organiser', subTitle: 'Host', description: '', phone: '08031234567', image: null, fields: [], now: t.clock.now() });
    dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.bob, { hidden: true }));

    const lists = await publicLists(a, profile!.link);
    for (const event of [lists.event, lists.opened, lists.found, lists.onCard]) {
      expect(names(event)).toEqual(['Ada Lovelace', 'Cyd Charisse']);
      expect(event?.attendee_count).toBe(3);
    }
    expect(lists.list.attendees.map((x) => x.name)).toEqual(['Ada Lovelace', 'Cyd Charisse']);
    expect(lists.list.registered).toBe(3);

    const own = dataOf(calls.getEvent, await send(t, calls.getEvent, { authorization: a.owner.authorization, params: { id: a.event.id } }));
    expect(names(own)).toEqual(['Ada Lovelace', 'Bob Marley', 'Cyd Charisse']);
    const admin = dataOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization: a.owner.authorization, params: { id: a.event.id } }));
    expect(admin.attendees.map((x) => [x.name, x.hidden])).toEqual([
      ['Ada Lovelace', false],
      ['Bob Marley', true],
      ['Cyd Charisse', false],
    ]);
    // The live state carries the flag (the gateway leaves hidden attendees out of the attendees' views).
    expect((await liveOf(t, a.event.id)).attendees.find((x) => x.id === a.bob.id)).toMatchObject({ hidden: true });

    dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.bob, { hidden: false }));
    expect(names((await publicLists(a, profile!.link)).event)).toEqual(['Ada Lovelace', 'Bob Marley', 'Cyd Charisse']);
  });
});

describe('blockAttendee', () => {
  it('refuses blocking oneself (400), an attendee of another event or nobody (404), another event\'s token (403) and a missing flag (400)', async () => {
    const a = await arena(t);
    const other = await arena(t);
    const self = await block(a, a.ada, a.ada.id, true);
    expect(self.statusCode).toBe(400);
    expect(refusalOf(self)).toMatchObject({ message: safetyMessages.blockSelf, errors: [{ field: 'attendee_id', message: safetyMessages.blockSelf }] });
    for (const stranger of [other.bob.id, 'no-such-attendee']) {
      const res = await block(a, a.ada, stranger, true);
      expect(res.statusCode).toBe(404);
      expect(refusalOf(res).message).toBe(safetyMessages.attendeeNotFound);
    }
    expect((await send(t, arenaSafetyCalls.blockAttendee, { params: { id: other.ada.tid }, body: { event_id: a.event.id, attendee_id: a.bob.id, blocked: true } })).statusCode).toBe(403);
    const missing = await sendUnchecked(t, arenaSafetyCalls.blockAttendee, { params: { id: a.ada.tid }, body: { event_id: a.event.id, attendee_id: a.bob.id } });
    expect(missing.statusCode).toBe(400);
    expect(refusalOf(missing).errors?.map((e) => e.field)).toEqual(['blocked']);
    expect(await safetyOf(a.ada)).toMatchObject({ blocked: [] });
  });

  it(`refuses a block past ${BLOCKS_MAX} (400), while an existing block may be repeated or lifted`, async () => {
    const a = await arena(t);
    const many = await Promise.all(Array.from({ length: BLOCKS_MAX }, (_, i) => insertAttendee(t, a.event, `Guest ${i}`)));
    await t.db
      .insertInto('attendee_blocks')
      .values(many.map((g) => ({ event_id: a.event.id, blocker_id: a.ada.id, blocked_id: g.id, active: true, seq: 0, updated_at: t.clock.now() })))
      .execute();
    const over = await block(a, a.ada, a.bob.id, true);
    expect(over.statusCode).toBe(400);
    expect(refusalOf(over)).toMatchObject({ message: safetyMessages.tooManyBlocks });
    expect((await block(a, a.ada, many[0]!.id, true)).statusCode).toBe(200);
    expect((await block(a, a.ada, many[0]!.id, false)).statusCode).toBe(200);
    expect(dataOf(arenaSafetyCalls.blockAttendee, await block(a, a.ada, a.bob.id, true)).blocked).toHaveLength(BLOCKS_MAX);
  });

  it('ends consistent after 50 parallel block and unblock toggles: one row, the same state everywhere, its last change once in the live diff', async () => {
    const a = await arena(t);
    // A first change, so the poll before the burst has a version to diff from (0 reads everything).
    await storeGroupChat(t.db, a.event.id, poster(a.cyd), 'Hello all', t.clock.now());
    const before = (await liveOf(t, a.event.id)).version;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => block(a, a.ada, a.bob.id, i % 2 === 0)));
    for (const res of answers) expect([[], [a.bob.id]]).toContainEqual(dataOf(arenaSafetyCalls.blockAttendee, res).blocked);

    const rows = await t.db.selectFrom('attendee_blocks').selectAll().where('blocker_id', '=', a.ada.id).execute();
    expect(rows).toHaveLength(1);
    const active = rows[0]!.active;
    const diff = await liveOf(t, a.event.id, before);
    expect(diff).toMatchObject({ full: false, version: before + 50 });
    expect(diff.blocks).toEqual([{ blocker_id: a.ada.id, blocked_id: a.bob.id, active }]);
    expect((await liveOf(t, a.event.id)).blocks).toEqual(active ? [{ blocker_id: a.ada.id, blocked_id: a.bob.id, active: true }] : []);
    expect((await safetyOf(a.ada)).blocked.map((b) => b.id)).toEqual(active ? [a.bob.id] : []);
    expect((await privatePost(t, a.event, a.bob, a.ada.id, 'hi')).statusCode).toBe(active ? 403 : 200);
  });
});

describe('reportMessage', () => {
  it('reports a group message and a private message received, copying author, name and text for the organiser; again answers the first report', async () => {
    const a = await arena(t);
    const spam = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'Buy my course', t.clock.now());
    const first = dataOf(arenaSafetyCalls.reportMessage, await report(a, a.ada, spam.id));
    expect(first.event_id).toBe(a.event.id);
    expect(dataOf(arenaSafetyCalls.reportMessage, await report(a, a.ada, spam.id, 'group', 'harassment')).report_id).toBe(first.report_id);
    // Another reporter makes a report of their own.
    expect(dataOf(arenaSafetyCalls.reportMessage, await report(a, a.cyd, spam.id)).report_id).not.toBe(first.report_id);

    const dm = dataOf(calls.privateChat, await privatePost(t, a.event, a.bob, a.ada.id, 'Send me your password'));
    const second = dataOf(arenaSafetyCalls.reportMessage, await report(a, a.ada, dm.id, 'private', 'harassment'));

    const reports = (await liveOf(t, a.event.id)).reports;
    expect(reports.find((r) => r.id === first.report_id)).toMatchObject({
      message_id: spam.id,
      room: 'group',
      reported_attendee_id: a.bob.id,
      reported_name: 'Bob Marley',
      reported_text: 'Buy my course',
      reporter_id: a.ada.id,
      reporter_name: 'Ada Lovelace',
      reason: 'spam',
      details: 'Selling things',
      status: 'open',
      handled_at: null,
    });
    expect(reports.find((r) => r.id === second.report_id)).toMatchObject({ room: 'private', reported_text: 'Send me your password', reason: 'harassment' });
    expect(reports).toHaveLength(3);
  });

  it("refuses one's own message (400), a private message not received and an unknown one (404), another event's token (403) and a bad reason (400)", async () => {
    const a = await arena(t);
    const other = await arena(t);
    const mine = await storeGroupChat(t.db, a.event.id, poster(a.ada), 'My own words', t.clock.now());
    const own = await report(a, a.ada, mine.id);
    expect(own.statusCode).toBe(400);
    expect(refusalOf(own)).toMatchObject({ errors: [{ field: 'message_id', message: safetyMessages.reportOwn }] });

    const sent = dataOf(calls.privateChat, await privatePost(t, a.event, a.ada, a.bob.id, 'Ada to Bob'));
    expect(refusalOf(await report(a, a.ada, sent.id, 'private')).message).toBe(safetyMessages.reportOwn);
    const overheard = await report(a, a.cyd, sent.id, 'private');
    expect(overheard.statusCode).toBe(404);
    expect(refusalOf(overheard).message).toBe(safetyMessages.messageNotFound);
    expect((await report(a, a.cyd, 'no-such-message')).statusCode).toBe(404);
    // A group message id named as private (and the other way round) is not that message.
    expect((await report(a, a.cyd, mine.id, 'private')).statusCode).toBe(404);
    expect((await send(t, arenaSafetyCalls.reportMessage, { params: { id: other.ada.tid }, body: { event_id: a.event.id, message_id: mine.id, room: 'group', reason: 'spam' } })).statusCode).toBe(403);
    const bad = await sendUnchecked(t, arenaSafetyCalls.reportMessage, { params: { id: a.bob.tid }, body: { event_id: a.event.id, message_id: mine.id, room: 'group', reason: 'boring' } });
    expect(bad.statusCode).toBe(400);
    expect(refusalOf(bad).errors?.map((e) => e.field)).toEqual(['reason']);
    expect((await liveOf(t, a.event.id)).reports).toEqual([]);
  });

  it('stores one report of 50 parallel reports of one message by one attendee, all answering its id', async () => {
    const a = await arena(t);
    const spam = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'Spam', t.clock.now());
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(a, a.ada, spam.id)));
    const ids = new Set(answers.map((res) => dataOf(arenaSafetyCalls.reportMessage, res).report_id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('chat_reports').select('id').where('message_id', '=', spam.id).execute();
    expect(rows.map((r) => r.id)).toEqual([...ids]);
  });

  it(`refuses the reporter's report number ${LIMITS.reports.max + 1} within the window (429)`, async () => {
    const a = await arena(t);
    const messages = [];
    for (let i = 0; i <= LIMITS.reports.max; i += 1) messages.push(await storeGroupChat(t.db, a.event.id, poster(a.bob), `Spam ${i}`, t.clock.now()));
    for (const m of messages.slice(0, LIMITS.reports.max)) expect((await report(a, a.ada, m.id)).statusCode).toBe(200);
    const over = await report(a, a.ada, messages[LIMITS.reports.max]!.id);
    expect(over.statusCode).toBe(429);
    expect(refusalOf(over).message).toBe(safetyMessages.tooManyReports);
    // A repeat of a report already made is no new report, and others may still report.
    expect((await report(a, a.ada, messages[0]!.id)).statusCode).toBe(200);
    expect((await report(a, a.cyd, messages[LIMITS.reports.max]!.id)).statusCode).toBe(200);
  });
});

describe('the live state of safety', () => {
  it("carries each attendee's mute, hidden flag and DM policy, and reports only to the gateway's service key", async () => {
    const a = await arena(t);
    dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.cyd, { dm_policy: 'nobody' }));
    const live = await liveOf(t, a.event.id);
    expect(live.attendees.find((x) => x.id === a.cyd.id)).toMatchObject({ dm_policy: 'nobody', hidden: false, mute: null });
    expect((await send(t, serviceCalls.liveState, { params: { id: a.event.id }, authorization: a.owner.authorization })).statusCode).toBe(401);
  });
});
