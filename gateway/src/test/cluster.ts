import { deleteKeys } from '@tapcard/testkit/redis';
import { FakeUpstream } from './fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway } from './gateway.js';
import type { TestGateway } from './gateway.js';

/** Two gateway instances, `<name>-a` and `<name>-b`, on one fake upstream and one Redis key prefix. */
export interface GatewayCluster {
  upstream: FakeUpstream;
  a: TestGateway;
  b: TestGateway;
  /** Closes both gateways, clears the prefix's keys and stops the upstream (the Redis server is the caller's). */
  close(): Promise<void>;
}

export async function startGatewayCluster(name: string, redis: { url: string; prefix: string }, env: Record<string, string>): Promise<GatewayCluster> {
  const upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
  const shared = { UPSTREAM_URL: upstream.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, ...env };
  const a = await startGateway({ ...shared, INSTANCE_ID: `${name}-a` });
  const b = await startGateway({ ...shared, INSTANCE_ID: `${name}-b` });
  return {
    upstream,
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await deleteKeys(redis.url, redis.prefix);
      await upstream.close();
    },
  };
}
