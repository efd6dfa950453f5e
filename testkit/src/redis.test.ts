import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './net.js';
import { deleteKeys, keysUnder, ownRedis, resolveRedis, uniquePrefix } from './redis.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Redis under CI=true', () => {
  it('fails, rather than skips, when REDIS_URL does not answer', async () => {
    vi.stubEnv('CI', 'true');
    vi.stubEnv('REDIS_URL', `redis://127.0.0.1:${await freePort()}`);
    await expect(resolveRedis()).rejects.toThrow(/^CI=true and REDIS_URL=redis:\/\/127\.0\.0\.1:\d+ does not answer$/);
  });
});

// A server of this test's own (under CI=true a machine without redis-server fails here).
const own = await ownRedis();

describe.skipIf(!own)('a redis-server of the test own', () => {
  const url = own?.url ?? '';
  afterAll(async () => {
    await own?.stop();
  });

  async function ping(): Promise<string> {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.ping();
    } finally {
      client.disconnect();
    }
  }

  it('finds and deletes the keys under a prefix, and only those', async () => {
    const prefix = uniquePrefix('testkit');
    const other = uniquePrefix('testkit');
    expect(prefix).toMatch(/^testkit:\d+:[0-9a-f]{8}:$/);
    const client = new Redis(url);
    await client.mset(`${prefix}lease:a`, '1', `${prefix}state:a`, '2', `${other}lease:a`, '3');
    client.disconnect();
    expect(await keysUnder(url, prefix, 'lease:*')).toEqual([`${prefix}lease:a`]);
    await deleteKeys(url, prefix);
    expect(await keysUnder(url, prefix)).toEqual([]);
    expect(await keysUnder(url, other)).toEqual([`${other}lease:a`]);
  });

  it('stops like a crash and starts again on the same port', async () => {
    expect(await ping()).toBe('PONG');
    await own?.stop();
    await expect(ping()).rejects.toThrow();
    await own?.start();
    expect(await ping()).toBe('PONG');
  });
});
