import { LIMITS } from '@tapcard/shared/constants';
import { arenaSafetyCalls, calls, type Event, moderationCalls } from '@tapcard/shared/contract';
import { adminIdOf } from '@tapcard/shared/domain';
import { safetyMessages, type MuteChoice } from '@tapcard/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arena, dataOf, groupPost, hhmm, privatePost, refusalOf, type Arena } from '../test/arena.js';
import { send } from '../test/contract.js';
import { createStillClockUpstream, type TestUpstream } from '../test/harness.js';
import type { Registered } from '../test/events.js';

let t: TestUpstream;
beforeAll(async () => {
  t = await createStillClockUpstream();
});
afterAll(async () => {
  await t.close();
});

function setChat(a: Arena, body: { closed?: boolean; slow_mode_seconds?: number }) {
  return send(t, moderationCalls.chatSettings, { authorization: a.owner.authorization, params: { id: a.event.id }, body }).then((res) => dataOf(moderationCalls.chatSettings, res));
}

function mute(a: Arena, who: Registered, choice: MuteChoice) {
  return send(t, moderationCalls.muteAttendee, { authorization: a.owner.authorization, params: { id: a.event.id }, body: { attendee_id: who.id, mute: choice } }).then((res) =>
    dataOf(moderationCalls.muteAttendee, res),
  );
}

function adminPost(a: Arena, message: string) {
  return send(t, calls.adminChat, { authorization: a.owner.authorization, params: { id: a.event.id }, body: { event_id: a.event.id, attendee_id: adminIdOf(a.owner.id), message } });
}

async function storedBy(event: Event, who: Registered): Promise<string[]> {
  const [group, direct] = await Promise.all([
    t.db.selectFrom('chats').select('message').where('event_id', '=', event.id).where('attendee_id', '=', who.id).execute(),
    t.db.selectFrom('private_chats').select('message').where('event_id', '=', event.id).where('attendee_id_1', '=', who.id).execute(),
  ]);
  return [...group, ...direct].map((r) => r.message);
}

function block(a: Arena, who: Registered, other: Registered, blocked: boolean) {
  return send(t, arenaSafetyCalls.blockAttendee, { params: { id: who.tid }, body: { event_id: a.event.id, attendee_id: other.id, blocked } });
}

function settings(a: Arena, who: Registered, body: { dm_policy?: 'anyone' | 'replied' | 'nobody'; hidden?: boolean }) {
  return send(t, arenaSafetyCalls.arenaSettings, { params: { id: who.tid }, body: { event_id: a.event.id, ...body } });
}

describe('a closed group chat', () => {
  it("refuses attendees' group posts (403 chat_closed) while private chats and the organiser go on; opening it again lets them post", async () => {
    const a = await arena(t);
    expect(await setChat(a, { closed: true })).toEqual({ event_id: a.event.id, chat: { closed: true, slow_mode_seconds: 0 } });

    const res = await groupPost(t, a.event, a.ada, 'hello?');
    expect(res.statusCode).toBe(403);
    expect(refusalOf(res)).toEqual({ success: 'false', message: safetyMessages.chatClosed, data: null, code: 'chat_closed' });
    expect((await privatePost(t, a.event, a.ada, a.bob.id, 'psst')).statusCode).toBe(200);
    expect((await adminPost(a, 'We will reopen at noon')).statusCode).toBe(200);

    await setChat(a, { closed: false });
    expect((await groupPost(t, a.event, a.ada, 'back again')).statusCode).toBe(200);
    expect(await storedBy(a.event, a.ada)).toEqual(expect.arrayContaining(['psst', 'back again']));
    expect(await storedBy(a.event, a.ada)).not.toContain('hello?');
  });
});

describe('a muted attendee', () => {
  it('is refused in the group and privately to attendees with the time it ends, may still write to the organiser, and posts again once it ends', async () => {
    const a = await arena(t);
    const now = t.clock.now();
    const { mute: given } = await mute(a, a.ada, 15);
    const until = new Date(now.getTime() + 15 * 60_000);
    expect(given).toEqual({ until: until.toISOString() });

    for (const res of [await groupPost(t, a.event, a.ada, 'group'), await privatePost(t, a.event, a.ada, a.bob.id, 'private')]) {
      expect(res.statusCode).toBe(403);
      // The server words it in its own clock; the web words it again from code and retry_at in the browser's.
      expect(refusalOf(res)).toMatchObject({ code: 'muted', retry_at: until.toISOString(), message: `You are muted until ${hhmm(until)}` });
    }
    expect((await privatePost(t, a.event, a.ada, adminIdOf(a.owner.id), 'Why was I muted?')).statusCode).toBe(200);
    expect((await groupPost(t, a.event, a.bob, 'Bob is not muted')).statusCode).toBe(200);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await groupPost(t, a.event, a.ada, 'free again')).statusCode).toBe(200);
    expect(await storedBy(a.event, a.ada)).toEqual(['free again', 'Why was I muted?']);
  });

  it('muted for good has no retry_at; unmuting lets them post at once', async () => {
    const a = await arena(t);
    expect((await mute(a, a.ada, 'forever')).mute).toEqual({ until: null });
    const res = await groupPost(t, a.event, a.ada, 'hello');
    expect(res.statusCode).toBe(403);
    const refusal = refusalOf(res);
    expect(refusal).toMatchObject({ code: 'muted', message: safetyMessages.mutedForGood });
    expect(refusal).not.toHaveProperty('retry_at');

    expect((await mute(a, a.ada, 'off')).mute).toBeNull();
    expect((await groupPost(t, a.event, a.ada, 'hello')).statusCode).toBe(200);
  });
});

describe('slow mode', () => {
  it('refuses a second group post within the wait (429 slow_mode, retry_at the previous post + N s) and accepts it after', async () => {
    const a = await arena(t);
    await setChat(a, { slow_mode_seconds: 10 });
    const first = t.clock.now();
    expect((await groupPost(t, a.event, a.ada, 'one')).statusCode).toBe(200);

    t.clock.advance(3000);
    const res = await groupPost(t, a.event, a.ada, 'two');
    expect(res.statusCode).toBe(429);
    expect(refusalOf(res)).toMatchObject({ code: 'slow_mode', retry_at: new Date(first.getTime() + 10_000).toISOString(), message: 'Slow mode: wait 7 s' });
    // Another attendee has a wait of their own; private chats are not slowed.
    expect((await groupPost(t, a.event, a.bob, 'bob one')).statusCode).toBe(200);
    expect((await privatePost(t, a.event, a.ada, a.bob.id, 'private')).statusCode).toBe(200);

    t.clock.advance(7000);
    expect((await groupPost(t, a.event, a.ada, 'two')).statusCode).toBe(200);
    expect(await storedBy(a.event, a.ada)).toEqual(expect.arrayContaining(['one', 'two', 'private']));
  });

  it('stores exactly one of 50 parallel group posts; the other 49 are refused slow_mode', async () => {
    const a = await arena(t);
    await setChat(a, { slow_mode_seconds: 30 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => groupPost(t, a.event, a.ada, `burst ${i}`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(49);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(refusalOf(res)).toMatchObject({ code: 'slow_mode', message: 'Slow mode: wait 30 s' });
    }
    expect(await storedBy(a.event, a.ada)).toHaveLength(1);
  });

  it("never slows, closes or mutes the organiser's own posts", async () => {
    const a = await arena(t);
    await setChat(a, { closed: true, slow_mode_seconds: 300 });
    for (const message of ['one', 'two', 'three']) expect((await adminPost(a, message)).statusCode).toBe(200);
    const admin = await send(t, calls.adminPrivateChat, {
      authorization: a.owner.authorization,
      params: { id: a.event.id },
      body: { event_id: a.event.id, attendee_id_1: adminIdOf(a.owner.id), attendee_id_2: a.ada.id, message: 'hi Ada' },
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('the post rate', () => {
  it(`stores exactly ${LIMITS.chatPosts.max} of 50 parallel group and private posts; the rest are 429 too_fast until the window ends`, async () => {
    const a = await arena(t);
    const start = t.clock.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? groupPost(t, a.event, a.ada, `group ${i}`) : privatePost(t, a.event, a.ada, a.bob.id, `private ${i}`))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.chatPosts.max);
    const windowEnd = new Date(start.getTime() + LIMITS.chatPosts.windowMs).toISOString();
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(429);
      expect(refusalOf(res)).toMatchObject({ code: 'too_fast', retry_at: windowEnd, message: safetyMessages.tooFast(LIMITS.chatPosts.windowMs / 1000) });
    }
    expect(await storedBy(a.event, a.ada)).toHaveLength(LIMITS.chatPosts.max);
    // Others post on; Ada again once the window has ended.
    expect((await groupPost(t, a.event, a.bob, 'bob')).statusCode).toBe(200);
    t.clock.advance(LIMITS.chatPosts.windowMs);
    expect((await groupPost(t, a.event, a.ada, 'later')).statusCode).toBe(200);
  });
});

describe('blocks and who may write', () => {
  it('refuses private posts both ways after a block (the blocker: you_blocked; the blocked: the DM-policy words), until it is lifted', async () => {
    const a = await arena(t);
    expect(dataOf(arenaSafetyCalls.blockAttendee, await block(a, a.ada, a.bob, true))).toEqual({ event_id: a.event.id, blocked: [a.bob.id] });

    const mine = await privatePost(t, a.event, a.ada, a.bob.id, 'from Ada');
    expect(mine.statusCode).toBe(403);
    expect(refusalOf(mine)).toEqual({ success: 'false', data: null, code: 'you_blocked', message: safetyMessages.youBlocked });
    const theirs = await privatePost(t, a.event, a.bob, a.ada.id, 'from Bob');
    expect(theirs.statusCode).toBe(403);
    expect(refusalOf(theirs)).toEqual({ success: 'false', data: null, code: 'not_accepting', message: safetyMessages.notAcceptingPrivate });
    // The group chat is not refused: Bob's group messages are hidden on Ada's screens only.
    expect((await groupPost(t, a.event, a.bob, 'group from Bob')).statusCode).toBe(200);
    expect((await privatePost(t, a.event, a.cyd, a.ada.id, 'from Cyd')).statusCode).toBe(200);

    expect(dataOf(arenaSafetyCalls.blockAttendee, await block(a, a.ada, a.bob, false))).toEqual({ event_id: a.event.id, blocked: [] });
    expect((await privatePost(t, a.event, a.bob, a.ada.id, 'from Bob again')).statusCode).toBe(200);
    expect((await privatePost(t, a.event, a.ada, a.bob.id, 'from Ada again')).statusCode).toBe(200);
  });

  it("applies the recipient's choice: nobody refuses; replied lets in only those they wrote to; the organiser always writes", async () => {
    const a = await arena(t);
    expect(dataOf(arenaSafetyCalls.arenaSettings, await settings(a, a.ada, { dm_policy: 'nobody' }))).toEqual({ event_id: a.event.id, dm_policy: 'nobody', hidden: false });
    const nobody = await privatePost(t, a.event, a.bob, a.ada.id, 'hi');
    expect(nobody.statusCode).toBe(403);
    expect(refusalOf(nobody)).toMatchObject({ code: 'not_accepting', message: safetyMessages.notAcceptingPrivate });

    await settings(a, a.ada, { dm_policy: 'replied' });
    expect((await privatePost(t, a.event, a.bob, a.ada.id, 'hi')).statusCode).toBe(403);
    expect((await privatePost(t, a.event, a.ada, a.bob.id, 'Hi Bob, Ada here')).statusCode).toBe(200);
    expect((await privatePost(t, a.event, a.bob, a.ada.id, 'Hi Ada')).statusCode).toBe(200);
    expect(refusalOf(await privatePost(t, a.event, a.cyd, a.ada.id, 'hi'))).toMatchObject({ code: 'not_accepting' });

    const organiser = await send(t, calls.adminPrivateChat, {
      authorization: a.owner.authorization,
      params: { id: a.event.id },
      body: { event_id: a.event.id, attendee_id_1: adminIdOf(a.owner.id), attendee_id_2: a.ada.id, message: 'From the organiser' },
    });
    expect(organiser.statusCode).toBe(200);

    await settings(a, a.ada, { dm_policy: 'anyone' });
    expect((await privatePost(t, a.event, a.cyd, a.ada.id, 'hi')).statusCode).toBe(200);
  });

  it('refuses a recipient outside the event as before (400 under attendee_id_2)', async () => {
    const a = await arena(t);
    const other = await arena(t);
    const res = await privatePost(t, a.event, a.ada, other.bob.id, 'hi');
    expect(res.statusCode).toBe(400);
    expect(refusalOf(res).errors?.map((e) => e.field)).toEqual(['attendee_id_2']);
  });
});
