import { request } from 'node:http';
import { MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { beaconCalls, calls, failureSchema } from '@tapcard/shared/contract';
import { afterAll, describe, expect, test } from 'vitest';
import { fakeStack } from '../../test/fake-stack.js';
import { TEST_SERVICE_KEY, startGateway } from '../../test/gateway.js';
import type { TestGateway } from '../../test/gateway.js';
import { multipart, rawRequest } from '../../test/http.js';
import { freePort } from '@tapcard/testkit/net';
import { JSON_BODY_LIMIT } from './index.js';

const stack = fakeStack();
const started: TestGateway[] = [];
afterAll(() => Promise.all(started.map((g) => g.close())));

async function another(env: Record<string, string>): Promise<TestGateway> {
  const g = await startGateway({ UPSTREAM_URL: stack.upstream.url, ...env });
  started.push(g);
  return g;
}

const GENERIC = { success: 'false', message: 'The service is unavailable. Please try again.', data: null };

function receivedFor(path: string) {
  return stack.upstream.received.filter((r) => r.url.startsWith(path));
}

describe('forwarding', () => {
  test('/api/* reaches the upstream with /api removed; the query string is kept', async () => {
    const res = await fetch(`${stack.gateway.url}/api/echo/headers?x=1`);
    expect(res.status).toBe(200);
    expect(receivedFor('/echo/headers?x=1')).toHaveLength(1);
  });

  test('nothing outside /api is forwarded, nor a path escaping the upstream root', async () => {
    const before = stack.upstream.received.length;
    expect((await fetch(`${stack.gateway.url}/echo/headers`)).status).toBe(404);
    const escape = await rawRequest(`${stack.gateway.url}/api/%2e%2e/%2e%2e/etc/passwd`, { method: 'GET' });
    expect(escape.status).toBeGreaterThanOrEqual(400);
    expect(escape.status).toBeLessThan(500);
    expect(stack.upstream.received.length).toBe(before);
  });

  test('client identity and forwarding headers are replaced, and the service key never passes', async () => {
    const res = await fetch(`${stack.gateway.url}/api/echo/headers`, {
      headers: {
        authorization: 'Bearer user-token',
        'x-service-key': TEST_SERVICE_KEY,
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'https',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
        'x-client-ip': '6.6.6.6',
      },
    });
    const { data } = (await res.json()) as { data: { headers: Record<string, string> } };
    expect(data.headers).not.toHaveProperty('x-service-key');
    expect(data.headers).not.toHaveProperty('forwarded');
    expect(data.headers).not.toHaveProperty('x-real-ip');
    expect(data.headers).not.toHaveProperty('x-client-ip');
    expect(data.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(data.headers['x-forwarded-proto']).toBe('http');
    expect(data.headers['x-forwarded-host']).toBe(new URL(stack.gateway.url).host);
    expect(data.headers.authorization).toBe('Bearer user-token');
  });

  test('behind a trusted proxy (TRUST_PROXY) the forwarded client address is believed', async () => {
    const behind = await another({ TRUST_PROXY: '127.0.0.1' });
    const res = await fetch(`${behind.url}/api/echo/headers`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const { data } = (await res.json()) as { data: { headers: Record<string, string> } };
    expect(data.headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});

describe('body limits (enforced before the upstream sees anything)', () => {
  test('a JSON body over the limit is refused on its Content-Length at once', async () => {
    const answer = await rawRequest(`${stack.gateway.url}/api/echo/body`, {
      headers: { 'content-type': 'application/json', 'content-length': String(JSON_BODY_LIMIT + 1) },
      chunks: [Buffer.from('{"a":"')],
      stopAfterFirstChunk: true,
    });
    expect(answer.status).toBe(413);
    expect(failureSchema.parse(JSON.parse(answer.body))).toMatchObject({ success: 'false', message: 'The request is too large.' });
    expect(receivedFor('/echo/body')).toHaveLength(0);
  });

  test('a chunked body is counted as it streams and refused past the limit', async () => {
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const answer = await rawRequest(`${stack.gateway.url}/api/echo/body`, {
      headers: { 'content-type': 'application/json' },
      chunks: Array.from({ length: 10 }, () => chunk),
    });
    expect(answer.status).toBe(413);
    expect(receivedFor('/echo/body')).toHaveLength(0);
  });

  test('a JSON body within the limit passes intact', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(50_000) });
    const res = await fetch(`${stack.gateway.url}/api/echo/body`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await res.json()).toEqual({ success: 'true', data: { bytes: Buffer.byteLength(body) } });
  });

  test('an upload over 10 MB is refused; one under it passes with its multipart boundary intact', async () => {
    const boundary = 'test-boundary-123';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const tooBig = multipart(boundary, MAX_UPLOAD_BYTES);
    const refused = await rawRequest(`${stack.gateway.url}/api/spaces/api/uploadFile`, {
      headers: { ...headers, 'content-length': String(tooBig.length) },
      chunks: [tooBig.subarray(0, 1024)],
      stopAfterFirstChunk: true,
    });
    expect(refused.status).toBe(413);
    expect(receivedFor('/spaces/api/uploadFile')).toHaveLength(0);

    const fits = multipart(boundary, 2 * 1024 * 1024);
    const accepted = await rawRequest(`${stack.gateway.url}/api/spaces/api/uploadFile`, { headers, chunks: [fits] });
    expect(accepted.status).toBe(200);
    const [received] = receivedFor('/spaces/api/uploadFile');
    expect(received?.bodyBytes).toBe(fits.length);
    expect(received?.headers['content-type']).toBe(headers['content-type']);
  });

  test('the upload limit applies to the upload calls only', async () => {
    const body = Buffer.alloc(JSON_BODY_LIMIT + 10, 0x61);
    const res = await rawRequest(`${stack.gateway.url}/api/echo/body`, { headers: { 'content-type': 'multipart/form-data; boundary=x' }, chunks: [body] });
    expect(res.status).toBe(413);
  });
});

describe('Expect: 100-continue (curl sends it for bodies over 1 MB)', () => {
  test('a JSON call with the header is answered by the upstream, not refused', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(2_000) });
    const answer = await rawRequest(`${stack.gateway.url}/api/echo/body`, {
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
      chunks: [Buffer.from(body)],
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: 'true', data: { bytes: Buffer.byteLength(body) } });
    const get = await rawRequest(`${stack.gateway.url}/api/echo/headers`, { method: 'GET', headers: { expect: '100-continue' } });
    expect(get.status).toBe(200);
  });

  test('an upload with the header reaches the upload call with its bytes and boundary intact', async () => {
    const boundary = 'expect-boundary-456';
    const form = multipart(boundary, 2 * 1024 * 1024);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(form.length), expect: '100-continue' };
    const before = receivedFor('/spaces/api/uploadFile').length;
    const answer = await rawRequest(`${stack.gateway.url}/api/spaces/api/uploadFile`, { headers, chunks: [form] });
    expect(answer.status).toBe(200);
    const received = receivedFor('/spaces/api/uploadFile').slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]?.bodyBytes).toBe(form.length);
    expect(received[0]?.headers).not.toHaveProperty('expect');
  });

  test('other hop-by-hop headers are not forwarded either (the upstream client refuses them too)', async () => {
    const answer = await rawRequest(`${stack.gateway.url}/api/echo/headers`, {
      method: 'GET',
      headers: { connection: 'keep-alive, x-hop', 'keep-alive': 'timeout=5', 'x-hop': 'private', 'proxy-connection': 'keep-alive', te: 'trailers', upgrade: 'h2c' },
    });
    expect(answer.status).toBe(200);
    const { data } = JSON.parse(answer.body) as { data: { headers: Record<string, string> } };
    for (const name of ['keep-alive', 'x-hop', 'proxy-connection', 'te', 'upgrade']) expect(data.headers).not.toHaveProperty(name);
  });

  test('a body over the limit announced with the header is refused with 413 before the client sends it', async () => {
    const ask = (path: string, length: number) =>
      new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
        let continued = false;
        const req = request(`${stack.gateway.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length), expect: '100-continue' },
        });
        req.on('information', (info) => (continued ||= info.statusCode === 100));
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        });
        req.on('error', reject);
        // The body is written only when the gateway says to go on, as curl does.
        req.on('continue', () => req.end(Buffer.alloc(length, 0x61)));
      });
    expect(await ask('/api/echo/body', JSON_BODY_LIMIT + 1)).toEqual({ status: 413, continued: false });
    expect(await ask('/api/spaces/api/uploadFile', MAX_UPLOAD_BYTES + 1)).toEqual({ status: 413, continued: false });
    // Within the upload limit the gateway asks for the body and the upload goes through.
    expect(await ask('/api/spaces/api/uploadFile', JSON_BODY_LIMIT + 1)).toEqual({ status: 200, continued: true });
  });
});

describe('upstream failures', () => {
  test('an unreachable upstream is a generic 502', async () => {
    const nowhere = await another({ UPSTREAM_URL: `http://127.0.0.1:${await freePort()}` });
    const res = await fetch(`${nowhere.url}/api/event/public/api/events/x`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(GENERIC);
  });

  test('an upstream 5xx becomes a generic 502 without its body', async () => {
    const res = await fetch(`${stack.gateway.url}/api/boom`);
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(GENERIC);
    expect(text).not.toMatch(/TypeError|\/srv\//);
  });

  test('an upstream that does not answer in time is a generic 504', async () => {
    // A short timeout on a gateway of its own: on the shared one, a busy machine could time out calls that do answer.
    const impatient = await another({ UPSTREAM_TIMEOUT_MS: '400' });
    const started = Date.now();
    const res = await fetch(`${impatient.url}/api/hang`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual(GENERIC);
    // Its own timeout ended the wait, not the default (15 s): a margin for a loaded machine, far under it.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('rate limits', () => {
  test('rotating X-Forwarded-For does not escape the per-client limit', async () => {
    const limited = await another({ RATE_LIMIT_PER_MINUTE: '5' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await fetch(`${limited.url}/api/echo/headers`, { headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      statuses.push(res.status);
      if (res.status === 429) expect(failureSchema.parse(await res.json()).message).toBe('Too many requests. Please try again later.');
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Health checks are never limited.
    expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
  });

  test('sign-in and public card posts have a stricter limit than the rest, however the path is spelt', async () => {
    const strict = await another({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const login = (path: string) => fetch(`${strict.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const statuses = [];
    for (const path of ['/auth/public/api/login', '/%61uth/public/api/login', '/AUTH/public/api/login', '/auth/public/api/login']) {
      statuses.push((await login(path)).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    expect((await fetch(`${strict.url}/api/echo/headers`)).status).toBe(200);
  });

  test("the card's counting beacons have a budget of their own: 50 at once neither spend the taps' stricter one nor the rest", async () => {
    const limited = await another({ AUTH_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '20' });
    const post = (path: string) => fetch(`${limited.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const beacons = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? beaconCalls.cardView.path : beaconCalls.linkClick.path.toUpperCase())));
    const statuses = beacons.map((res) => res.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
    // The tap's stricter budget and the general one are untouched.
    const taps = [];
    for (let i = 0; i < 4; i += 1) taps.push((await post(calls.loadRoute.path)).status);
    expect(taps.slice(0, 3)).not.toContain(429);
    expect(taps[3]).toBe(429);
    expect((await fetch(`${limited.url}/api/echo/headers`)).status).toBe(200);
  });
});
