import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createMetrics } from '../metrics.js';
import type { Metrics } from '../metrics.js';
import { createRedisConnections } from '../redis/connections.js';
import type { RedisConnections } from '../redis/connections.js';
import { createMemoryCoordination } from '../realtime/coordination/memory.js';
import { createRedisCoordination } from '../realtime/coordination/redis.js';
import type { Coordination } from '../realtime/coordination/types.js';
import { UpstreamClient } from '../clients/upstream.js';

/** The shared services: metrics, the upstream client, Redis (when configured) and coordination. */

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    metrics: Metrics;
    upstream: UpstreamClient;
    redis: RedisConnections | undefined;
    coordination: Coordination;
  }
}

const REDIS_READY_WAIT_MS = 2000;

export default fp(
  async (app, options: { config: Config }) => {
    const { config } = options;
    const redis = config.redisUrl ? createRedisConnections(config.redisUrl, app.log) : undefined;
    if (redis && !(await redis.ready(REDIS_READY_WAIT_MS))) {
      app.log.warn('redis is not reachable yet; this instance serves its own clients until it is');
    }
    const coordination = redis
      ? createRedisCoordination({ connections: redis, prefix: config.redisKeyPrefix, instanceId: config.instanceId, leaseTtlMs: config.leaseTtlMs, log: app.log })
      : createMemoryCoordination(config.instanceId);
    app.decorate('config', config);
    app.decorate('metrics', createMetrics());
    app.decorate('upstream', new UpstreamClient({ baseUrl: config.upstreamUrl, serviceKey: config.serviceKey, timeoutMs: config.upstreamTimeoutMs }));
    app.decorate('redis', redis);
    app.decorate('coordination', coordination);
    // Registered first, so it runs after the realtime plugin has released its leases.
    app.addHook('onClose', async () => coordination.close());
  },
  { name: 'services' },
);
