import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_ORIGIN, TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';
import { rawRequest } from '../test/http.js';

/** The SPA, security headers, health and metrics. */

let upstream: FakeUpstream;
let web: string;
let built: TestGateway;
let unbuilt: TestGateway;

/** What reverse proxies, tunnels and CDNs add when they pass a request on. */
const PROXY_HEADERS: [string, string][] = [
  ['x-forwarded-for', '203.0.113.1'],
  ['forwarded', 'for=203.0.113.1'],
  ['x-real-ip', '203.0.113.1'],
  ['x-forwarded-host', 'tunnel.example.com'],
  ['x-forwarded-proto', 'https'],
  ['via', '1.1 caddy'],
  ['cf-connecting-ip', '203.0.113.1'],
];

const INDEX = '<!doctype html><title>TapCard</title><script type="module" src="/assets/app-1a2b3c.js"></script>';

beforeAll(async () => {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  web = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  built = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: web });
  unbuilt = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: join(web, 'missing') });
});
afterAll(async () => {
  await Promise.all([built.close(), unbuilt.close()]);
  await upstream.close();
  rmSync(web, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the SPA', () => {
  test('client routes get index.html, revalidated on every load', async () => {
    for (const path of ['/', '/event/u/arena/abc/chat', '/contacts?id=3']) {
      const res = await fetch(`${built.url}${path}`, { headers: html });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
      // A page whose URL carries an attendee's token is never stored at all.
      expect(res.headers.get('cache-control')).toBe(path.startsWith('/event/u/') ? 'no-store' : 'no-cache');
    }
  });

  test('hashed assets are cached for a year; other files briefly', async () => {
    const asset = await fetch(`${built.url}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${built.url}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
  });

  test('reserved paths and non-HTML requests never fall back to index.html', async () => {
    for (const path of ['/socket.io', '/metricsx/../metrics/x', '/healthz/x', '/api']) {
      const res = await fetch(`${built.url}${path}`, { headers: html });
      expect(await res.text()).not.toBe(INDEX);
    }
    const missingAsset = await fetch(`${built.url}/assets/gone.js`, { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.json()).toEqual({ success: 'false', message: 'Not found.', data: null });
  });

  test('without a built SPA, pages answer a clear 503 and the API still works', async () => {
    const page = await fetch(`${unbuilt.url}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe('web app not built: run pnpm build');
    expect((await fetch(`${unbuilt.url}/event/1`, { headers: html })).status).toBe(503);
    expect((await fetch(`${unbuilt.url}/api/echo/headers`)).status).toBe(200);
  });
});

describe('security headers', () => {
  test('a CSP the SPA runs under, on pages and API answers alike', async () => {
    for (const path of ['/', '/api/echo/headers']) {
      const res = await fetch(`${built.url}${path}`, { headers: html });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain(`connect-src 'self' ws://${new URL(TEST_ORIGIN).host}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('health', () => {
  test('/healthz answers while the process runs; /readyz checks the upstream', async () => {
    expect(await (await fetch(`${built.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${built.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { upstream: 'ok', redis: 'not configured' } });
    upstream.mode = 'error';
    try {
      const down = await fetch(`${built.url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'unavailable', checks: { upstream: 'failed' } });
    } finally {
      upstream.mode = 'ok';
    }
  });
});

describe('metrics', () => {
  test('/metrics exposes the gateway metrics in Prometheus text to loopback callers', async () => {
    const res = await fetch(`${built.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const name of [
      'gateway_connected_sockets',
      'gateway_live_events_polled',
      'gateway_pollers_in_error',
      'gateway_poll_duration_seconds_bucket',
      'gateway_write_to_emit_seconds_bucket',
    ]) {
      expect(text).toContain(name);
    }
  });

  test('a request that came through a proxy is refused, even from loopback', async () => {
    const res = await rawRequest(`${built.url}/metrics`, { method: 'GET', headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(res.status).toBe(403);
  });

  test("any proxy's or tunnel's header refuses it, as it does the dev pages", async () => {
    for (const [name, value] of PROXY_HEADERS) {
      const res = await rawRequest(`${built.url}/metrics`, { method: 'GET', headers: { [name]: value } });
      expect(res.status, name).toBe(403);
    }
  });
});
