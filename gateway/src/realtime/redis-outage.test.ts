import { afterAll, describe, expect, test } from 'vitest';
import { trackedSubscriber } from '../test/client.js';
import type { TrackedClient } from '../test/client.js';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';
import { ownRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { sleep, waitFor } from '@tapcard/testkit/wait';

/** Redis stops for 10 s under two instances (a server of this test's own, never the machine's). */

const redis = await ownRedis();

describe.skipIf(!redis)('Redis outage', () => {
  const gateways: TestGateway[] = [];
  const clients: TrackedClient[] = [];
  let upstream: FakeUpstream | undefined;

  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await Promise.all(gateways.map((g) => g.close()));
    await upstream?.close();
    await redis?.stop();
  });

  test('instances keep serving their own clients, then resume leases and fan-out; nothing is lost after resync', async () => {
    if (!redis) return;
    upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
    const fake = upstream;
    const env = { UPSTREAM_URL: fake.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniquePrefix() };
    const a = await startGateway({ ...env, INSTANCE_ID: 'outage-a' });
    const b = await startGateway({ ...env, INSTANCE_ID: 'outage-b' });
    gateways.push(a, b);
    const { eventId } = fake.addEvent();
    const ada = fake.addAttendee(eventId, 'Ada');
    const bo = fake.addAttendee(eventId, 'Bo');
    const onA = await trackedSubscriber(a.url, { kind: 'arena', tid: ada.tid });
    const onB = await trackedSubscriber(b.url, { kind: 'arena', tid: bo.tid });
    clients.push(onA, onB);

    const post = async (through: TestGateway, author: typeof ada, message: string) => {
      const res = await fetch(`${through.url}/api/event/public/api/create-chat/${author.tid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: eventId, attendee_id: author.id, message }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const bothSee = (id: string, timeoutMs: number) => Promise.all([onA.waitForChat(id, timeoutMs), onB.waitForChat(id, timeoutMs)]);

    const ids = [await post(a, ada, 'before')];
    await bothSee(ids[0] ?? '', 1000);

    await redis.stop();
    const stoppedAt = Date.now();
    ids.push(await post(a, ada, 'during, via A'), await post(b, bo, 'during, via B'), fake.postChat(eventId, ada.id, 'during, elsewhere').id);
    // Each instance polls for its own subscribers while the lease cannot be checked.
    for (const id of ids.slice(1)) await bothSee(id, 3000);
    for (const g of [a, b]) {
      expect((await fetch(`${g.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${g.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { redis: 'failed', upstream: 'ok' } });
    }
    ids.push(fake.postChat(eventId, bo.id, 'late in the outage').id);
    await sleep(10_000 - (Date.now() - stoppedAt));

    await redis.start();
    for (const g of [a, b]) await waitFor(async () => (await fetch(`${g.url}/readyz`)).status === 200, 5000, 100);
    await waitFor(async () => {
      const polled = await Promise.all([a, b].map(async (g) => (await (await fetch(`${g.url}/metrics`)).text()).match(/^gateway_live_events_polled (\d+)/m)?.[1]));
      // One instance leads again; the other has stopped polling.
      return polled.sort().join(',') === '0,1';
    }, 5000, 100);

    const after = await post(b, bo, 'after, via B');
    ids.push(after);
    await bothSee(after, 1000);
    await Promise.all([onA.resync(), onB.resync()]);
    for (const client of [onA, onB]) {
      await waitFor(() => ids.every((id) => client.chatIds.has(id)), 2000);
      const last = client.snapshots.at(-1);
      const chats = last && last.kind !== 'door' ? last.chats : [];
      expect(ids.every((id) => chats.some((m) => m.id === id))).toBe(true);
    }
  }, 45_000);
});
