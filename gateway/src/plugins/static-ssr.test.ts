import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';

/**
 * The web build's server render as the gateway uses it (so that a visitor's card paints before any
 * script arrives). A stand-in entry here; the real one is exercised by tests/e2e/server-render.test.ts.
 */

const INDEX = '<!doctype html><title>TapCard</title><div id="root"></div>';

// The entry's interface (@tapcard/shared/ssr): createRenderer(options) => render(url, signal).
const ENTRY = `
export function createRenderer({ webDist, apiBase }) {
  return async (url, signal) => {
    if (url.pathname === '/') return '<!doctype html><p>landing, rendered</p>';
    if (url.pathname === '/card/connect') return '<!doctype html><p>card ' + url.searchParams.get('link') + ' from ' + apiBase + ' and ' + webDist + '</p>';
    if (url.pathname.startsWith('/event/u/arena/')) return '<!doctype html><p>arena of ' + url.pathname.split('/')[4] + '</p>';
    if (url.pathname === '/broken') throw new Error('render failed');
    if (url.pathname === '/slow') {
      await new Promise((resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }
    return null;
  };
}
`;

let upstream: FakeUpstream;
let dir: string;
let gateway: TestGateway;
let impatient: TestGateway;
let withoutRenderer: TestGateway;
let limited: TestGateway;

async function html(target: TestGateway, path: string) {
  const res = await fetch(`${target.url}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, cache: res.headers.get('cache-control'), type: res.headers.get('content-type'), body: await res.text() };
}

beforeAll(async () => {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  dir = mkdtempSync(join(tmpdir(), 'gateway-ssr-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dir, 'entry-server.mjs'), ENTRY);
  writeFileSync(join(dir, 'not-an-entry.mjs'), 'export const nothing = 1;\n');
  // Renders that finish get the most time the configuration allows, so a busy machine cannot turn one into
  // the app shell; the render that never finishes is asked of a gateway that gives up after 150 ms.
  gateway = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: dir, WEB_SSR_ENTRY: join(dir, 'entry-server.mjs'), SSR_TIMEOUT_MS: '10000' });
  impatient = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: dir, WEB_SSR_ENTRY: join(dir, 'entry-server.mjs'), SSR_TIMEOUT_MS: '150' });
  withoutRenderer = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: dir, WEB_SSR_ENTRY: join(dir, 'not-an-entry.mjs') });
  limited = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: dir, WEB_SSR_ENTRY: join(dir, 'entry-server.mjs'), RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await gateway.close();
  await impatient.close();
  await withoutRenderer.close();
  await limited.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  test('a page the entry renders goes out as rendered, fetched from the upstream, revalidated on every load', async () => {
    const page = await html(gateway, '/card/connect?link=tolu');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.cache).toBe('no-cache');
    expect(page.body).toBe(`<!doctype html><p>card tolu from ${upstream.url} and ${dir}</p>`);
  });

  test("an attendee's rendered arena (their data, their token in the URL) is never stored by a cache", async () => {
    const page = await html(gateway, '/event/u/arena/tid-secret-9');
    expect(page.body).toBe('<!doctype html><p>arena of tid-secret-9</p>');
    expect(page.cache).toBe('no-store');
  });

  test('the landing page is rendered too, not the static index.html', async () => {
    expect((await html(gateway, '/')).body).toBe('<!doctype html><p>landing, rendered</p>');
  });

  test('a route the entry leaves to the browser gets the app shell', async () => {
    const page = await html(gateway, '/dashboard');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
  });

  test('a render that throws still answers the app shell', async () => {
    const page = await html(gateway, '/broken');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
  });

  test('a render past SSR_TIMEOUT_MS is abandoned for the app shell', async () => {
    const started = Date.now();
    const page = await html(impatient, '/slow');
    expect(page.body).toBe(INDEX);
    // Its timeout ended the render, not a later one: a margin for a loaded machine, under the other gateway's 10 s.
    expect(Date.now() - started).toBeLessThan(8000);
  });

  test('rendered pages and the app shell sent in their place get the page rule under br, gzip and identity', async () => {
    const pages: [string, string, string][] = [
      ['/card/connect?link=tolu', 'no-cache', 'card tolu'],
      ['/', 'no-cache', 'landing, rendered'],
      ['/event/u/arena/tid-secret-9', 'no-store', 'arena of tid-secret-9'],
      ['/slow', 'no-cache', 'TapCard'],
      ['/event/u/token/tid-secret-9', 'no-store', 'TapCard'],
    ];
    for (const [path, rule, text] of pages) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await fetch(`${(path === '/slow' ? impatient : gateway).url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
        expect(res.status, `${path} ${encoding}`).toBe(200);
        expect(res.headers.get('cache-control'), `${path} ${encoding}`).toBe(rule);
        expect(await res.text(), `${path} ${encoding}`).toContain(text);
      }
    }
  });

  test('API paths are never rendered', async () => {
    const res = await fetch(`${gateway.url}/api/no-such-call`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  test('an entry without createRenderer leaves every page to the browser, and the gateway still serves', async () => {
    expect((await html(withoutRenderer, '/card/connect?link=tolu')).body).toBe(INDEX);
    expect((await html(withoutRenderer, '/')).body).toBe(INDEX);
  });

  test('a client gets RATE_LIMIT_PER_MINUTE renders a minute; past them the page is the app shell', async () => {
    const card = '<!doctype html><p>card tolu from';
    for (let i = 0; i < 3; i += 1) expect((await html(limited, '/card/connect?link=tolu')).body).toContain(card);
    const past = await html(limited, '/card/connect?link=tolu');
    expect(past.status).toBe(200);
    expect(past.body).toBe(INDEX);
    expect((await html(limited, '/')).body).toBe(INDEX);
  });
});
