import { OPEN_CHAT } from '@tapcard/shared/contract';
import { afterAll, describe, expect, test, vi } from 'vitest';
import Fastify from 'fastify';
import { createRedisConnections } from '../../redis/connections.js';
import type { RedisConnections } from '../../redis/connections.js';
import { deleteKeys, sharedRedis, uniquePrefix } from '@tapcard/testkit/redis';
import type { EventState } from '../state.js';
import { createRedisCoordination } from './redis.js';

/** The shared state in Redis: a follower fetches the (large) state only when the leader wrote a new one. */

const redis = await sharedRedis();
const prefix = uniquePrefix();
const log = Fastify({ logger: false }).log;

function state(version: number, attendees: number): EventState {
  return {
    eventId: 'ev-1',
    version,
    event: {
      id: 'ev-1',
      clean_name: 'launch',
      title: 'Launch',
      description: 'An event',
      location: 'Lagos',
      image: '/backend/files/banner.png',
      start_date: '2026-01-01T10:00:00.000Z',
      end_date: null,
      user_id: 'user-1',
    },
    chats: [],
    private_chats: [],
    attendees: Array.from({ length: attendees }, (_, i) => ({ id: `att-${i}`, name: `Attendee ${i}`, image: '/backend/files/face.png', price_category: 'Regular', checked_in: false, seq: i + 1 })),
    chips: [],
    chat: OPEN_CHAT,
    announcements: [],
    blocks: [],
    reports: [],
  };
}

describe.skipIf(!redis)('redis coordination: shared state', () => {
  const url = redis?.url ?? '';
  const connections: RedisConnections[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await deleteKeys(url, prefix);
    await redis?.stop();
  });

  async function coordination(instanceId: string) {
    const c = createRedisConnections(url, log);
    connections.push(c);
    expect(await c.ready(5000)).toBe(true);
    return { c, coordination: createRedisCoordination({ connections: c, prefix, instanceId, leaseTtlMs: 1000, log }) };
  }

  test('a follower reads a new state once, then only its tag until the leader writes again', async () => {
    const leader = await coordination('leader');
    const follower = await coordination('follower');
    const mget = vi.spyOn(follower.c.command, 'mget');

    await leader.coordination.saveState('ev-1', { state: state(5, 3000), stale: false });
    const first = await follower.coordination.loadState('ev-1');
    expect(first?.state.version).toBe(5);
    expect(first?.state.attendees).toHaveLength(3000);
    for (let i = 0; i < 20; i += 1) expect(await follower.coordination.loadState('ev-1')).toBe(first);
    expect(mget).toHaveBeenCalledTimes(1);

    await leader.coordination.saveState('ev-1', { state: state(6, 3000), stale: true });
    const second = await follower.coordination.loadState('ev-1');
    expect(second).toMatchObject({ stale: true, state: { version: 6 } });
    expect(mget).toHaveBeenCalledTimes(2);
  });

  test("'absent' never replaces a stored state, nor its tag", async () => {
    const leader = await coordination('leader-2');
    const other = await coordination('other-2');
    await leader.coordination.saveState('ev-2', { state: { ...state(9, 1), eventId: 'ev-2' }, stale: false });
    await other.coordination.saveState('ev-2', { state: { ...state(3, 1), eventId: 'ev-2' }, stale: false }, 'absent');
    expect((await other.coordination.loadState('ev-2'))?.state.version).toBe(9);
    expect(await other.coordination.loadState('ev-none')).toBeNull();
  });

  test("a late save of an older state (a holder's store still in flight when the lease moved) never replaces a newer one", async () => {
    const before = await coordination('holder-before');
    const after = await coordination('holder-after');
    const at = (version: number) => ({ state: { ...state(version, 1), eventId: 'ev-3' }, stale: false });
    await before.coordination.saveState('ev-3', at(7));
    await after.coordination.saveState('ev-3', at(9));
    await before.coordination.saveState('ev-3', at(8));
    expect((await after.coordination.loadState('ev-3'))?.state.version).toBe(9);
    // The same version again (its stale flag, or a refresh) is stored.
    await after.coordination.saveState('ev-3', { ...at(9), stale: true });
    expect(await before.coordination.loadState('ev-3')).toMatchObject({ stale: true, state: { version: 9 } });
    // After the upstream's version went backwards, the holder replaces the stored state on purpose.
    await after.coordination.saveState('ev-3', at(2), 'replace');
    expect((await before.coordination.loadState('ev-3'))?.state.version).toBe(2);
  });
});
