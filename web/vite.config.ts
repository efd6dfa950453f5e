import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { VISITOR_ENTRY } from './src/app/entries.js';
import { BRAND_COLOUR as BRAND, OWNER_APP_MANIFEST, OWNER_APP_MANIFEST_PATH, PAGE_BACKGROUND } from './src/lib/owner-app-manifest.js';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

/**
 * The door's installable app: a service worker and a web manifest for the staff phones' door pages
 * only. The page registers the worker and links the manifest itself (the door feature's pwa folder),
 * so no other page is installable as the door or controlled by a worker.
 */
const DOOR_PWA = {
  // The door pages' path (routes.door in src/lib/paths.ts, checked by the pwa folder's test): this
  // config cannot import the app's modules, which reach @tapcard/shared before the workspace is built.
  scope: '/door',
  worker: '/door-sw.js',
  manifest: '/door.webmanifest',
} as const;

/**
 * The door's PNG icons (public/door-icon-*.png, the favicon's mark at each size; the owner's app has
 * the same drawing as public/app-icon-*.png, since the door's worker leaves the owner's files out).
 */
const ICON_SIZES = [192, 512] as const;

/** Writes the door's web manifest into the client build; its icons are in public/. */
function doorManifest(): Plugin {
  return {
    name: 'tapcard:door-manifest',
    apply: 'build',
    generateBundle() {
      const icons = ICON_SIZES.map((size) => ({ src: `/door-icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' }));
      const manifest = {
        name: 'TapCard Door',
        short_name: 'Door',
        description: 'Check attendees in at an event door, also with no network.',
        id: DOOR_PWA.scope,
        start_url: DOOR_PWA.scope,
        scope: DOOR_PWA.scope,
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND,
        background_color: PAGE_BACKGROUND,
        icons: [...icons, { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      };
      this.emitFile({ type: 'asset', fileName: DOOR_PWA.manifest.slice(1), source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/**
 * The owner's app (src/lib/owner-app-manifest.ts): its web manifest, written into the client build and
 * served by the dev server too. Its icons are in public/ (app-icon-*.png).
 */
function ownerAppManifest(): Plugin {
  const manifest = `${JSON.stringify(OWNER_APP_MANIFEST, null, 2)}\n`;
  return {
    name: 'tapcard:owner-app-manifest',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?', 1)[0] !== OWNER_APP_MANIFEST_PATH) return next();
        response.setHeader('content-type', 'application/manifest+json');
        response.end(manifest);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OWNER_APP_MANIFEST_PATH.slice(1), source: manifest });
    },
  };
}

/** The modules of the 'shell' chunk (see build.rolldownOptions below). */
const SHELL_MODULES =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]|[\\/]shared[\\/]src[\\/]pages[\\/]|[\\/]web[\\/]src[\\/](?:lib[\\/](?:paths|hydration|online|toast|ssr|ui|context-menu|image|query-keys|zod-in-browser)\.ts|components[\\/](?:OfflineBanner|Toasts|Button|NotFoundView|Spinner|AppLink|Page|LoadingScreen)\.tsx)$/;

/** A chunk of the build's manifest (dist/.vite/manifest.json), keyed by its source. */
interface BuiltChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The attendee's pages (the access token and ticket, the arena and its chats): a service worker of
 * their own, so a repeat visit paints with no network and an offline one shows the arena the device
 * kept. No manifest: these pages are not an installable app. The scope is the attendee pages' path
 * prefix (the attendee feature's pwa module checks it against the app's routes).
 */
const EVENT_PWA = {
  scope: '/event/u/',
  worker: '/event-sw.js',
} as const;

/** A page worker: its scope and file, the feature whose pages it serves, and the navigations it answers. */
interface PageWorker {
  scope: string;
  worker: string;
  /** The feature's pages module (its key in the build manifest): it and what it loads are precached. */
  pages: string;
  /** Navigations answered with the precached shell (index.html, or `shell`). */
  navigations: RegExp;
  /**
   * A page the gateway renders without data for the light entry (app/visitor-entry.tsx), precached and
   * answering the navigations instead of index.html, so a visit with no network paints the light page
   * and the app takes it over from the precache (the door: docs/decisions/020-door-light-entry.md).
   */
  shell?: string;
  /**
   * Navigations the server renders with fresh data (a URL's path matching it, e.g. the arena with its
   * latest messages): asked of the network first, never cached, and answered with the precached
   * index.html when the network fails. (Workbox's generated worker waits on the network with a timeout
   * only for a strategy that caches the answer, which a page with personal data must never be.)
   */
  serverFirst?: RegExp;
  /** Public files of other apps left out (their manifests and icons). */
  ignore: string[];
}

/**
 * The built files a feature's pages can load: the app shell (index.html's scripts and styles, and what
 * they load later, such as the toasts) and the feature's pages module with everything it imports, at
 * once or later (the door scanner's decoder, the arena's dialogs). Other features' pages are left out:
 * the router loads each feature's pages when one of them opens, and a feature imports no other.
 */
function featureFiles(manifestPath: string, pages: string, light: boolean): Set<string> {
  const feature = pages.split('/').slice(0, 3).join('/');
  const otherFeature = (key: string) => key.startsWith('src/features/') && !key.startsWith(`${feature}/`);
  const chunks = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, BuiltChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) if (!otherFeature(next)) visit(next);
  };
  visit('index.html');
  // The light entry and the feature's own light page (the entry's other pages are other features').
  if (light) visit(VISITOR_ENTRY);
  if (!seen.has(pages)) throw new Error(`a page worker's precache: ${pages} is not among the app's pages`);
  return files;
}

/**
 * A service worker (Workbox, generated at build time) for one feature's pages. It controls only the
 * pages under its scope; a navigation there that `navigations` matches is answered with the precached
 * index.html, so the page loads with no network. The precache holds index.html and, of the hashed files
 * under assets/, only those the feature's pages load (featureFiles); never the .br/.gz copies, the
 * source maps, the cards' images or an API answer (no runtime caching: what a page fetches goes to the
 * network, and its data lives in the page's storage). A new worker takes over as soon as it is installed
 * (skipWaiting, clientsClaim): an open page keeps the code it runs, the next load gets the new build.
 */
function pageWorker(worker: PageWorker): Plugin[] {
  const outDir = join(import.meta.dirname, 'dist');
  return VitePWA({
    injectRegister: false,
    manifest: false,
    scope: worker.scope,
    filename: worker.worker.slice(1),
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,woff2,png,webmanifest}'],
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '.vite/**', 'images/**', '*-sw.js', ...worker.ignore],
      navigateFallback: worker.shell ?? '/index.html',
      navigateFallbackAllowlist: [worker.navigations],
      runtimeCaching: worker.serverFirst
        ? [{ urlPattern: worker.serverFirst, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: '/index.html' } } }]
        : [],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Like the app's own scripts: no map beside the worker, and no sourceMappingURL comment in it.
      sourcemap: false,
      manifestTransforms: [
        (entries) => {
          const manifestPath = join(outDir, '.vite/manifest.json');
          const wanted = featureFiles(manifestPath, worker.pages, worker.shell !== undefined);
          const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || wanted.has(entry.url));
          if (worker.shell) {
            // The rendered shell is the build's index.html around the light page's markup: a new build
            // (new file names in its manifest) is a new shell.
            const revision = createHash('sha256').update(readFileSync(manifestPath)).update(readFileSync(join(outDir, 'index.html'))).digest('hex').slice(0, 20);
            manifest.push({ url: worker.shell.slice(1), revision, size: 0 });
          }
          return { manifest, warnings: [] };
        },
      ],
    },
  });
}

const OWNER_APP_FILES = [OWNER_APP_MANIFEST_PATH.slice(1), 'app-icon-*.png'];

const doorWorker = pageWorker({
  ...DOOR_PWA,
  pages: 'src/features/door/routes.tsx',
  // The door page itself (the scope's root), rendered as the light page's frame.
  shell: DOOR_PWA.scope,
  navigations: new RegExp(`^${DOOR_PWA.scope}(?:[/?]|$)`),
  ignore: OWNER_APP_FILES,
});

const eventWorker = pageWorker({
  ...EVENT_PWA,
  pages: 'src/features/attendee/routes.tsx',
  // The access token and ticket pages; not the one-time confirmation link.
  navigations: new RegExp(`^${EVENT_PWA.scope}(?:token|ticket)/`),
  // The arena and its chats: their newest messages are in the server's page, the shell only when offline.
  serverFirst: new RegExp(`${EVENT_PWA.scope}arena/`),
  ignore: [...OWNER_APP_FILES, DOOR_PWA.manifest.slice(1), 'door-icon-*.png'],
});

export default defineConfig(({ command, isSsrBuild }) => ({
  // Brotli (quality 11) and gzip copies of every text asset, written once at build time: the gateway
  // serves them as they are (@fastify/static preCompressed) instead of compressing on every request.
  // The server render's build (`vite build --ssr`, into dist-ssr) is never sent to a browser; the
  // door's worker and manifest belong to the browser's build only (not the dev server, not vitest).
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [compression({ threshold: 1024, exclude: [/\.vite\//], logLevel: 'silent' })]),
    ...(isSsrBuild ? [] : [ownerAppManifest()]),
    ...(command === 'build' && !isSsrBuild ? [doorManifest(), ...doorWorker, ...eventWorker] : []),
  ],
  // Where the door and attendee pages find their workers (and the door its manifest): web/src/lib/pwa.ts.
  define: { __DOOR_PWA__: JSON.stringify(DOOR_PWA), __EVENT_PWA__: JSON.stringify(EVENT_PWA) },
  // `source` resolves @tapcard/shared to its TypeScript sources: no build of shared is needed.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  // The server build bundles shared from its sources too; other packages stay in node_modules.
  ssr: { noExternal: ['@tapcard/shared'], resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Hidden maps: written for the speed-budget check (tests/budget), with no sourceMappingURL comment in
    // the scripts; the gateway never serves them.
    sourcemap: 'hidden',
    // The budget check (tests/budget) and the server render read the manifest to find a route's chunks.
    manifest: !isSsrBuild,
    // Two entries in the browser's build: the app (index.html) and the light entry of the server-rendered
    // visitor pages (src/app/visitor-pages.tsx), which the server render names in their pages.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: { index: join(import.meta.dirname, 'index.html'), visitor: join(import.meta.dirname, VISITOR_ENTRY) },
            // What both entries load at first render, in one chunk: React and the few app modules the
            // light entry shares with the app's shell. Left to the bundler, they are cut into a dozen
            // small chunks by which pages reach them, which compress worse (about 3 kB more on every
            // page of the app, 2 kB more on the card).
            output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL_MODULES }] } },
          },
        }),
    copyPublicDir: !isSsrBuild,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // jsdom renders are slow on a loaded 2-core machine (one shared with other test runs has taken
    // several times a quiet one's time); a pass never waits for this, a hang fails after it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/test/setup.ts'],
    // A worker's files share its modules and its jsdom window: building both afresh for each file took
    // three quarters of the suite's CPU. The setup file undoes what a file leaves behind (src/test/fresh-window.ts).
    isolate: false,
    // After-each hooks run in the order they were registered, so the setup file's unmount comes before a
    // test file's own clean-up (which removes its fetch stub): a page still open cannot reach the real
    // fetch in between and leave a network-error toast for the next test.
    sequence: { hooks: 'list' },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
