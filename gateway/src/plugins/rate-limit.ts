import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS } from '@tapcard/shared/constants';
import { CARD_STATS_PATH } from '@tapcard/shared/contract';
import { BudgetStore, MemoryWindows } from '../limits/budget.js';

/**
 * Per-client limits on /api (what reaches the upstream), keyed by request.ip: the socket address
 * unless TRUST_PROXY names the proxy in front, so a client rotating X-Forwarded-For stays one client.
 * Static files and health checks are not limited. With Redis the counts are shared by every instance
 * (see BudgetStore for what happens while Redis is away). The realtime socket spends from the same
 * per-address budget for each subscription it has to check with the upstream (`app.apiBudget`).
 */

const STRICT_PREFIXES = ['/api/auth/', '/api/connect/public/'];
/**
 * The public card's counting beacons spend a budget of their own (the general one's size): a venue's
 * phones behind one address count their views without spending the taps' and exchanges' stricter
 * budget, and a flood of counts limits only counting.
 */
const BEACON_PREFIX = `/api${CARD_STATS_PATH}/`.toLowerCase();
/** One window for both budgets: they count in one store (the env's sizes are per minute). */
const WINDOW_MS = LIMITS.apiRequests.windowMs;

declare module 'fastify' {
  interface FastifyInstance {
    apiBudget: ApiBudget;
  }
}

export interface ApiBudget {
  /** Spends one /api request of `address`'s budget; false when none is left this minute. */
  spend(address: string): Promise<boolean>;
}

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

function budgetKey(request: FastifyRequest): string {
  if (request.method !== 'POST') return request.ip;
  const path = plainPath(request.url);
  if (path.startsWith(BEACON_PREFIX)) return `beacon|${request.ip}`;
  return STRICT_PREFIXES.some((p) => path.startsWith(p)) ? `strict|${request.ip}` : request.ip;
}

export interface RateLimitOptions {
  perMinute: number;
  strictPerMinute: number;
}

export default fp(
  async (app, options: RateLimitOptions) => {
    const redis = app.redis?.limits;
    const namespace = `${app.config.redisKeyPrefix}rate:`;
    const memory = new MemoryWindows();
    // The plugin builds its store itself; this one counts in the same keys and windows as the sockets' budget.
    class ApiStore extends BudgetStore {
      constructor() {
        super(redis, namespace, memory);
      }
    }
    const shared = new BudgetStore(redis, namespace, memory);
    app.decorate('apiBudget', { spend: (address: string) => shared.spend(address, options.perMinute, WINDOW_MS) });
    await app.register(rateLimit, {
      global: true,
      timeWindow: WINDOW_MS,
      store: ApiStore,
      keyGenerator: budgetKey,
      max: (_request, key) => (key.startsWith('strict|') ? options.strictPerMinute : options.perMinute),
      // By the matched route, not the raw URL, so no spelling of a path slips past.
      allowList: (request) => !(request.routeOptions.url ?? '').startsWith('/api'),
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate limited' }),
    });
  },
  { name: 'rate-limit', dependencies: ['services'] },
);
