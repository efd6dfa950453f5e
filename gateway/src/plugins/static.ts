import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IMMUTABLE_CACHE_CONTROL } from '@tapcard/shared/constants';
import { redactUrl, urlCarriesSecret } from '@tapcard/shared/contract';
import { PRECACHED_PAGES } from '@tapcard/shared/pages';
import type { CreateRenderer, Render } from '@tapcard/shared/ssr';
import { messages, sendFailure } from '../http/failure.js';

/**
 * The built SPA: files as they are, index.html for client routes. Hashed files under /assets never
 * change, so they are cached for a year; index.html and the service workers are revalidated on every
 * load. Text files (scripts, styles, SVG) go out brotli- or gzip-compressed when the browser accepts it.
 *
 * The pages the web build renders on the server (its dist-ssr entry; the list is the web's
 * src/app/server-pages.ts) go out with their markup in index.html; when the render fails or its data is late, the plain
 * index.html goes instead and the browser renders the page itself.
 */

export interface SpaOptions {
  webDist: string;
  /** The web build's server-render entry, or null for none. */
  ssrEntry: string | null;
  /** The upstream's address, for the server render's data. */
  apiBase: string;
  ssrTimeoutMs: number;
  /** Whether this request may cost a server render (the client's rate limit); default: always. */
  mayRender?: (request: FastifyRequest) => Promise<boolean>;
}

const RESERVED = ['/api', '/socket.io', '/healthz', '/readyz', '/metrics'];
const NOT_BUILT = 'web app not built: run pnpm build';
/**
 * Source maps (and their compressed copies): the build writes them hidden, without a
 * sourceMappingURL comment, for the speed-budget check; they are never sent.
 */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/i;

function isSourceMap(path: string): boolean {
  try {
    return SOURCE_MAP.test(decodeURIComponent(path));
  } catch {
    return SOURCE_MAP.test(path);
  }
}

function isReserved(path: string): boolean {
  return RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (isReserved(path) || isSourceMap(path)) return false;
  return path === '/' || PRECACHED_PAGES.includes(path) || (request.headers.accept ?? '').includes('text/html');
}

/**
 * A service worker of the web build (door-sw.js, event-sw.js) and the Workbox runtime it loads: revalidated
 * on every load, so a browser sees a new build's worker at once instead of an hour later.
 */
const WORKER_SCRIPT = /^(?:[\w-]+-sw|workbox-[\w-]+)\.js$/;
/** A web app manifest (the door's), typed as browsers expect it. */
const WEB_MANIFEST = /\.webmanifest$/;

/** The build's compressed copies (`index.html.br`, `app.js.gz`) are served for the file they compress. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

function cacheHeaders(reply: FastifyReply, path: string): void {
  const name = basename(path).replace(COMPRESSED_COPY, '');
  if (path.includes(`${sep}assets${sep}`)) reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
  // Every HTML answer is a page, whichever copy (brotli, gzip or plain) goes out.
  else if (name.endsWith('.html')) reply.header('cache-control', pageCacheControl(reply.request.url));
  else if (WORKER_SCRIPT.test(name)) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
  if (WEB_MANIFEST.test(name)) reply.header('content-type', 'application/manifest+json; charset=utf-8');
}

/** The server render, when the web build has one that starts; otherwise null (and a warning). */
async function loadRenderer(options: SpaOptions, warn: (details: object, message: string) => void): Promise<Render | null> {
  if (!options.ssrEntry || !existsSync(options.ssrEntry)) return null;
  try {
    const entry = (await import(pathToFileURL(options.ssrEntry).href)) as { createRenderer?: CreateRenderer };
    if (typeof entry.createRenderer !== 'function') throw new Error('it exports no createRenderer');
    return entry.createRenderer({ webDist: options.webDist, apiBase: options.apiBase });
  } catch (error) {
    warn({ err: error, ssrEntry: options.ssrEntry }, 'server render unavailable: every page is rendered in the browser');
    return null;
  }
}

/**
 * A page's HTML is revalidated on every load: it names the build's hashed files. A page whose URL
 * carries a secret (an attendee's token, a reset token: shared's secrets.ts) is never stored at all:
 * its render holds the attendee's data, and a shared cache would key it by the secret.
 */
function pageCacheControl(url: string): string {
  return urlCarriesSecret(url) ? 'no-store' : 'no-cache';
}

function asPage(reply: FastifyReply, url: string): FastifyReply {
  return reply.header('cache-control', pageCacheControl(url)).type('text/html; charset=utf-8');
}

function sendHtml(reply: FastifyReply, url: string, html: string) {
  asPage(reply, url);
  return reply.compress ? reply.compress(html) : reply.send(html);
}

export default fp(
  async (app, options: SpaOptions) => {
    const built = existsSync(join(options.webDist, 'index.html'));
    if (built) {
      // The build writes .br and .gz beside each text file (served as they are, preCompressed); what has
      // no such copy is compressed on the fly. Compression hooks onto the routes declared after it: the
      // static files' own, not the API proxy's.
      await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
      await app.register(fastifyStatic, {
        root: options.webDist,
        preCompressed: true,
        cacheControl: false,
        index: false,
        setHeaders: cacheHeaders,
        allowedPath: (path) => !isSourceMap(path),
      });
    } else {
      app.log.warn({ webDist: options.webDist }, NOT_BUILT);
    }
    const render = built ? await loadRenderer(options, (details, message) => app.log.warn(details, message)) : null;
    const serveApp = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isClientRoute(request)) return sendFailure(reply, 404, messages.notFound);
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      if (render && (await (options.mayRender?.(request) ?? true))) {
        try {
          const html = await render(new URL(request.url, 'http://localhost'), AbortSignal.timeout(options.ssrTimeoutMs));
          if (html) return sendHtml(reply, request.url, html);
        } catch (error) {
          request.log.warn({ err: error, url: redactUrl(request.url) }, 'server render failed: sending the app shell');
        }
      }
      return asPage(reply, request.url).sendFile('index.html');
    };
    app.setNotFoundHandler(serveApp);
    // The landing page is a rendered page too, not the static index.html (`index: false` above).
    if (built) app.get('/', serveApp);
  },
  { name: 'spa' },
);
