import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './net.js';
import { testEnv } from './env.js';

/**
 * Redis for the gateway's tests: the machine's REDIS_URL when set, else a redis-server spawned on a
 * free loopback port.  Without
 * either, Redis tests are skipped with a message, except under CI=true, where that is a failure.
 */

export class SpawnedRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<SpawnedRedis> {
    const redis = new SpawnedRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** Starts (again) on the same port. */
  start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
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
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
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

function unavailable(reason: string): undefined {
  if (testEnv.ci()) throw new Error(`CI=true and no Redis for the gateway's tests: ${reason}`);
  console.warn(`[gateway tests] Redis tests SKIPPED: ${reason}. Set REDIS_URL or install redis-server to run them.`);
  return undefined;
}

/** A Redis URL for tests that may share the machine's server (they use their own key prefix). */
/** A Redis container, where Docker works (testcontainers); undefined, with the reason logged, where it does not. */
export async function containerRedis(): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      stop: async () => {
        await container.stop();
      },
    };
  } catch (err) {
    console.warn(`[gateway tests] no Redis container: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

export async function sharedRedisUrl(): Promise<{ url: string; spawned?: { stop(): Promise<void> } } | undefined> {
  const fromEnv = testEnv.redisUrl();
  if (fromEnv) {
    if (await reachable(fromEnv)) return { url: fromEnv };
    if (testEnv.ci()) throw new Error(`CI=true and REDIS_URL=${fromEnv} does not answer`);
    console.warn(`[gateway tests] REDIS_URL=${fromEnv} does not answer; trying a spawned redis-server`);
  }
  if (!redisServerAvailable()) {
    const container = await containerRedis();
    if (container) return { url: container.url, spawned: container };
    return unavailable('REDIS_URL is not set, redis-server is not on PATH and Docker is not available for testcontainers');
  }
  const spawned = await SpawnedRedis.start();
  return { url: spawned.url, spawned };
}

/** A server of the test's own, for tests that stop Redis: never the machine's shared one. */
export async function ownRedis(): Promise<SpawnedRedis | undefined> {
  if (!redisServerAvailable()) return unavailable('redis-server is not on PATH (this test stops Redis, so it never uses REDIS_URL)');
  return SpawnedRedis.start();
}

export function uniquePrefix(): string {
  return `gwtest:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key a test run wrote under its prefix. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
