import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';

/** Compression of the SPA's files (a Lighthouse run, tests/bench/web, found them sent uncompressed). */

let upstream: FakeUpstream;
let web: string;
let gateway: TestGateway;

const INDEX = `<!doctype html><title>TapCard</title><style>${'.boot { display: grid; }\n'.repeat(100)}</style><script type="module" src="/assets/app-1a2b3c.js"></script>`;
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row number ${i}' }`).join(', ')}];\n`;

const PREBUILT_BR = brotliCompressSync(SCRIPT);
const WORKER = "importScripts('./workbox-9c191d2f.js');\n";
const MANIFEST = JSON.stringify({ name: 'TapCard Door', start_url: '/door', scope: '/door', display: 'standalone' });
const MAP = JSON.stringify({ version: 3, sources: ['../../src/features/attendee/ArenaPage.tsx'], sourcesContent: ['// the source'], mappings: '' });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that neither asks for nor undoes any encoding unless told (fetch would do both). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${gateway.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  web = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), INDEX);
  // The build's compressed copies of the app shell, as vite-plugin-compression2 writes them.
  writeFileSync(join(web, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(web, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), SCRIPT);
  // A file with the build's brotli copy beside it (vite-plugin-compression2 writes one for each text file).
  writeFileSync(join(web, 'assets', 'prebuilt-4d5e6f.js'), SCRIPT);
  writeFileSync(join(web, 'assets', 'prebuilt-4d5e6f.js.br'), PREBUILT_BR);
  // The build writes hidden source maps beside the scripts (the speed-budget check reads them).
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js.map'), MAP);
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js.map.br'), brotliCompressSync(MAP));
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js.map.gz'), gzipSync(MAP));
  // The door's service worker, the Workbox runtime it loads and its web manifest, as the build writes them.
  writeFileSync(join(web, 'door-sw.js'), WORKER);
  writeFileSync(join(web, 'workbox-9c191d2f.js'), WORKER);
  writeFileSync(join(web, 'door.webmanifest'), MANIFEST);
  writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  gateway = await startGateway({ UPSTREAM_URL: upstream.url, WEB_DIST: web });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  rmSync(web, { recursive: true, force: true });
});

describe('compression of the SPA files', () => {
  test('a script goes out brotli-compressed to a browser that accepts br, still cached for a year', async () => {
    const res = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  test('index.html for a client route too, still revalidated on every load', async () => {
    const res = await get('/card/connect?link=someone', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  test("the door's page for a service worker's plain fetch of its offline shell; any other unknown path is not a page then", async () => {
    const shell = await get('/door?__WB_REVISION__=abc', { accept: '*/*', 'accept-encoding': 'br' });
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.body).toString()).toBe(INDEX);
    expect((await get('/card/connect', { accept: '*/*' })).status).toBe(404);
    expect((await get('/door/some-secret', { accept: '*/*' })).status).toBe(404);
  });

  test("the build's own .br copy is sent as it is, not compressed again", async () => {
    const res = await get('/assets/prebuilt-4d5e6f.js', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(PREBUILT_BR)).toBe(true);
  });

  test('gzip when brotli is not accepted', async () => {
    const res = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  test('as it is to a client that accepts no encoding', async () => {
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  test('API answers pass through the proxy as the upstream sent them', async () => {
    const res = await get('/api/echo/headers', { 'accept-encoding': 'br, gzip', 'x-padding': 'p'.repeat(4000) });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(4000);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).success).toBe('true');
  });
});

describe('source maps', () => {
  test('are never served, however asked for, and no answer points to one', async () => {
    for (const path of ['/assets/app-1a2b3c.js.map', '/assets/app-1a2b3c.js.map.br', '/assets/app-1a2b3c.js.map.gz', '/assets/app-1a2b3c.js%2Emap', '/assets/APP-1a2b3c.js.MAP']) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }, { accept: 'text/html' }] as Record<string, string>[]) {
        const res = await get(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.body.toString()).not.toContain('sourcesContent');
      }
    }
    const script = await get('/assets/app-1a2b3c.js');
    expect(script.status).toBe(200);
    expect(script.headers.sourcemap).toBeUndefined();
    expect(script.headers['x-sourcemap']).toBeUndefined();
  });
});

describe('pages whose URL carries a secret', () => {
  test("an attendee's arena and token pages and the reset-password page are never stored by a cache", async () => {
    for (const path of ['/event/u/arena/tid-secret-1', '/event/u/arena/tid-secret-1/chat', '/event/u/token/tid-secret-1', '/reset-password/reset-secret-1/']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    // Other pages are still revalidated on every load (and may be kept).
    expect((await get('/event/ev-1', { accept: 'text/html' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('every page, whatever its encoding', () => {
  const ENCODINGS = [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }, {}] as Record<string, string>[];
  const decoded = (res: Answer) =>
    res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;

  test("gets the page rule under br, gzip and identity (the build's compressed copies of index.html included)", async () => {
    const pages: [string, string][] = [
      ['/door/door-secret-1', 'no-store'],
      ['/event/u/token/tid-secret-1', 'no-store'],
      ['/event/u/confirm/confirm-secret-1', 'no-store'],
      ['/reset-password/reset-secret-1', 'no-store'],
      ['/event/u/arena/tid-secret-1', 'no-store'],
      ['/settings', 'no-cache'],
      ['/dashboard', 'no-cache'],
      ['/', 'no-cache'],
    ];
    for (const [path, rule] of pages) {
      for (const headers of ENCODINGS) {
        const res = await get(path, { accept: 'text/html', ...headers });
        const what = `${path} ${JSON.stringify(headers)}`;
        expect(res.status, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(headers['accept-encoding']);
        expect(res.headers['content-type'], what).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], what).toBe(rule);
        expect(decoded(res).toString(), what).toBe(INDEX);
      }
    }
  });

  test('hashed assets keep their year under every encoding', async () => {
    for (const path of ['/assets/app-1a2b3c.js', '/assets/prebuilt-4d5e6f.js']) {
      for (const headers of ENCODINGS) {
        const res = await get(path, headers);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control'], `${path} ${JSON.stringify(headers)}`).toBe('public, max-age=31536000, immutable');
        expect(decoded(res).toString()).toBe(SCRIPT);
      }
    }
  });
});

describe("the door's installable app", () => {
  test('the service worker and the Workbox runtime are revalidated on every load, so a new build takes over at once', async () => {
    for (const path of ['/door-sw.js', '/workbox-9c191d2f.js']) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    // Other files outside /assets keep their hour.
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
  });

  test('the web manifest goes out as a web app manifest', async () => {
    const res = await get('/door.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ scope: '/door' });
  });

  test("the page's security policy lets the page register the worker and read the manifest from this host only", async () => {
    const csp = String((await get('/door', { accept: 'text/html' })).headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
    // worker-src falls back to script-src, manifest-src to default-src: neither may be narrower.
    expect(directives.get('worker-src') ?? directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src') ?? directives.get('default-src')).toEqual(["'self'"]);
  });
});
