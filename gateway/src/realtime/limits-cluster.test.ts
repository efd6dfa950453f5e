import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { startGatewayCluster } from '../test/cluster.js';
import type { GatewayCluster } from '../test/cluster.js';
import { expectNoMorePrivate, organiserSocket } from '../test/organiser.js';
import { sharedRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { waitFor } from '@tapcard/testkit/wait';

/** Two gateway instances on one Redis share the per-address limits and end organiser sessions together. */

const redis = await sharedRedis();
const prefix = uniquePrefix();
const BUDGET = 10;
const CAP = 3;

describe.skipIf(!redis)('limits and sessions across instances sharing Redis', () => {
  const redisUrl = redis?.url ?? '';
  let cluster: GatewayCluster;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startGatewayCluster('limits', { url: redisUrl, prefix }, {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(BUDGET),
      MAX_SOCKETS_PER_ADDRESS: String(CAP),
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster.close();
    await redis?.stop();
  });

  test('one /api budget for both: 50 requests split across them, at most the limit pass', async () => {
    const from = { 'x-forwarded-for': '203.0.113.10' };
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => fetch(`${(i % 2 ? cluster.a : cluster.b).url}/api/healthz`, { headers: from }).then((r) => r.status)));
    expect(statuses.filter((s) => s !== 429).length).toBe(BUDGET);
    // Another address has its own budget.
    expect((await fetch(`${cluster.a.url}/api/healthz`, { headers: { 'x-forwarded-for': '203.0.113.11' } })).status).toBe(200);
  });

  test('one socket cap for both: parallel connections split across them, at most the cap stay open', async () => {
    const from = { 'x-forwarded-for': '203.0.113.20' };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => connect((i % 2 ? cluster.a : cluster.b).url, { headers: from })));
    const connected = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    sockets.push(...connected);
    expect(connected.length).toBe(CAP);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe('rate_limited');
    const elsewhere = await connect(cluster.b.url, { headers: { 'x-forwarded-for': '203.0.113.21' } });
    sockets.push(elsewhere);
    // A socket closed on one instance frees a place on the other.
    connected[0]?.close();
    const again = await waitFor(async () => connect(cluster.a.url, { headers: from }).catch(() => undefined), 15_000, 50);
    sockets.push(again);
    expect(again.connected).toBe(true);
  });

  test('a logout through one instance ends the organiser socket held by the other', async () => {
    const { eventId, bearer } = cluster.upstream.addEvent();
    const organiser = await organiserSocket(cluster.b.url, eventId, bearer, sockets);
    const logout = await fetch(`${cluster.a.url}/api/auth/api/logout`, { method: 'POST', headers: { authorization: bearer, 'x-forwarded-for': '203.0.113.30' } });
    expect(logout.status).toBe(200);
    await waitFor(() => organiser.ended.length > 0, 15_000);
    expect(organiser.ended[0]).toMatchObject({ subscription: { kind: 'organiser', eventId }, error: { code: 'forbidden' } });
    await expectNoMorePrivate(cluster.b.url, cluster.upstream, eventId, organiser, sockets);
  });
});
