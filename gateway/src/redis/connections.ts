import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The gateway's Redis connections. Command connections fail fast while Redis is away (no offline
 * queue, one-second command timeout), so nothing piles up in memory and callers fall back to local
 * behaviour; the subscriber keeps its few SUBSCRIBE commands queued and resubscribes on reconnect.
 */

export interface RedisConnections {
  /** Leases, snapshots, poke publishing, PING. */
  command: Redis;
  /** Socket.IO adapter publishing (kept apart so broadcasts never delay a lease renewal). */
  publisher: Redis;
  /** Per-address rate limits and socket counts (one command per request: kept apart for the same reason). */
  limits: Redis;
  /** Socket.IO adapter and poke subscriptions. */
  subscriber: Redis;
  /** Resolves true once the command connection is ready, false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const retryStrategy = (attempt: number) => Math.min(100 * attempt, 1000);

function watch(redis: Redis, name: string, log: FastifyBaseLogger): void {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ redis: name, err: err.message }, 'redis unreachable; serving this instance locally until it returns');
  });
  redis.on('ready', () => {
    if (down) log.info({ redis: name }, 'redis reachable again');
    down = false;
  });
}

async function closeOne(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const quit = redis.quit().catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, 1000).unref());
  await Promise.race([quit, timeout]);
  redis.disconnect();
}

export function createRedisConnections(url: string, log: FastifyBaseLogger): RedisConnections {
  const failFast: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy,
  };
  const command = new Redis(url, { ...failFast, connectionName: 'gateway-command' });
  const publisher = new Redis(url, { ...failFast, connectionName: 'gateway-publisher' });
  const limits = new Redis(url, { ...failFast, connectionName: 'gateway-limits' });
  const subscriber = new Redis(url, {
    connectTimeout: 2000,
    retryStrategy,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    // ioredis writes SUBSCRIBE as soon as the socket connects (it is allowed while Redis loads); a
    // ready check (INFO) or client-info command after it fails in subscriber mode and forces a
    // reconnect that drops the subscriptions. This connection only subscribes, so it needs neither.
    enableReadyCheck: false,
    disableClientInfo: true,
  });
  watch(command, 'command', log);
  watch(publisher, 'publisher', log);
  watch(limits, 'limits', log);
  watch(subscriber, 'subscriber', log);

  return {
    command,
    publisher,
    limits,
    subscriber,
    async ready(timeoutMs) {
      if (command.status === 'ready') return true;
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
      return Promise.race([once(command, 'ready').then(() => true), timeout]);
    },
    async close() {
      await Promise.all([closeOne(command), closeOne(publisher), closeOne(limits), closeOne(subscriber)]);
    },
  };
}
