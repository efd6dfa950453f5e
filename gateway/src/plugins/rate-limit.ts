import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Per-client limits on /api (what reaches the upstream), keyed by request.ip: the socket address
 * unless TRUST_PROXY names the proxy in front, so a client rotating X-Forwarded-For stays one client.
 * Static files and health checks are not limited.
 */

const STRICT_PREFIXES = ['/api/auth/', '/api/connect/public/'];

/** The path as a router that decodes and folds slashes would see it, so encodings do not dodge the stricter limit. */
function plainPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: the upstream cannot route it either.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

function isStrict(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  const path = plainPath(request.url);
  return STRICT_PREFIXES.some((p) => path.startsWith(p));
}

export interface RateLimitOptions {
  perMinute: number;
  strictPerMinute: number;
}

export default fp(
  async (app, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      timeWindow: 60_000,
      keyGenerator: (request) => (isStrict(request) ? `strict|${request.ip}` : request.ip),
      max: (_request, key) => (key.startsWith('strict|') ? options.strictPerMinute : options.perMinute),
      // By the matched route, not the raw URL, so no spelling of a path slips past.
      allowList: (request) => !(request.routeOptions.url ?? '').startsWith('/api'),
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate limited' }),
    });
  },
  { name: 'rate-limit' },
);
