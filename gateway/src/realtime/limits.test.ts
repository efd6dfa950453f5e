import { describe, expect, test } from 'vitest';
import { connect, subscribe } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { fakeStack } from '../test/fake-stack.js';
import { startGateway } from '../test/gateway.js';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * Per-address limits of the realtime socket on one gateway without Redis: open sockets per client
 * address, and subscriptions that need an upstream read spending from the address's /api budget.
 * The gateway trusts the loopback proxy, so each test speaks from addresses of its own (X-Forwarded-For).
 */

const BUDGET = 10;
const CAP = 5;
const stack = fakeStack({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: String(BUDGET), MAX_SOCKETS_PER_ADDRESS: String(CAP) });
const { sockets } = stack;
let nextAddress = 1;
/** A client address no other test uses. */
const address = () => `203.0.113.${nextAddress++}`;

async function client(from: string, url = stack.gateway.url): Promise<ClientSocket> {
  const socket = await connect(url, { headers: { 'x-forwarded-for': from } });
  sockets.push(socket);
  return socket;
}

/** Connects `count` sockets at once; resolves with the connected ones and the refusals. */
async function connectMany(from: string, count: number, url = stack.gateway.url) {
  const results = await Promise.allSettled(Array.from({ length: count }, () => client(from, url)));
  const connected = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error & { data?: unknown }] : []));
  return { connected, refused };
}

const tokenReads = () => stack.upstream.received.filter((r) => r.url.startsWith('/event/public/api/token/')).length;

describe('subscriptions spend from the address budget', () => {
  test('50 parallel subscriptions from one address over the budget let at most the budget reach the upstream', async () => {
    const { eventId } = stack.upstream.addEvent();
    const attendees = Array.from({ length: 50 }, (_, i) => stack.upstream.addAttendee(eventId, `Guest ${i}`));
    const from = address();
    // As many sockets as the address may open, ten subscriptions each, all at once.
    const many = await Promise.all(Array.from({ length: CAP }, () => client(from)));
    const before = tokenReads();
    const answers = await Promise.all(attendees.map((a, i) => subscribe(many[i % many.length] as ClientSocket, { kind: 'arena', tid: a.tid })));

    const accepted = answers.filter((a) => a.ok).length;
    const limited = answers.filter((a) => !a.ok && a.error.code === 'rate_limited').length;
    expect(tokenReads() - before).toBeLessThanOrEqual(BUDGET);
    expect(accepted).toBeLessThanOrEqual(BUDGET);
    expect(accepted + limited).toBe(50);
    // The same budget as the address's /api calls: none is left for them either.
    const api = await fetch(`${stack.gateway.url}/api/healthz`, { headers: { 'x-forwarded-for': from } });
    expect(api.status).toBe(429);
    // Another address is not affected.
    const other = await client(address());
    expect((await subscribe(other, { kind: 'arena', tid: attendees[0]?.tid ?? '' })).ok).toBe(true);
  });
});

describe('open sockets per address', () => {
  test('sockets beyond the cap are refused with rate_limited, another address still connects, and a closed one frees its place', async () => {
    const from = address();
    const { connected, refused } = await connectMany(from, 20);
    expect(connected.length).toBe(CAP);
    expect(refused.length).toBe(20 - CAP);
    for (const error of refused) {
      expect(error.message).toBe('rate_limited');
      expect(error.data).toMatchObject({ code: 'rate_limited' });
    }
    const elsewhere = await client(address());
    expect(elsewhere.connected).toBe(true);

    connected[0]?.close();
    const again = await waitFor(async () => client(from).catch(() => undefined), 15_000, 50);
    expect(again.connected).toBe(true);
  });

  test('without a trusted proxy, X-Forwarded-For does not make a client a new address', async () => {
    const direct = await startGateway({ UPSTREAM_URL: stack.upstream.url, MAX_SOCKETS_PER_ADDRESS: '2' });
    try {
      const results = await Promise.allSettled(
        ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map((spoofed) => connect(direct.url, { headers: { 'x-forwarded-for': spoofed } })),
      );
      const connected = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      sockets.push(...connected);
      expect(connected.length).toBe(2);
    } finally {
      for (const socket of sockets.splice(0)) socket.close();
      await direct.close();
    }
  });
});
