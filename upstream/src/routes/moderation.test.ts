import { ANNOUNCEMENT_MAX_LENGTH, PINNED_ANNOUNCEMENTS_MAX } from '@tapcard/shared/constants';
import { arenaSafetyCalls, calls, historyCalls, moderationCalls, type LiveState } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGroupChat } from '../repositories/chats.js';
import { arena, dataOf, groupPost, hhmm, liveOf, privatePost, refusalOf, type Arena } from '../test/arena.js';
import { send, sendUnchecked } from '../test/contract.js';
import { createStillClockUpstream, createUser, type TestUpstream } from '../test/harness.js';
import { insertChip, type Registered } from '../test/events.js';

let t: TestUpstream;
beforeAll(async () => {
  t = await createStillClockUpstream();
});
afterAll(async () => {
  await t.close();
});

const as = (a: Arena) => ({ authorization: a.owner.authorization, params: { id: a.event.id } });

function moderation(a: Arena) {
  return send(t, moderationCalls.moderation, as(a)).then((res) => dataOf(moderationCalls.moderation, res));
}

function remove(a: Arena, messageId: string, room: 'group' | 'private' = 'group') {
  return send(t, moderationCalls.removeMessage, { ...as(a), body: { message_id: messageId, room } });
}

function report(a: Arena, who: Registered, messageId: string, room: 'group' | 'private' = 'group') {
  return send(t, arenaSafetyCalls.reportMessage, { params: { id: who.tid }, body: { event_id: a.event.id, message_id: messageId, room, reason: 'harassment' } }).then((res) =>
    dataOf(arenaSafetyCalls.reportMessage, res),
  );
}

function handle(a: Arena, reportId: string, action: 'dismiss' | 'resolve' | 'remove_message') {
  return send(t, moderationCalls.handleReport, { authorization: a.owner.authorization, params: { id: a.event.id, reportId }, body: { action } });
}

function pin(a: Arena, message: string) {
  return send(t, moderationCalls.pinAnnouncement, { ...as(a), body: { message } });
}

function unpin(a: Arena, announcementId: string) {
  return send(t, moderationCalls.unpinAnnouncement, { authorization: a.owner.authorization, params: { id: a.event.id, announcementId } });
}

const poster = (who: Registered) => ({ id: who.id, name: who.name, image: '' });

/** Every answer that carries the event's chats, as raw bodies: none may hold a removed message's text. */
async function everyChatAnswer(a: Arena): Promise<LightMyRequestResponse[]> {
  const chip = await insertChip(t, a.event.id, a.ada.id);
  const newest = await t.db.selectFrom('chats').select('seq').where('event_id', '=', a.event.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
  return Promise.all([
    send(t, calls.eventToken, { params: { id: a.ada.tid } }),
    send(t, calls.eventToken, { params: { id: a.bob.tid } }),
    send(t, calls.chip, { params: { id: chip } }),
    send(t, calls.adminEvent, as(a)),
    send(t, historyCalls.chatHistory, { params: { id: a.cyd.tid }, query: { before: newest.seq + 1, event_id: a.event.id } }),
    send(t, historyCalls.adminChatHistory, { ...as(a), query: { before: newest.seq + 1 } }),
  ]);
}

describe('removeMessage', () => {
  it('removes a group message for everyone: every answer carries it removed with no text, and the log says who removed whose', async () => {
    const a = await arena(t);
    await storeGroupChat(t.db, a.event.id, poster(a.ada), 'Welcome everyone', t.clock.now());
    const bad = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'OFFENSIVE-TEXT-1', t.clock.now());
    const before = (await liveOf(t, a.event.id)).version;

    expect(dataOf(moderationCalls.removeMessage, await remove(a, bad.id))).toEqual({ event_id: a.event.id });

    const diff = await liveOf(t, a.event.id, before);
    expect(diff.chats).toEqual([expect.objectContaining({ id: bad.id, removed: true, message: '', seq: before + 1 })]);
    const full = await liveOf(t, a.event.id);
    expect(full.chats.map((c) => [c.message, c.removed ?? false])).toEqual([
      ['Welcome everyone', false],
      ['', true],
    ]);
    for (const res of await everyChatAnswer(a)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Welcome everyone');
      expect(res.body).not.toContain('OFFENSIVE-TEXT-1');
    }
    expect(JSON.stringify(full)).not.toContain('OFFENSIVE-TEXT-1');

    const { log } = await moderation(a);
    expect(log).toEqual([
      expect.objectContaining({ action: 'remove_message', actor_id: a.owner.id, actor_name: 'Olu Organiser', target_attendee_id: a.bob.id, target_name: 'Bob Marley', message_id: bad.id }),
    ]);
    // Removing it again changes nothing and logs nothing.
    expect((await remove(a, bad.id)).statusCode).toBe(200);
    expect((await moderation(a)).log).toHaveLength(1);
  });

  it('removes a private message only once it was reported; both parties then see it removed', async () => {
    const a = await arena(t);
    const dm = dataOf(calls.privateChat, await privatePost(t, a.event, a.bob, a.ada.id, 'PRIVATE-INSULT-2'));
    const unreported = await remove(a, dm.id, 'private');
    expect(unreported.statusCode).toBe(404);
    expect(refusalOf(unreported).message).toBe(safetyMessages.messageNotFound);

    await report(a, a.ada, dm.id, 'private');
    expect((await remove(a, dm.id, 'private')).statusCode).toBe(200);
    for (const who of [a.ada, a.bob]) {
      const res = await send(t, calls.eventToken, { params: { id: who.tid } });
      expect(res.body).not.toContain('PRIVATE-INSULT-2');
      expect(dataOf(calls.eventToken, res).attendee.private_chats).toEqual([expect.objectContaining({ id: dm.id, removed: true, message: '' })]);
    }
    const live = await liveOf(t, a.event.id);
    expect(live.private_chats).toEqual([expect.objectContaining({ id: dm.id, removed: true, message: '' })]);
    // The report keeps its copy for the organiser, now resolved.
    expect(live.reports).toEqual([expect.objectContaining({ message_id: dm.id, reported_text: 'PRIVATE-INSULT-2', status: 'resolved' })]);
  });

  it('answers 404 for an unknown message or one of another event, and 400 for a bad room', async () => {
    const a = await arena(t);
    const other = await arena(t);
    const elsewhere = await storeGroupChat(t.db, other.event.id, poster(other.ada), 'Elsewhere', t.clock.now());
    for (const id of ['no-such-message', elsewhere.id]) expect((await remove(a, id)).statusCode).toBe(404);
    const bad = await sendUnchecked(t, moderationCalls.removeMessage, { ...as(a), body: { message_id: elsewhere.id, room: 'everywhere' } });
    expect(bad.statusCode).toBe(400);
    expect(refusalOf(bad).errors?.map((e) => e.field)).toEqual(['room']);
    expect((await liveOf(t, other.event.id)).chats).toEqual([expect.objectContaining({ message: 'Elsewhere' })]);
  });
});

describe('muteAttendee', () => {
  it("mutes for some minutes or for good and lifts it; the organiser's attendees, the moderation page and the live state carry it", async () => {
    const a = await arena(t);
    const now = t.clock.now();
    const until = new Date(now.getTime() + 60 * 60_000);
    expect(dataOf(moderationCalls.muteAttendee, await send(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.ada.id, mute: 60 } }))).toEqual({
      event_id: a.event.id,
      attendee_id: a.ada.id,
      mute: { until: until.toISOString() },
    });
    dataOf(moderationCalls.muteAttendee, await send(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.bob.id, mute: 'forever' } }));

    const admin = dataOf(calls.adminEvent, await send(t, calls.adminEvent, as(a)));
    expect(admin.attendees.map((x) => [x.name, x.mute])).toEqual([
      ['Ada Lovelace', { until: until.toISOString() }],
      ['Bob Marley', { until: null }],
      ['Cyd Charisse', null],
    ]);
    expect((await liveOf(t, a.event.id)).attendees.find((x) => x.id === a.ada.id)).toMatchObject({ mute: { until: until.toISOString() } });
    // The attendee's own token page says so before they type.
    expect(dataOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: a.bob.tid } })).attendee.mute).toEqual({ until: null });
    const page = await moderation(a);
    expect(page.muted.map((m) => [m.name, m.mute])).toEqual([
      ['Ada Lovelace', { until: until.toISOString() }],
      ['Bob Marley', { until: null }],
    ]);

    expect(dataOf(moderationCalls.muteAttendee, await send(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.bob.id, mute: 'off' } })).mute).toBeNull();
    expect((await moderation(a)).log.map((l) => [l.action, l.target_name, l.details])).toEqual([
      ['unmute', 'Bob Marley', ''],
      ['mute', 'Bob Marley', 'for good'],
      ['mute', 'Ada Lovelace', `60 min, until ${hhmm(until)}`],
    ]);
  });

  it('refuses an attendee of another event (404) and a bad choice (400 with its message)', async () => {
    const a = await arena(t);
    const other = await arena(t);
    const stranger = await send(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: other.ada.id, mute: 5 } });
    expect(stranger.statusCode).toBe(404);
    expect(refusalOf(stranger).message).toBe(safetyMessages.attendeeNotFound);
    const words = await sendUnchecked(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.ada.id, mute: 'sometimes' } });
    expect(words.statusCode).toBe(400);
    expect(refusalOf(words).errors).toEqual([{ field: 'mute', message: safetyMessages.muteInvalid }]);
    // Minutes out of range are refused under the field too (with the contract's number messages).
    for (const mute of [0, 10_081, 2.5]) {
      const res = await sendUnchecked(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.ada.id, mute } });
      expect(res.statusCode).toBe(400);
      expect(refusalOf(res).errors?.map((e) => e.field)).toEqual(['mute']);
    }
    expect((await liveOf(t, other.event.id)).attendees.every((x) => x.mute === null)).toBe(true);
  });
});

describe('chatSettings', () => {
  it('closes, opens and slows the group chat, logging each change; the chip, the token page and adminEvent carry the settings', async () => {
    const a = await arena(t);
    const set = (body: { closed?: boolean; slow_mode_seconds?: number }) => send(t, moderationCalls.chatSettings, { ...as(a), body }).then((res) => dataOf(moderationCalls.chatSettings, res).chat);
    expect(await set({ closed: true, slow_mode_seconds: 30 })).toEqual({ closed: true, slow_mode_seconds: 30 });
    const chip = await insertChip(t, a.event.id);
    expect(dataOf(calls.chip, await send(t, calls.chip, { params: { id: chip } })).chat).toEqual({ closed: true, slow_mode_seconds: 30 });
    expect(dataOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: a.ada.tid } })).attendee.chat).toEqual({ closed: true, slow_mode_seconds: 30 });
    expect(dataOf(calls.adminEvent, await send(t, calls.adminEvent, as(a))).chat).toEqual({ closed: true, slow_mode_seconds: 30 });
    expect((await liveOf(t, a.event.id)).chat).toEqual({ closed: true, slow_mode_seconds: 30 });

    expect(await set({ closed: false })).toEqual({ closed: false, slow_mode_seconds: 30 });
    expect(await set({ closed: false })).toEqual({ closed: false, slow_mode_seconds: 30 });
    expect(await set({ slow_mode_seconds: 0 })).toEqual({ closed: false, slow_mode_seconds: 0 });
    const log = (await moderation(a)).log.map((l) => [l.action, l.details]);
    expect(log).toHaveLength(4);
    expect(log.slice(0, 2)).toEqual([
      ['slow_mode', 'off'],
      ['open_chat', ''],
    ]);
    expect(log.slice(2)).toEqual(expect.arrayContaining([['close_chat', ''], ['slow_mode', '30 s']]));
  });

  it('refuses a slow mode outside 0 to 3600 whole seconds (400 with its message)', async () => {
    const a = await arena(t);
    for (const slow of [-1, 3601, 1.5, '10']) {
      const res = await sendUnchecked(t, moderationCalls.chatSettings, { ...as(a), body: { slow_mode_seconds: slow } });
      expect(res.statusCode).toBe(400);
      expect(refusalOf(res).errors).toEqual([{ field: 'slow_mode_seconds', message: safetyMessages.slowModeInvalid }]);
    }
  });
});

describe('handleReport', () => {
  it('dismisses, resolves, or removes the reported message (resolving its other reports too)', async () => {
    const a = await arena(t);
    const one = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'first', t.clock.now());
    const two = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'REMOVE-ME-3', t.clock.now());
    const r1 = await report(a, a.ada, one.id);
    const r2 = await report(a, a.ada, two.id);
    const r3 = await report(a, a.cyd, two.id);

    const dismissed = dataOf(moderationCalls.handleReport, await handle(a, r1.report_id, 'dismiss')).report;
    expect(dismissed).toMatchObject({ id: r1.report_id, status: 'dismissed', handled_at: t.clock.now().toISOString() });
    expect(dataOf(moderationCalls.handleReport, await handle(a, r1.report_id, 'resolve')).report.status).toBe('resolved');

    expect(dataOf(moderationCalls.handleReport, await handle(a, r2.report_id, 'remove_message')).report).toMatchObject({ status: 'resolved', reported_text: 'REMOVE-ME-3' });
    const live = await liveOf(t, a.event.id);
    expect(live.chats.find((c) => c.id === two.id)).toMatchObject({ removed: true, message: '' });
    expect(live.reports.find((r) => r.id === r3.report_id)).toMatchObject({ status: 'resolved' });
    // The organiser's REST read (the fallback of the live page) carries the queue too.
    const admin = dataOf(calls.adminEvent, await send(t, calls.adminEvent, as(a)));
    expect(admin.reports?.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [r1.report_id, 'resolved'],
        [r2.report_id, 'resolved'],
        [r3.report_id, 'resolved'],
      ].sort(),
    );
    expect((await moderation(a)).log.map((l) => [l.action, l.message_id])).toEqual([
      ['remove_message', two.id],
      ['resolve_report', one.id],
      ['dismiss_report', one.id],
    ]);
  });

  it('answers 404 for an unknown report or one of another event, and 400 for a bad action', async () => {
    const a = await arena(t);
    const other = await arena(t);
    const theirs = await report(other, other.ada, (await storeGroupChat(t.db, other.event.id, poster(other.bob), 'x', t.clock.now())).id);
    for (const id of ['no-such-report', theirs.report_id]) {
      const res = await handle(a, id, 'dismiss');
      expect(res.statusCode).toBe(404);
      expect(refusalOf(res).message).toBe(safetyMessages.reportNotFound);
    }
    const bad = await sendUnchecked(t, moderationCalls.handleReport, { authorization: other.owner.authorization, params: { id: other.event.id, reportId: theirs.report_id }, body: { action: 'ban' } });
    expect(bad.statusCode).toBe(400);
    expect(refusalOf(bad).errors?.map((e) => e.field)).toEqual(['action']);
    expect((await liveOf(t, other.event.id)).reports).toEqual([expect.objectContaining({ status: 'open' })]);
  });
});

describe('pinned announcements', () => {
  it(`pins at most ${PINNED_ANNOUNCEMENTS_MAX} at once, newest first, everywhere the chat is read; unpinning frees a place`, async () => {
    const a = await arena(t);
    const pinned = [];
    for (const text of ['Doors at 6', 'Dinner at 8', 'Raffle at 9']) pinned.push(dataOf(moderationCalls.pinAnnouncement, await pin(a, text)).announcement);
    expect(pinned[0]).toMatchObject({ event_id: a.event.id, message: 'Doors at 6', pinned: true });
    const over = await pin(a, 'One too many');
    expect(over.statusCode).toBe(400);
    expect(refusalOf(over).message).toBe(safetyMessages.tooManyPinned);

    const newestFirst = ['Raffle at 9', 'Dinner at 8', 'Doors at 6'];
    const chip = await insertChip(t, a.event.id);
    expect(dataOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: a.ada.tid } })).attendee.announcements?.map((x) => x.message)).toEqual(newestFirst);
    expect(dataOf(calls.chip, await send(t, calls.chip, { params: { id: chip } })).announcements?.map((x) => x.message)).toEqual(newestFirst);
    expect(dataOf(calls.adminEvent, await send(t, calls.adminEvent, as(a))).announcements?.map((x) => x.message)).toEqual(newestFirst);
    expect((await moderation(a)).announcements.map((x) => x.message)).toEqual(newestFirst);

    const before = (await liveOf(t, a.event.id)).version;
    expect(dataOf(moderationCalls.unpinAnnouncement, await unpin(a, pinned[1]!.id))).toEqual({ event_id: a.event.id });
    expect((await liveOf(t, a.event.id, before)).announcements).toEqual([expect.objectContaining({ id: pinned[1]!.id, pinned: false })]);
    expect((await liveOf(t, a.event.id)).announcements.map((x) => x.message)).toEqual(['Raffle at 9', 'Doors at 6']);
    expect((await pin(a, 'Now there is room')).statusCode).toBe(200);
    expect((await moderation(a)).log.slice(0, 2).map((l) => [l.action, l.details])).toEqual([
      ['pin', 'Now there is room'],
      ['unpin', 'Dinner at 8'],
    ]);
  });

  it('refuses an empty or too long announcement (400 with its message) and an unknown one to unpin (404)', async () => {
    const a = await arena(t);
    expect(refusalOf(await pin(a, '   ')).errors).toEqual([{ field: 'message', message: safetyMessages.announcementEmpty }]);
    expect(refusalOf(await pin(a, 'x'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1))).errors).toEqual([{ field: 'message', message: safetyMessages.announcementTooLong }]);
    const unknown = await unpin(a, 'no-such-announcement');
    expect(unknown.statusCode).toBe(404);
    expect(refusalOf(unknown).message).toBe(safetyMessages.announcementNotFound);
    expect((await moderation(a)).announcements).toEqual([]);
  });
});

describe('who may moderate', () => {
  it("answers every moderation call of another organiser with the event's 404 and without a session 401, changing nothing", async () => {
    const a = await arena(t);
    const stranger = await createUser(t);
    const message = await storeGroupChat(t.db, a.event.id, poster(a.bob), 'Still here', t.clock.now());
    const theirs = await report(a, a.ada, message.id);
    const announcement = dataOf(moderationCalls.pinAnnouncement, await pin(a, 'Pinned')).announcement;
    const params = { id: a.event.id };
    for (const authorization of [stranger.authorization, undefined]) {
      const who = authorization ? { authorization } : {};
      const answers = await Promise.all([
        send(t, moderationCalls.moderation, { ...who, params }),
        send(t, moderationCalls.removeMessage, { ...who, params, body: { message_id: message.id, room: 'group' } }),
        send(t, moderationCalls.muteAttendee, { ...who, params, body: { attendee_id: a.bob.id, mute: 'forever' } }),
        send(t, moderationCalls.chatSettings, { ...who, params, body: { closed: true } }),
        send(t, moderationCalls.handleReport, { ...who, params: { ...params, reportId: theirs.report_id }, body: { action: 'dismiss' } }),
        send(t, moderationCalls.pinAnnouncement, { ...who, params, body: { message: 'Hijacked' } }),
        send(t, moderationCalls.unpinAnnouncement, { ...who, params: { ...params, announcementId: announcement.id } }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(authorization ? 404 : 401);
        expect(res.body).not.toContain('Still here');
      }
    }
    const page = await moderation(a);
    expect(page).toMatchObject({ chat: { closed: false, slow_mode_seconds: 0 }, muted: [], announcements: [expect.objectContaining({ message: 'Pinned' })] });
    expect(page.reports).toEqual([expect.objectContaining({ status: 'open' })]);
    expect(page.log.map((l) => l.action)).toEqual(['pin']);
  });
});

describe('the live diff of safety and moderation', () => {
  it('carries each change exactly once, in the poll after it, and nothing after', async () => {
    const a = await arena(t);
    await storeGroupChat(t.db, a.event.id, poster(a.cyd), 'Opening', t.clock.now());
    let version = (await liveOf(t, a.event.id)).version;
    const next = async (): Promise<LiveState> => {
      const diff = await liveOf(t, a.event.id, version);
      expect(diff.full).toBe(false);
      expect(diff.version).toBe(version + 1);
      version = diff.version;
      return diff;
    };
    const changed = (diff: LiveState) => ({
      chats: diff.chats.length,
      private_chats: diff.private_chats.length,
      attendees: diff.attendees.length,
      announcements: diff.announcements.length,
      blocks: diff.blocks.length,
      reports: diff.reports.length,
    });
    const only = (key: keyof ReturnType<typeof changed>) => ({ chats: 0, private_chats: 0, attendees: 0, announcements: 0, blocks: 0, reports: 0, [key]: 1 });

    const post = dataOf(calls.chat, await groupPost(t, a.event, a.bob, 'Rude words'));
    expect(changed(await next())).toEqual(only('chats'));
    const rep = await report(a, a.ada, post.id);
    const reported = await next();
    expect(changed(reported)).toEqual(only('reports'));
    expect(reported.reports[0]).toMatchObject({ id: rep.report_id, status: 'open' });
    dataOf(moderationCalls.handleReport, await handle(a, rep.report_id, 'remove_message'));
    const removed = await next();
    expect(removed.chats).toEqual([expect.objectContaining({ id: post.id, removed: true, message: '' })]);
    expect(removed.reports).toEqual([expect.objectContaining({ id: rep.report_id, status: 'resolved' })]);
    dataOf(moderationCalls.muteAttendee, await send(t, moderationCalls.muteAttendee, { ...as(a), body: { attendee_id: a.bob.id, mute: 5 } }));
    const muted = await next();
    expect(changed(muted)).toEqual(only('attendees'));
    expect(muted.attendees[0]).toMatchObject({ id: a.bob.id, mute: { until: expect.any(String) } });
    dataOf(arenaSafetyCalls.blockAttendee, await send(t, arenaSafetyCalls.blockAttendee, { params: { id: a.ada.tid }, body: { event_id: a.event.id, attendee_id: a.bob.id, blocked: true } }));
    expect((await next()).blocks).toEqual([{ blocker_id: a.ada.id, blocked_id: a.bob.id, active: true }]);
    dataOf(arenaSafetyCalls.arenaSettings, await send(t, arenaSafetyCalls.arenaSettings, { params: { id: a.cyd.tid }, body: { event_id: a.event.id, hidden: true } }));
    const hidden = await next();
    expect(changed(hidden)).toEqual(only('attendees'));
    expect(hidden.attendees[0]).toMatchObject({ id: a.cyd.id, hidden: true });
    const announcement = dataOf(moderationCalls.pinAnnouncement, await pin(a, 'Be kind')).announcement;
    expect((await next()).announcements).toEqual([expect.objectContaining({ id: announcement.id, pinned: true })]);
    dataOf(moderationCalls.chatSettings, await send(t, moderationCalls.chatSettings, { ...as(a), body: { closed: true } }));
    const closed = await next();
    expect(changed(closed)).toEqual({ chats: 0, private_chats: 0, attendees: 0, announcements: 0, blocks: 0, reports: 0 });
    expect(closed.chat).toEqual({ closed: true, slow_mode_seconds: 0 });

    const quiet = await liveOf(t, a.event.id, version);
    expect(quiet).toMatchObject({ full: false, version, chats: [], private_chats: [], attendees: [], announcements: [], blocks: [], reports: [] });
  });
});
