import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The cache rules of the web build's service workers (web/vite.config.ts, pageWorker): each precaches
 * the page shell and built files only, and answers navigations with that shell: index.html, or for the
 * door the gateway's render of /door, the light page's frame with no data (the door session is on the
 * phone, never in the page; docs/decisions/020-door-light-entry.md). The event worker asks
 * the network first for the arena's pages (the server renders them with their latest messages) and
 * falls back to the shell only when the network fails: those pages are never cached. No worker caches
 * what a page fetches at run time, so no API answer or server-rendered page (personal data, an access
 * token, a ticket, a chat) and no uploaded image is ever in a worker's cache; what pages show offline
 * lives in their own storage.
 */

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/**
 * Each worker's navigations it answers offline with the shell, those it asks the network for first
 * (the shell only when the network fails), and some it must leave to the network.
 */
const WORKERS = {
  'door-sw.js': { shell: '/door', answers: ['/door', '/door/s3cr3t-link'], serverFirst: [], leaves: ['/', '/dashboard', '/event/u/arena/t1'] },
  'event-sw.js': {
    shell: '/index.html',
    answers: ['/event/u/token/t1', '/event/u/ticket/t1'],
    serverFirst: ['/event/u/arena/t1', '/event/u/arena/t1/chat', '/event/u/arena/t1/chat/a1'],
    leaves: ['/', '/door', '/event/u/confirm/c1', '/event/e1'],
  },
} as const;

/** Public files a worker may precache beside the hashed build output under assets/. */
const SHELL_FILES = /^(?:index\.html|favicon\.svg|after-paint\.js|door\.webmanifest|door-icon-\d+\.png)$/;
/** The door's rendered shell: the one precached page path, its revision the build's. */
const RENDERED_SHELLS = /^door$/;
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
        expect(urls).toContain(navigations.shell.slice(1));
        expect(urls.filter((url) => !SHELL_FILES.test(url) && !HASHED_ASSET.test(url) && !(RENDERED_SHELLS.test(url) && url === navigations.shell.slice(1)))).toEqual([]);
      });

      it('caches nothing at run time: navigations in its scope get the precached shell, or the network first with the shell as fallback', () => {
        const route = new RegExp(`registerRoute\\(new \\w+\\.NavigationRoute\\(\\w+\\.createHandlerBoundToURL\\("${navigations.shell}"\\),\\{allowlist:\\[\\/(.+?)\\/\\]\\}\\)\\)`).exec(source);
        expect(route, 'the navigation route').not.toBeNull();
        const allow = new RegExp(route?.[1]?.replaceAll('\\/', '/') ?? '$^');
        const networkFirst = [...source.matchAll(/registerRoute\(\/(.+?)\/,new \w+\.NetworkOnly\(\{plugins:\[new \w+\.PrecacheFallbackPlugin\(\{fallbackURL:"\/index\.html"\}\)\]\}\),"GET"\)/g)];
        expect(source.match(/registerRoute\(/g)).toHaveLength(1 + networkFirst.length);
        const server = networkFirst.map((match) => new RegExp(match[1]?.replaceAll('\\/', '/') ?? '$^'));
        const servedFirst = (path: string) => server.some((pattern) => pattern.test(`http://localhost${path}`));
        expect(navigations.answers.filter((path) => !allow.test(path))).toEqual([]);
        expect(navigations.serverFirst.filter((path) => allow.test(path) || !servedFirst(path))).toEqual([]);
        expect(navigations.leaves.filter((path) => allow.test(path) || servedFirst(path))).toEqual([]);
        // No strategy that writes to a cache, and no cache of its own beside the precache.
        expect(source).not.toMatch(/CacheFirst|NetworkFirst|StaleWhileRevalidate|cacheName|ExpirationPlugin|CacheableResponsePlugin/);
      });
    });
  }
});
