import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Per-client request counters in fixed windows: in Redis when configured, so every instance spends
 * from one budget; in this process otherwise, and also whenever Redis does not answer (each instance
 * then limits on its own, so a client may get up to one budget per instance until Redis is back).
 * Counting and reading the count are one step either way, so parallel requests never overshoot.
 */

// INCR, then the window's expiry on the first count (or on a key that somehow lost it).
const INCR = `local current = redis.call('incr', KEYS[1])
local ttl = redis.call('pttl', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('pexpire', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;
/** Clients remembered by the in-memory counter; the oldest window is forgotten first. */
const MEMORY_LIMIT = 10_000;

export interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Fixed windows in this process. */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; until: number }>();

  incr(key: string, windowMs: number, now = Date.now()): Count {
    let entry = this.windows.get(key);
    if (!entry || entry.until <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MEMORY_LIMIT) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      entry = { count: 0, until: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.until - now };
  }
}

function isCount(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number');
}

export class BudgetStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis | undefined,
    /** Prefix of the Redis keys (REDIS_KEY_PREFIX and the store's name). */
    private readonly namespace: string,
    /** Stores given the same namespace and windows count together. */
    private readonly memory = new MemoryWindows(),
  ) {}

  /** Counts one request of `key` in its window of `windowMs`. Never rejects. */
  async count(key: string, windowMs: number): Promise<Count> {
    const redis = this.redis;
    if (redis && redis.status === 'ready') {
      try {
        const answer: unknown = await redis.eval(INCR, 1, `${this.namespace}${key}`, windowMs);
        if (isCount(answer)) return { current: answer[0], ttl: answer[1] };
      } catch {
        // Redis did not answer in time: this instance counts on its own meanwhile.
      }
    }
    return this.memory.incr(key, windowMs);
  }

  /** Spends one from `key`'s budget of `max` per `windowMs`; false once it is spent. */
  async spend(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.count(key, windowMs)).current <= max;
  }

  incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
    void this.count(key, timeWindow).then((result) => callback(null, result));
  }

  /** A separate set of counters (another limiter on the same store), named the same on every instance. */
  child(routeOptions: object): BudgetStore {
    // The plugin passes { routeInfo: the route's options, or {} for createRateLimit }.
    const info: unknown = Reflect.get(routeOptions, 'routeInfo');
    const part = (name: string) => {
      const value: unknown = info !== null && typeof info === 'object' ? Reflect.get(info, name) : undefined;
      return typeof value === 'string' ? value : '';
    };
    return new BudgetStore(this.redis, `${this.namespace}${part('method')}${part('url') || 'child'}:`);
  }
}
