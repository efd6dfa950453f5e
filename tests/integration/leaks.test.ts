import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ORGANISER } from '../support/event-setup.js';
import { calls } from '@tapcard/shared/contract';
import { createGateway, createUpstream, killChildren } from '../support/processes.js';
import type { ServerProcess } from '../support/processes.js';

/**
 * The reference upstream (PGlite, no SMTP: the dev outbox is on) and a gateway as real processes
 * logging at info, asked as a reverse proxy or tunnel on this machine would pass requests on.
 */

let upstream: ServerProcess;
let gateway: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tapcard-leaks-'));
  const serviceKey = `leaks-${Date.now()}-service-key-0123456789`;
  upstream = await createUpstream({ mode: 'source', dataDir, serviceKey, logLevel: 'info' });
  await upstream.start(120_000);
  gateway = await createGateway({
    mode: 'source',
    upstreamUrl: upstream.url,
    serviceKey,
    origin: 'http://leaks.test',
    instanceId: 'leaks',
    logLevel: 'info',
    env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  await gateway.start(60_000);
}, 240_000);
afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
  killChildren();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

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
