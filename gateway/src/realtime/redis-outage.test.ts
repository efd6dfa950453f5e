import { afterAll, describe, expect, test } from 'vitest';
import { trackedSubscriber } from '../test/client.js';
import type { TrackedClient } from '../test/client.js';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';
import { ownRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * Redis stops under two instances (a server of this test's own, never the machine's) until both have
 * shown they serve alone, then starts again. Each step waits for its condition, with room for a busy machine.
 */

/** How long something that must happen may take on a loaded machine. */
const MUST_HAPPEN_MS = 15_000;

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
    await bothSee(ids[0] ?? '', MUST_HAPPEN_MS);

    await redis.stop();
    ids.push(await post(a, ada, 'during, via A'), await post(b, bo, 'during, via B'), fake.postChat(eventId, ada.id, 'during, elsewhere').id);
    // Each instance polls for its own subscribers while the lease cannot be checked.
    for (const id of ids.slice(1)) await bothSee(id, MUST_HAPPEN_MS);
    for (const g of [a, b]) {
      expect((await fetch(`${g.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${g.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { redis: 'failed', upstream: 'ok' } });
    }
    // Written to the upstream alone late in the outage: each instance's own poll must still bring it.
    const late = fake.postChat(eventId, bo.id, 'late in the outage').id;
    ids.push(late);
    await bothSee(late, MUST_HAPPEN_MS);
    const polled = () => Promise.all([a, b].map(async (g) => (await (await fetch(`${g.url}/metrics`)).text()).match(/^gateway_live_events_polled (\d+)/m)?.[1]));
    // Both poll the event while no lease can be checked.
    await waitFor(async () => (await polled()).join(',') === '1,1', MUST_HAPPEN_MS, 100);

    await redis.start();
    for (const g of [a, b]) await waitFor(async () => (await fetch(`${g.url}/readyz`)).status === 200, MUST_HAPPEN_MS, 100);
    // One instance leads again; the other has stopped polling.
    await waitFor(async () => (await polled()).sort().join(',') === '0,1', MUST_HAPPEN_MS, 100);

    const after = await post(b, bo, 'after, via B');
    ids.push(after);
    await bothSee(after, MUST_HAPPEN_MS);
    await Promise.all([onA.resync(), onB.resync()]);
    for (const client of [onA, onB]) {
      await waitFor(() => ids.every((id) => client.chatIds.has(id)), MUST_HAPPEN_MS);
      const last = client.snapshots.at(-1);
      const chats = last && last.kind !== 'door' ? last.chats : [];
      expect(ids.every((id) => chats.some((m) => m.id === id))).toBe(true);
    }
  }, 180_000);
});
