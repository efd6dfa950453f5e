import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from '../test/gateway.js';
import type { TestGateway } from '../test/gateway.js';

/** Compression of the SPA's files (issue 8's Lighthouse run found them sent uncompressed). */

let upstream: FakeUpstream;
let web: string;
let gateway: TestGateway;

const INDEX = `<!doctype html><title>TapCard</title><style>${'.boot { display: grid; }\n'.repeat(100)}</style><script type="module" src="/assets/app-1a2b3c.js"></script>`;
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row number ${i}' }`).join(', ')}];\n`;

const PREBUILT_BR = brotliCompressSync(SCRIPT);

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
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), SCRIPT);
  // A file with the build's brotli copy beside it (vite-plugin-compression2 writes one for each text file).
  writeFileSync(join(web, 'assets', 'prebuilt-4d5e6f.js'), SCRIPT);
  writeFileSync(join(web, 'assets', 'prebuilt-4d5e6f.js.br'), PREBUILT_BR);
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
