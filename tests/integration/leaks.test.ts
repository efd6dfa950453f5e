import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ORGANISER, createLiveEvent, register } from '../support/event-setup.js';
import { REDACTED, buildPath, calls, everyCall, isCredential } from '@tapcard/shared/contract';
import { REALTIME_PATH } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import { createServerPair } from '../support/processes.js';
import type { ServerPair, ServerProcess } from '../support/processes.js';

/**
 * The reference upstream (its own PostgreSQL schema under DATABASE_URL, else PGlite; no SMTP: the dev
 * outbox is on) and a gateway as real processes logging at info, asked as a reverse proxy or tunnel on
 * this machine would pass requests on.
 */

let upstream: ServerProcess;
let gateway: ServerProcess;
let pair: ServerPair | undefined;

/** Short limits for slow clients, so a test sees them fire (the defaults are 10 s and 120 s). */
const HEADERS_TIMEOUT_MS = 2000;
// Long enough that a body sent over 3 s is served even when a busy machine delays the client's drip.
const REQUEST_TIMEOUT_MS = 7000;
const TIMEOUTS = { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) };

beforeAll(async () => {
  pair = await createServerPair('leaks', {
    origin: 'http://leaks.test',
    upstream: { logLevel: 'info', env: TIMEOUTS },
    gateway: { logLevel: 'info', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...TIMEOUTS } },
  });
  ({ upstream, gateway } = pair);
  await upstream.start(300_000);
  await gateway.start(300_000);
}, 660_000);
afterAll(() => pair?.stop());

const api = (path: string) => `${gateway.url}/api${path}`;
const json = { 'content-type': 'application/json' };

describe('the dev outbox through the gateway', () => {
  /** What reverse proxies, tunnels and CDNs add when they pass a request on. */
  const PROXIED: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.7' },
    { 'x-forwarded-for': '127.0.0.1' },
    { forwarded: 'for=203.0.113.7;proto=https' },
    { 'x-real-ip': '203.0.113.7' },
    { 'x-forwarded-host': 'door.example.com' },
    { 'x-forwarded-proto': 'https' },
    { via: '1.1 caddy' },
    { 'cf-connecting-ip': '203.0.113.7' },
  ];

  test('answers a plain loopback request 200 and a forwarded one 404, however the path is spelled', async () => {
    const mailed = await fetch(api(calls.forgotPassword.path), { method: 'POST', headers: json, body: JSON.stringify({ email: DEMO_ORGANISER.email }) });
    expect(mailed.status).toBe(200);
    const outbox = `/dev/outbox?to=${encodeURIComponent(DEMO_ORGANISER.email)}`;
    const plain = await fetch(api(outbox), { headers: { accept: 'application/json' } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('/reset-password/');

    for (const path of [outbox, `/${outbox}`, '/dev/outbox/', '/DEV/outbox', '/dev/%6Futbox', '/%64ev/outbox']) {
      for (const headers of PROXIED) {
        const res = await fetch(api(path), { headers: { accept: 'application/json', ...headers } });
        const body = await res.text();
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(body).not.toContain('reset-password');
      }
    }
  });
});

describe('request logs', () => {
  test("no call whose path carries a credential (every arena route, the chat history, the orders) shows it, in either process's log", async () => {
    const event = await createLiveEvent(upstream.url, 10, `Leaks ${Date.now()}`);
    const tid = await register(upstream.url, event, 1, `leaks${Date.now()}`);
    const reference = `TC-${Date.now()}-secret-reference`;
    const credentialCalls = everyCall().filter(([, call]) => Object.values((call.params?.shape ?? {}) as Record<string, unknown>).some(isCredential));
    expect(credentialCalls.map(([name]) => name)).toEqual(expect.arrayContaining(['arenaSafety', 'blockAttendee', 'reportMessage', 'arenaSettings', 'shareCard', 'chatHistory', 'getOrder']));

    const completed = (text: string) => (text.match(/"request completed"/g) ?? []).length;
    const fromUpstream = upstream.output().length;
    const fromGateway = gateway.output().length;
    for (const [name, call] of credentialCalls) {
      const path = buildPath(call.path, { id: tid, token: tid, reference });
      const query = call.query ? `?event_id=${event.eventId}&before=1` : '';
      const res = await fetch(api(`${path}${query}`), call.method === 'GET' ? {} : { method: call.method, headers: json, body: JSON.stringify({ event_id: event.eventId }) });
      await res.arrayBuffer();
      expect(res.status, name).toBeLessThan(500);
    }
    const until = Date.now() + 30_000;
    while (completed(gateway.output().slice(fromGateway)) < credentialCalls.length || completed(upstream.output().slice(fromUpstream)) < credentialCalls.length) {
      if (Date.now() > until) throw new Error('the request logs did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const log of [upstream.output().slice(fromUpstream), gateway.output().slice(fromGateway)]) {
      expect(log).toContain(REDACTED);
      expect(log).not.toContain(tid);
      expect(log).not.toContain(reference);
    }
  });
});

describe('deeply nested JSON', () => {
  const nested = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;

  test('a 50,000-level body answers 400 through the gateway (not a 502), and the next request is served', async () => {
    const body = nested(50_000);
    const res = await fetch(api(calls.login.path), { method: 'POST', headers: json, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/nested too deeply/);
    // The gateway's own routes read it without harm too.
    for (const path of ['/', '/healthz', '/metrics']) {
      const own = await fetch(`${gateway.url}${path}`, { method: 'POST', headers: json, body });
      expect(own.status, path).toBeLessThan(500);
    }
    const next = await fetch(api(calls.login.path), { method: 'POST', headers: json, body: JSON.stringify({ email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password }) });
    expect(next.status).toBe(200);
  });
});

describe('slow clients', () => {
  /** How long a trickling client is kept at most before the test calls it never closed. */
  const GIVE_UP_MS = 30_000;

  /**
   * A raw connection that sends `head` at once, then one byte of `drip` a second; resolves when the
   * server answers (its status line and headers) or closes it, with what it answered and when, or after
   * GIVE_UP_MS (endedAfterMs null).
   */
  function trickle(url: string, head: string, drip: string): Promise<{ endedAfterMs: number | null; answer: string }> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connectTcp(Number(port), hostname);
      let answer = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++] ?? '');
      }, 1000);
      const finish = (endedAfterMs: number | null) => {
        clearInterval(timer);
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ endedAfterMs, answer });
      };
      const giveUp = setTimeout(() => finish(null), GIVE_UP_MS);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        answer += chunk;
        if (answer.includes('\r\n\r\n')) finish(Date.now() - started);
      });
      socket.on('close', () => finish(Date.now() - started));
      socket.on('error', () => undefined);
      socket.on('connect', () => socket.write(head));
    });
  }

  const trickledHeaders = (host: string) => [`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n`, `X-Slow: ${'a'.repeat(200)}`] as const;

  test('a client trickling its headers a byte a second is closed within HEADERS_TIMEOUT_MS, by both servers', async () => {
    const [gatewayAnswer, upstreamAnswer] = await Promise.all([
      trickle(gateway.url, ...trickledHeaders(new URL(gateway.url).host)),
      trickle(upstream.url, ...trickledHeaders(new URL(upstream.url).host)),
    ]);
    for (const { endedAfterMs, answer } of [gatewayAnswer, upstreamAnswer]) {
      expect(endedAfterMs).not.toBeNull();
      // The limit, plus Node's check every second, plus room for a busy machine (the give-up is 30 s).
      expect(endedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 12_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });

  test('a body trickled past REQUEST_TIMEOUT_MS is cut off, one sent slowly within it is answered', async () => {
    const host = new URL(gateway.url).host;
    const body = JSON.stringify({ email: 'slow@example.com' });
    // Headers at once, then the body a byte a second: longer than the headers' limit, longer than the request's.
    const cut = await trickle(gateway.url, `POST /api${calls.hasEmail.path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, body);
    expect(cut.endedAfterMs).not.toBeNull();
    expect(cut.endedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 12_000);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);

    // A body that takes longer than the headers' limit but arrives within the request's is served.
    const short = JSON.stringify({ email: 'a@b.co' }).slice(0, -3);
    const rest = JSON.stringify({ email: 'a@b.co' }).slice(-3);
    const served = await trickle(
      gateway.url,
      `POST /api${calls.hasEmail.path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${short.length + rest.length}\r\nConnection: close\r\n\r\n${short}`,
      rest,
    );
    expect(served.endedAfterMs).toBeGreaterThan(HEADERS_TIMEOUT_MS);
    expect(served.answer).toMatch(/^HTTP\/1\.1 200/);
  });

  test('Socket.IO connections, websocket and long-polling, outlive both limits', async () => {
    const sockets = (['websocket', 'polling'] as const).map((transport) =>
      io(gateway.url, { path: REALTIME_PATH, transports: [transport], forceNew: true, reconnection: false, extraHeaders: { origin: 'http://leaks.test' } }),
    );
    try {
      const dropped: string[] = [];
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve, reject) => {
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
              socket.on('disconnect', (reason) => dropped.push(reason));
            }),
        ),
      );
      // Held open, idle, past both limits (a long-poll answer is held up to the ping interval).
      await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 3000));
      expect(dropped).toEqual([]);
      for (const socket of sockets) {
        expect(socket.connected).toBe(true);
        // The connection still carries a round trip: a bad subscription is answered, not dropped.
        const ack: unknown = await socket.timeout(10_000).emitWithAck('subscribe', {});
        expect(ack).toMatchObject({ ok: false });
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
