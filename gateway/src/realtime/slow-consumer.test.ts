import { afterEach, describe, expect, test } from 'vitest';
import { connect, subscribeOk } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';
import { rooms } from './rooms.js';
import { unsentBytes } from './slow-consumers.js';

/**
 * A client that stops reading (its app froze, its network stalled) is dropped by the server, and the
 * others keep receiving: by the unsent-bytes limit when data piles up for it, by the heartbeat when
 * little does.
 */

let upstream: FakeUpstream | undefined;
let gateway: TestGateway | undefined;
const sockets: ClientSocket[] = [];
/** The stalled TCP sockets, destroyed after each test (a closing handshake would wait for them). */
const stalledTcp: unknown[] = [];

afterEach(async () => {
  for (const tcp of stalledTcp.splice(0)) Reflect.apply(field(tcp, 'destroy') as () => void, tcp, []);
  for (const socket of sockets.splice(0)) socket.close();
  await gateway?.close();
  await upstream?.close();
  gateway = undefined;
  upstream = undefined;
});

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
}

/**
 * Stops reading the socket's TCP stream, as a frozen app would; its own heartbeat timer is stopped
 * too (a frozen app runs no timers), so only the server can end the connection.
 */
function stall(socket: ClientSocket): void {
  const tcp = field(field(field(socket.io.engine, 'transport'), 'ws'), '_socket');
  const pause = field(tcp, 'pause');
  if (typeof pause !== 'function') throw new Error('no TCP socket to pause');
  Reflect.apply(pause, tcp, []);
  stalledTcp.push(tcp);
  clearTimeout(field(socket.io.engine, '_pingTimeoutTimer') as NodeJS.Timeout);
  Reflect.set(socket.io.engine, '_pingTimeoutTime', Infinity);
}

async function setUp(env: Record<string, string>): Promise<{ gateway: TestGateway; eventId: string; stalled: ClientSocket; healthy: ClientSocket }> {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  gateway = await startGateway({ UPSTREAM_URL: upstream.url, ...env });
  const { eventId } = upstream.addEvent();
  const stalled = await connect(gateway.url);
  const healthy = await connect(gateway.url);
  sockets.push(stalled, healthy);
  await subscribeOk(stalled, { kind: 'arena', tid: upstream.addAttendee(eventId, 'Stalled').tid });
  await subscribeOk(healthy, { kind: 'arena', tid: upstream.addAttendee(eventId, 'Healthy').tid });
  return { gateway, eventId, stalled, healthy };
}

const connectedOnServer = (g: TestGateway) => g.app.realtime.io.of('/').sockets.size;

describe('slow consumers', () => {
  test('a socket whose unsent data passes SLOW_CONSUMER_MAX_BYTES is dropped; the others keep receiving', async () => {
    const { gateway: g, eventId, stalled, healthy } = await setUp({ SLOW_CONSUMER_MAX_BYTES: String(64 * 1024) });
    let received = 0;
    healthy.on('status', () => (received += 1));
    stall(stalled);
    expect(connectedOnServer(g)).toBe(2);

    // Large packets, each under the limit, to the event's room until the stalled socket's buffers (kernel,
    // then ours) fill. Each waits until the healthy socket has read the last, as a reading phone would have:
    // on a busy machine this process reads slower than it can emit, and that must not make it a slow
    // consumer. One packet at a time under the limit, a socket that reads never passes it.
    const big = { eventId: 'x'.repeat(48 * 1024), stale: false };
    let sent = 0;
    const began = Date.now();
    while (connectedOnServer(g) === 2 && Date.now() - began < 60_000) {
      g.app.realtime.io.to(rooms.event(eventId)).emit('status', big);
      sent += 1;
      await waitFor(() => received === sent || connectedOnServer(g) !== 2, 15_000, 5);
    }
    expect(connectedOnServer(g)).toBe(1);
    expect(healthy.connected).toBe(true);
    await waitFor(() => received === sent, 15_000);
    expect(await g.app.metrics.registry.getSingleMetricAsString('gateway_slow_consumers_dropped_total')).toMatch(/ 1$/m);
  });

  test('a socket that stops reading is dropped by the heartbeat within PING_INTERVAL_MS + PING_TIMEOUT_MS', async () => {
    // A pong may be 3 s late before a socket counts as gone: the healthy one shares this busy process.
    const { gateway: g, stalled, healthy } = await setUp({ PING_INTERVAL_MS: '1000', PING_TIMEOUT_MS: '3000' });
    stall(stalled);
    const began = Date.now();
    await waitFor(() => connectedOnServer(g) === 1, 30_000);
    // Dropped by the heartbeat, not by a later timer (the defaults would take 45 s): a margin for a loaded machine.
    expect(Date.now() - began).toBeLessThan(1000 + 3000 + 20_000);
    // The one that reads answers the pings and stays, over several of them.
    await sleep(4000);
    expect(healthy.connected).toBe(true);
    expect(connectedOnServer(g)).toBe(1);
  });

  test('unsent bytes count the engine queue and the websocket buffer', () => {
    expect(unsentBytes({ writeBuffer: [{ data: 'abc' }, { data: Buffer.alloc(5) }, { data: undefined }], transport: { socket: { bufferedAmount: 100 } } })).toBe(108);
    expect(unsentBytes({})).toBe(0);
    expect(unsentBytes(null)).toBe(0);
  });
});
