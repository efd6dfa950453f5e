import { LIMITS } from '@tapcard/shared/constants';
import { calls, SERVICE_KEY_HEADER, type ChatMessage, serviceCalls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { createEvent, insertAttendee, type Registered } from '../test/events.js';
import { answerOf, send } from '../test/contract.js';
import { createUser, SERVICE_KEY, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { bumpEventSeq, inEventChange } from './event-sequence.js';
import { HttpError } from '../lib/http-error.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

async function seqOf(eventId: string): Promise<number> {
  return (await t.db.selectFrom('events').select('seq').where('id', '=', eventId).executeTakeFirstOrThrow()).seq;
}

describe('event seq', () => {
  it('bumps by one per change and gives the number back; a failed change gives nothing away', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const start = await seqOf(event.id);
    expect(await inEventChange(t.db, event.id, async (_trx, seq) => seq)).toBe(start + 1);
    await expect(
      inEventChange(t.db, event.id, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await seqOf(event.id)).toBe(start + 1);
    await expect(t.db.transaction().execute((trx) => bumpEventSeq(trx, 'no-such-event'))).rejects.toBeInstanceOf(HttpError);
  });

  it('keeps seqs unique and contiguous under concurrent chat posts, and since-reads see every message exactly once', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const POSTS = 200;
    // Each poster posts LIMITS.chatPosts.max times, within the rate every attendee is held to.
    const attendees: Registered[] = [];
    for (let i = 0; i < POSTS / LIMITS.chatPosts.max; i++) attendees.push(await insertAttendee(t, event, `Poster ${i}`));
    const first = await insertAttendee(t, event, 'Early bird');
    await send(t, calls.chat, { params: { id: first.tid }, body: { event_id: event.id, attendee_id: first.id, message: 'before the storm' } });

    // A poller, as the gateway runs it: one full read, then since-reads while the posts are in flight.
    const full = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { params: { id: event.id }, headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY } }));
    if (full.success !== 'true') throw new Error(full.message);
    expect(full.data.full).toBe(true);
    expect(full.data.chats.map((c) => c.message)).toEqual(['before the storm']);
    const v0 = full.data.version;
    expect(v0).toBeGreaterThan(0);
    const seen = new Map<string, number>();
    let since = v0;
    let polls = 0;
    const poll = async () => {
      const res = await send(t, serviceCalls.liveState, { params: { id: event.id }, query: { since }, headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY } });
      const answer = answerOf(serviceCalls.liveState, res);
      if (answer.success !== 'true') throw new Error(answer.message);
      expect(answer.data.full).toBe(false);
      expect(answer.data.version).toBeGreaterThanOrEqual(since);
      for (const chat of answer.data.chats) {
        expect(chat.seq).toBeGreaterThan(since);
        expect(chat.seq).toBeLessThanOrEqual(answer.data.version);
        seen.set(chat.id, (seen.get(chat.id) ?? 0) + 1);
      }
      since = answer.data.version;
      polls += 1;
    };
    let posting = true;
    const poller = (async () => {
      while (posting) {
        await poll();
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const results = await Promise.all(
      Array.from({ length: POSTS }, (_, i) => {
        const poster = attendees[i % attendees.length] as Registered;
        return send(t, calls.chat, { params: { id: poster.tid }, body: { event_id: event.id, attendee_id: poster.id, message: `message ${i}` } });
      }),
    );
    posting = false;
    await poller;
    await poll();

    const posted: ChatMessage[] = results.map((res) => {
      const answer = answerOf(calls.chat, res);
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data;
    });
    const seqs = posted.map((m) => m.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: POSTS }, (_, i) => v0 + 1 + i));
    expect(await seqOf(event.id)).toBe(v0 + POSTS);
    expect(since).toBe(v0 + POSTS);
    expect(polls).toBeGreaterThan(1);
    expect(seen.size).toBe(POSTS);
    for (const message of posted) expect(seen.get(message.id)).toBe(1);
  });
});
