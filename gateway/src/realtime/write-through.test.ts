import { updateSchema } from '@tapcard/shared/realtime';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trackedSubscriber } from '../test/client.js';
import type { TrackedClient } from '../test/client.js';
import { startGatewayCluster } from '../test/cluster.js';
import type { GatewayCluster } from '../test/cluster.js';
import type { TestGateway } from '../test/gateway.js';
import { sharedRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * Write-through across two instances on one Redis: a chat write's answer is emitted by the lease
 * holder at once when it is the event's next change, exactly once and in order; otherwise (a change
 * in between, an answer without the message) the poll delivers it. Polls are a minute apart here (the
 * most the configuration allows), so anything delivered within the waits below, generous for a busy
 * machine, came from the write or a poll it woke.
 */

/** How long something that must happen may take on a loaded machine. */
const MUST_HAPPEN_MS = 15_000;

const redis = await sharedRedis();
const prefix = uniquePrefix();

interface Receiver {
  client: TrackedClient;
  /** Group message ids in the order their 'event' updates arrived, with their seqs. */
  received: { id: string; seq: number }[];
}

describe.skipIf(!redis)('chat write-through across instances', () => {
  const redisUrl = redis?.url ?? '';
  let cluster: GatewayCluster;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    cluster = await startGatewayCluster('wt', { url: redisUrl, prefix }, { POLL_INTERVAL_MS: '60000' });
  });
  afterAll(async () => {
    for (const r of receivers) r.client.socket.close();
    await cluster.close();
    await redis?.stop();
  });

  /** `count` subscribers of the event, spread over both instances, recording every group message an 'event' update brings. */
  async function receiversOf(eventId: string, count: number): Promise<Receiver[]> {
    const made: Receiver[] = [];
    // Registered before anyone subscribes, so the first poll reads them all and a later change is a written message.
    const attendees = Array.from({ length: count }, (_, i) => cluster.upstream.addAttendee(eventId, `Watcher ${i}`));
    for (const [i, attendee] of attendees.entries()) {
      const client = await trackedSubscriber((i % 2 === 0 ? cluster.a : cluster.b).url, { kind: 'arena', tid: attendee.tid });
      const receiver: Receiver = { client, received: [] };
      client.socket.on('update', (raw: unknown) => {
        const update = updateSchema.parse(raw);
        if (update.scope === 'event') for (const m of update.chats ?? []) receiver.received.push({ id: m.id, seq: m.seq });
      });
      made.push(receiver);
    }
    receivers.push(...made);
    return made;
  }

  async function post(through: TestGateway, tid: string, eventId: string, attendeeId: string, message: string): Promise<string> {
    const res = await fetch(`${through.url}/api/event/public/api/create-chat/${tid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: eventId, attendee_id: attendeeId, message }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  }

  const holderOf = async (eventId: string) => {
    const { Redis } = await import('ioredis');
    const inspector = new Redis(redisUrl);
    try {
      return await inspector.get(`${prefix}lease:${eventId}`);
    } finally {
      inspector.disconnect();
    }
  };

  test('50 messages posted in parallel through both instances reach every client exactly once, in order', async () => {
    const { eventId } = cluster.upstream.addEvent();
    const writers = Array.from({ length: 5 }, (_, i) => cluster.upstream.addAttendee(eventId, `Writer ${i}`));
    const watching = await receiversOf(eventId, 8);

    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const writer = writers[i % writers.length];
        if (!writer) throw new Error('writer');
        return post(i % 2 === 0 ? cluster.a : cluster.b, writer.tid, eventId, writer.id, `message ${i}`);
      }),
    );

    await waitFor(() => watching.every((r) => ids.every((id) => r.client.chatIds.has(id))), MUST_HAPPEN_MS);
    for (const r of watching) {
      const mine = r.received.filter((m) => ids.includes(m.id));
      expect(mine.map((m) => m.id).sort()).toEqual([...ids].sort());
      const seqs = mine.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(r.client.resyncs).toBe(0);
    }
  });

  test('a message that is the next change is emitted from its answer: every client has it, and the upstream was not polled for it', async () => {
    const { eventId } = cluster.upstream.addEvent();
    const writer = cluster.upstream.addAttendee(eventId, 'Writer');
    const watching = await receiversOf(eventId, 4);
    // The first poll has read the event (the subscriptions waited for it); the next is a minute away.
    const polls = cluster.upstream.pollCount(eventId);
    for (const through of [cluster.a, cluster.b]) {
      const id = await post(through, writer.tid, eventId, writer.id, `through ${through.url}`);
      await Promise.all(watching.map((r) => r.client.waitForChat(id, MUST_HAPPEN_MS)));
    }
    expect(cluster.upstream.pollCount(eventId)).toBe(polls);
  });

  test('a message after a change no write announced waits for the poll it wakes, which brings both in order', async () => {
    const { eventId } = cluster.upstream.addEvent();
    const writer = cluster.upstream.addAttendee(eventId, 'Writer');
    const watching = await receiversOf(eventId, 4);
    const polls = cluster.upstream.pollCount(eventId);
    // Stored straight in the upstream: no gateway heard of it, so the next written message does not follow the state.
    const unannounced = cluster.upstream.postChat(eventId, writer.id, 'not through a gateway');
    const id = await post(cluster.b, writer.tid, eventId, writer.id, 'after it');
    await waitFor(() => watching.every((r) => r.client.chatIds.has(id) && r.client.chatIds.has(unannounced.id)), MUST_HAPPEN_MS);
    expect(cluster.upstream.pollCount(eventId)).toBeGreaterThan(polls);
    for (const r of watching) {
      expect(r.received.map((m) => m.id)).toEqual([unannounced.id, id]);
      expect(r.client.resyncs).toBe(0);
    }
  });

  test('an upstream whose chat answers carry no stored message still delivers through the poll the write wakes', async () => {
    const { eventId } = cluster.upstream.addEvent();
    const writer = cluster.upstream.addAttendee(eventId, 'Writer');
    const watching = await receiversOf(eventId, 4);
    const polls = cluster.upstream.pollCount(eventId);
    cluster.upstream.bareChatAnswers = true;
    try {
      const id = await post(cluster.a, writer.tid, eventId, writer.id, 'no message in the answer');
      await Promise.all(watching.map((r) => r.client.waitForChat(id, MUST_HAPPEN_MS)));
      expect(cluster.upstream.pollCount(eventId)).toBeGreaterThan(polls);
      for (const r of watching) expect(r.received.map((m) => m.id)).toEqual([id]);
    } finally {
      cluster.upstream.bareChatAnswers = false;
    }
  });

  test('the lease moves in the middle of the chat (every subscriber of the holder leaves, then others subscribe there again): every client gets every message, in order', async () => {
    const { eventId } = cluster.upstream.addEvent();
    const writers = Array.from({ length: 3 }, (_, i) => cluster.upstream.addAttendee(eventId, `Writer ${i}`));
    // Even indexes on a, odd on b.
    const watching = await receiversOf(eventId, 6);
    const holderId = await holderOf(eventId);
    const [holder, other, otherId] = holderId === 'wt-a' ? [cluster.a, cluster.b, 'wt-b'] : [cluster.b, cluster.a, 'wt-a'];
    const onHolder = (i: number) => (i % 2 === 0) === (holder === cluster.a);
    const leaving = watching.filter((_, i) => onHolder(i));
    const staying = watching.filter((_, i) => !onHolder(i));

    const ids: string[] = [];
    let sent = 0;
    const postSome = async (count: number) => {
      for (let i = 0; i < count; i += 1, sent += 1) {
        const writer = writers[sent % writers.length];
        if (!writer) throw new Error('writer');
        ids.push(await post(sent % 2 === 0 ? cluster.a : cluster.b, writer.tid, eventId, writer.id, `message ${sent}`));
      }
    };
    await postSome(10);
    // Written messages reach the holder while its last subscribers leave and it gives the lease back.
    for (const r of leaving) r.client.socket.close();
    await postSome(10);
    await waitFor(async () => (await holderOf(eventId)) === otherId, MUST_HAPPEN_MS);
    // Subscribed again where the lease was, while messages keep coming through both instances.
    const back: Receiver[] = [];
    const subscribing = (async () => {
      for (let i = 0; i < 3; i += 1) {
        const attendee = cluster.upstream.addAttendee(eventId, `Back ${i}`);
        const client = await trackedSubscriber(holder.url, { kind: 'arena', tid: attendee.tid });
        const receiver: Receiver = { client, received: [] };
        client.socket.on('update', (raw: unknown) => {
          const update = updateSchema.parse(raw);
          if (update.scope === 'event') for (const m of update.chats ?? []) receiver.received.push({ id: m.id, seq: m.seq });
        });
        back.push(receiver);
      }
    })();
    await Promise.all([subscribing, postSome(10)]);
    receivers.push(...back);
    await postSome(10);
    expect(ids).toHaveLength(40);
    expect(other.url).not.toBe(holder.url);

    const clients = [...staying, ...back];
    await waitFor(() => clients.every((r) => ids.every((id) => r.client.chatIds.has(id))), MUST_HAPPEN_MS);
    for (const r of clients) {
      // An update may repeat one already held (the old holder's last emit crossing the new one's first), never go back.
      const firsts = r.received.filter((m, i) => r.received.findIndex((n) => n.id === m.id) === i).map((m) => m.seq);
      expect(firsts).toEqual([...firsts].sort((x, y) => x - y));
    }
  });
});
