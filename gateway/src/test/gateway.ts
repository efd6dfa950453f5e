import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/** Gateway instances in the test process, on ephemeral loopback ports. */

export const TEST_ORIGIN = 'http://app.test';
export const TEST_SERVICE_KEY = `test-service-key-${randomBytes(12).toString('hex')}`;

export interface TestGateway {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startGateway(env: Record<string, string | undefined>): Promise<TestGateway> {
  const config = loadConfig({
    GATEWAY_SERVICE_KEY: TEST_SERVICE_KEY,
    LOG_LEVEL: 'silent',
    ALLOWED_ORIGINS: TEST_ORIGIN,
    WEB_DIST: '/nonexistent/web/dist',
    WEB_SSR_ENTRY: 'off',
    POLL_INTERVAL_MS: '200',
    LEASE_TTL_MS: '1000',
    PORT: '0',
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('gateway has no port');
  let closed = false;
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}
