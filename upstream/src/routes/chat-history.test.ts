import { CHAT_HISTORY_PAGE_SIZE } from '@tapcard/shared/constants';
import { historyCalls, type ChatMessage } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { storeGroupChat } from '../repositories/chats.js';
import { answerOf, send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { createEvent, insertAttendee, type Registered } from '../test/events.js';
import type { Event } from '@tapcard/shared/contract';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

async function eventWithMessages(count: number) {
  const owner = await createUser(t);
  const event = await createEvent(t, owner.authorization);
  const ada = await insertAttendee(t, event, 'Ada Lovelace');
  for (let i = 1; i <= count; i += 1) await storeGroupChat(t.db, event.id, { id: ada.id, name: ada.name, image: '' }, `message ${i}`, t.clock.now());
  return { owner, event, ada };
}

type Page = { chats: ChatMessage[]; has_more: boolean };

function pageOf(res: Awaited<ReturnType<typeof send>>, call: typeof historyCalls.chatHistory | typeof historyCalls.adminChatHistory): Page {
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(call, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

/** Reads every page back from the newest message's seq + 1, as a reader scrolling up would. */
async function readAll(read: (before: number) => Promise<Page>, start: number): Promise<{ messages: string[]; pages: number }> {
  const messages: string[] = [];
  let before = start;
  let pages = 0;
  for (;;) {
    const page = await read(before);
    pages += 1;
    expect(page.chats.length).toBeLessThanOrEqual(CHAT_HISTORY_PAGE_SIZE);
    messages.unshift(...page.chats.map((c) => c.message));
    if (!page.has_more) return { messages, pages };
    before = page.chats[0]!.seq;
  }
}

async function newestSeq(event: Event): Promise<number> {
  const row = await t.db.selectFrom('chats').select('seq').where('event_id', '=', event.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
  return row.seq;
}

const arenaRead = (ada: Registered, event: Event) => async (before: number) =>
  pageOf(await send(t, historyCalls.chatHistory, { params: { id: ada.tid }, query: { before, event_id: event.id } }), historyCalls.chatHistory);

describe('chat history', () => {
  it('pages an attendee and the organiser through 260 messages: each once, in order, then the start', async () => {
    const { owner, event, ada } = await eventWithMessages(260);
    const all = Array.from({ length: 260 }, (_, i) => `message ${i + 1}`);
    const start = (await newestSeq(event)) + 1;

    const attendee = await readAll(arenaRead(ada, event), start);
    expect(attendee.messages).toEqual(all);
    expect(attendee.pages).toBe(Math.ceil(260 / CHAT_HISTORY_PAGE_SIZE));

    const organiser = await readAll(
      async (before) => pageOf(await send(t, historyCalls.adminChatHistory, { authorization: owner.authorization, params: { id: event.id }, query: { before } }), historyCalls.adminChatHistory),
      start,
    );
    expect(organiser.messages).toEqual(all);
  });

  it('answers a page just before the given seq, oldest first, and an empty last page at the start', async () => {
    const { event, ada } = await eventWithMessages(3);
    const read = arenaRead(ada, event);
    const newest = await newestSeq(event);
    const page = await read(newest);
    expect(page.chats.map((c) => c.message)).toEqual(['message 1', 'message 2']);
    expect(page.has_more).toBe(false);
    expect(await read(page.chats[0]!.seq)).toEqual({ event_id: event.id, chats: [], has_more: false });
  });

  it('refuses a stranger\'s token, another event\'s token, and another organiser', async () => {
    const { event, ada } = await eventWithMessages(2);
    const other = await eventWithMessages(1);
    const before = (await newestSeq(event)) + 1;
    const stranger = await send(t, historyCalls.chatHistory, { params: { id: 'not-a-real-access-token-0123456789' }, query: { before, event_id: event.id } });
    expect(stranger.statusCode).toBe(404);
    const otherToken = await send(t, historyCalls.chatHistory, { params: { id: other.ada.tid }, query: { before, event_id: event.id } });
    expect(otherToken.statusCode).toBe(403);
    expect(otherToken.body).not.toContain('message 1');
    const otherOrganiser = await send(t, historyCalls.adminChatHistory, { authorization: other.owner.authorization, params: { id: event.id }, query: { before } });
    expect(otherOrganiser.statusCode).toBe(404);
    const noBearer = await send(t, historyCalls.adminChatHistory, { params: { id: event.id }, query: { before } });
    expect(noBearer.statusCode).toBe(401);
    // The attendee's own token still reads.
    expect((await arenaRead(ada, event)(before)).chats).toHaveLength(2);
  });

  it.each(['0', '-3', '1.5', 'abc', ''])('refuses before=%j with 400 naming the field', async (before) => {
    const { owner, event, ada } = await eventWithMessages(1);
    for (const res of [
      await sendUnchecked(t, historyCalls.chatHistory, { params: { id: ada.tid }, query: { before, event_id: event.id } }),
      await sendUnchecked(t, historyCalls.adminChatHistory, { authorization: owner.authorization, params: { id: event.id }, query: { before } }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { success: string; errors?: { field: string }[] };
      expect(body.success).toBe('false');
      expect(body.errors?.map((e) => e.field)).toContain('before');
    }
  });
});
