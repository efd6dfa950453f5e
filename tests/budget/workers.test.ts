import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The cache rules of the web build's service workers (web/vite.config.ts, pageWorker): each precaches
 * the page shell and built files only, and answers navigations with that shell. No worker caches what
 * a page fetches at run time, so no API answer (personal data, an access token, a ticket) and no
 * uploaded image is ever in a worker's cache; what pages show offline lives in their own storage.
 */

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/** Each worker's navigations it answers offline, and some it must leave to the network. */
const WORKERS = {
  'door-sw.js': { answers: ['/door', '/door/s3cr3t-link'], leaves: ['/', '/dashboard', '/event/u/arena/t1'] },
  'event-sw.js': { answers: ['/event/u/token/t1', '/event/u/ticket/t1', '/event/u/arena/t1', '/event/u/arena/t1/chat/a1'], leaves: ['/', '/door', '/event/u/confirm/c1', '/event/e1'] },
} as const;

/** Public files a worker may precache beside the hashed build output under assets/. */
const SHELL_FILES = /^(?:index\.html|favicon\.svg|after-paint\.js|door\.webmanifest|door-icon-\d+\.png)$/;
const HASHED_ASSET = /^assets\/[\w.-]+-[\w-]{8}\.(?:js|css|woff2|svg|png)$/;

function precached(source: string): string[] {
  return [...source.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1] ?? '');
}

describe("the service workers' cache rules", () => {
  for (const [file, navigations] of Object.entries(WORKERS)) {
    describe(file, () => {
      const path = join(dist, file);
      const source = existsSync(path) ? readFileSync(path, 'utf8') : '';

      it('precaches only the shell and built files, never an API path, an upload, a map or a compressed copy', () => {
        expect(source, `${path} is missing: build the web app first (pnpm --filter @tapcard/web build)`).not.toBe('');
        const urls = precached(source);
        expect(urls).toContain('index.html');
        expect(urls.filter((url) => !SHELL_FILES.test(url) && !HASHED_ASSET.test(url))).toEqual([]);
      });

      it('caches nothing at run time: its one route answers navigations in its scope with the precached shell', () => {
        expect(source.match(/registerRoute\(/g)).toHaveLength(1);
        const route = /registerRoute\(new \w+\.NavigationRoute\(\w+\.createHandlerBoundToURL\("\/index\.html"\),\{allowlist:\[\/(.+?)\/\]\}\)\)/.exec(source);
        expect(route, 'the navigation route').not.toBeNull();
        const allow = new RegExp(route?.[1]?.replaceAll('\\/', '/') ?? '$^');
        expect(navigations.answers.filter((path) => !allow.test(path))).toEqual([]);
        expect(navigations.leaves.filter((path) => allow.test(path))).toEqual([]);
        expect(source).not.toMatch(/CacheFirst|NetworkFirst|StaleWhileRevalidate|runtimeCaching/);
      });
    });
  }
});
