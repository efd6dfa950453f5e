import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, sendFailure } from '../http/failure.js';

/**
 * The built SPA: files as they are, index.html for client routes. Hashed files under /assets never
 * change, so they are cached for a year; index.html is revalidated on every load. Text files (scripts,
 * styles, SVG) go out brotli- or gzip-compressed when the browser accepts it.
 */

const RESERVED = ['/api', '/socket.io', '/healthz', '/readyz', '/metrics'];
const NOT_BUILT = 'web app not built: run pnpm build';

function isReserved(path: string): boolean {
  return RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (isReserved(path)) return false;
  return path === '/' || (request.headers.accept ?? '').includes('text/html');
}

function cacheHeaders(reply: FastifyReply, path: string): void {
  if (path.includes(`${sep}assets${sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
}

export default fp(
  async (app, options: { webDist: string }) => {
    const built = existsSync(join(options.webDist, 'index.html'));
    if (built) {
      // The build writes .br and .gz beside each text file (served as they are, preCompressed); what has
      // no such copy is compressed on the fly. Compression hooks onto the routes declared after it: the
      // static files' own, not the API proxy's.
      await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
      await app.register(fastifyStatic, { root: options.webDist, preCompressed: true, cacheControl: false, setHeaders: cacheHeaders });
    } else {
      app.log.warn({ webDist: options.webDist }, NOT_BUILT);
    }
    app.setNotFoundHandler((request, reply) => {
      if (!isClientRoute(request)) return sendFailure(reply, 404, messages.notFound);
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    });
  },
  { name: 'spa' },
);
