import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REDACTED } from '@tapcard/shared/contract';
import { startChildGateway } from './test/child-gateway.js';
import type { ChildGateway } from './test/child-gateway.js';
import { FakeUpstream } from './test/fake-upstream.js';
import { TEST_SERVICE_KEY } from './test/gateway.js';
import { waitFor } from '@tapcard/testkit/wait';

/** The gateway's own log stream (a real process at LOG_LEVEL=info) never shows an attendee's, a reset's or an order's token. */

let upstream: FakeUpstream;
let gateway: ChildGateway;

beforeAll(async () => {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  gateway = await startChildGateway({ UPSTREAM_URL: upstream.url, LOG_LEVEL: 'info', UPSTREAM_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  gateway.process.kill('SIGTERM');
  await gateway.exited;
  await upstream.close();
});

const secret = (label: string) => `${label}${randomBytes(24).toString('base64url')}`;
const completed = () => gateway.output().split('\n').filter((line) => line.includes('"request completed"')).length;

describe('request logs', () => {
  test('show the URL of every request with its tokens replaced, while the requests still reach the upstream intact', async () => {
    const tid = secret('tid');
    const reset = secret('reset');
    const reference = secret('TC-');
    const code = secret('code');
    const before = completed();
    const json = { 'content-type': 'application/json' };
    const requests: [string, RequestInit][] = [
      [`/api/event/public/api/token/${tid}`, {}],
      [`/api/event/public/api/create-chat/${tid}?x=1`, { method: 'POST', headers: json, body: '{"message":"hi"}' }],
      [`/api/event/public/api/create-private-chat/${tid}`, { method: 'POST', headers: json, body: '{"message":"hi"}' }],
      [`/api/event/public/api/chip/chip-1`, { method: 'POST', headers: json, body: JSON.stringify({ token: tid }) }],
      [`/api/auth/public/api/reset-password`, { method: 'POST', headers: json, body: JSON.stringify({ token: reset, password: 'Passw0rd!', confirm_password: 'Passw0rd!' }) }],
      [`/api/v1/connect/api/orders/${reference}`, {}],
      [`/api/auth/public/google-login?code=${code}`, {}],
      [`/event/u/arena/${tid}`, { headers: { accept: 'text/html' } }],
      [`/event/u/arena/${tid}/chat`, { headers: { accept: 'text/html' } }],
      [`/event/u/token/${tid}`, { headers: { accept: 'text/html' } }],
      [`/reset-password/${reset}/`, { headers: { accept: 'text/html' } }],
      [`/payment/status?reference=${reference}`, { headers: { accept: 'text/html' } }],
    ];
    for (const [path, init] of requests) await (await fetch(`${gateway.url}${path}`, init)).arrayBuffer();
    await waitFor(() => completed() >= before + requests.length, 15_000);

    const received = upstream.received.map((r) => r.url);
    expect(received).toContain(`/event/public/api/token/${tid}`);
    expect(received).toContain(`/event/public/api/create-chat/${tid}?x=1`);
    expect(received).toContain(`/v1/connect/api/orders/${reference}`);
    const log = gateway.output();
    expect(log).toContain(`"url":"/api/event/public/api/token/${REDACTED}"`);
    expect(log).toContain(`"url":"/event/u/arena/${REDACTED}/chat"`);
    for (const value of [tid, reset, reference, code]) expect(log).not.toContain(value);
  });

  test('a failed upstream call is logged without its token either', async () => {
    const tid = secret('tid');
    upstream.mode = 'hang';
    try {
      const res = await fetch(`${gateway.url}/api/event/public/api/token/${tid}`);
      expect(res.status).toBe(504);
    } finally {
      upstream.mode = 'ok';
    }
    await waitFor(() => gateway.output().includes('upstream request failed'), 15_000);
    expect(gateway.output()).not.toContain(tid);
  });
});
