import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './net.js';
import { track } from './processes.js';
import { testEnv } from './env.js';

/**
 * Redis for benchmarks and integration tests: the machine's REDIS_URL when it answers, else a
 * redis-server spawned on a free loopback port, else a container (testcontainers) where Docker works. Every run works under a key prefix of its own, so it
 * may share the machine's server. Under CI=true a missing Redis is a failure, never a skip.
 */

export interface RedisHandle {
  url: string;
  /** 'env' when REDIS_URL was used, else spawned here, or a testcontainers container. */
  source: 'env' | 'spawned' | 'container';
  /** The spawned server's process id. */
  pid?: number;
  stop(): Promise<void>;
}

export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

async function reachable(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function spawnRedis(): Promise<RedisHandle> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxclients', '20000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    source: 'spawned',
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * REDIS_URL when it answers, else a spawned redis-server; undefined (with the reason) when neither
 * is possible, which callers turn into a skip locally. Under CI=true that throws instead.
 */
export async function resolveRedis(): Promise<{ handle: RedisHandle } | { skip: string }> {
  const fromEnv = testEnv.redisUrl();
  if (fromEnv) {
    if (await reachable(fromEnv)) return { handle: { url: fromEnv, source: 'env', stop: async () => undefined } };
    if (testEnv.ci()) throw new Error(`CI=true and REDIS_URL=${fromEnv} does not answer`);
  }
  if (!redisServerAvailable()) {
    const container = await containerRedis();
    if (container) return { handle: container };
    const reason = `${fromEnv ? `REDIS_URL=${fromEnv} does not answer` : 'REDIS_URL is not set'}, redis-server is not on PATH and Docker is not available for testcontainers`;
    if (testEnv.ci()) throw new Error(`CI=true and no Redis: ${reason}`);
    return { skip: reason };
  }
  return { handle: await spawnRedis() };
}

/** A Redis container, where Docker works; undefined where it does not. */
async function containerRedis(): Promise<RedisHandle | undefined> {
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      source: 'container',
      stop: async () => {
        await container.stop();
      },
    };
  } catch (err) {
    console.warn(`no Redis container: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

export function uniquePrefix(label: string): string {
  return `${label}:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

function client(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  return redis;
}

/** The keys under `prefix` matching `pattern` (e.g. 'lease:*'). */
export async function keysUnder(url: string, prefix: string, pattern = '*'): Promise<string[]> {
  const redis = client(url);
  const found: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return found;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const keys = await keysUnder(url, prefix);
  if (keys.length === 0) return;
  const redis = client(url);
  try {
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
}
