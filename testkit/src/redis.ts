import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testkitEnv } from './env.js';
import { freePort } from './net.js';

/**
 * Redis for tests and benchmarks: the machine's REDIS_URL when it answers, else a redis-server spawned
 * on a free loopback port, else a container (testcontainers) where Docker works. Every run works under
 * a key prefix of its own, so it may share the machine's server. Without any of them the tests that
 * need Redis are skipped with a message, except under CI=true, where that is a failure.
 */

export interface RedisHandle {
  url: string;
  /** 'env' when REDIS_URL was used, else spawned here, or a testcontainers container. */
  source: 'env' | 'spawned' | 'container';
  /** The spawned server's process id. */
  pid?: number;
  /** Stops what was started here (REDIS_URL's server is left alone). */
  stop(): Promise<void>;
}

/** A redis-server of this process's own, which a test may stop and start again on the same port. */
export class SpawnedRedis implements RedisHandle {
  readonly source = 'spawned';
  private child: ChildProcess | undefined;
  /** Ends the server with this process, however it ends (a runner stopped with Ctrl-C included). */
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  static async start(): Promise<SpawnedRedis> {
    const redis = new SpawnedRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** Starts (again) on the same port. */
  start(): Promise<void> {
    // Benchmarks open thousands of connections; redis-server lowers the limit itself where the machine allows fewer.
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxclients', '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    process.once('exit', this.killOnExit);
    child.once('exit', () => process.off('exit', this.killOnExit));
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

  /** Kills the server at once, as a crash would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
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

/** A Redis container, where Docker works; undefined, with the reason logged, where it does not. */
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

/**
 * A Redis that may be shared with other runs (work under a prefix of your own): REDIS_URL when it
 * answers, else a spawned redis-server, else a container; `skip` with the reason when none is possible.
 * Under CI=true that throws instead, as does a REDIS_URL that does not answer.
 */
export async function resolveRedis(): Promise<{ handle: RedisHandle } | { skip: string }> {
  const fromEnv = testkitEnv.redisUrl();
  if (fromEnv) {
    if (await reachable(fromEnv)) return { handle: { url: fromEnv, source: 'env', stop: async () => undefined } };
    if (testkitEnv.ci()) throw new Error(`CI=true and REDIS_URL=${fromEnv} does not answer`);
    console.warn(`REDIS_URL=${fromEnv} does not answer; trying a spawned redis-server`);
  }
  if (!redisServerAvailable()) {
    const container = await containerRedis();
    if (container) return { handle: container };
    return skipOrFail(`${fromEnv ? `REDIS_URL=${fromEnv} does not answer` : 'REDIS_URL is not set'}, redis-server is not on PATH and Docker is not available for testcontainers`);
  }
  return { handle: await SpawnedRedis.start() };
}

/** resolveRedis for a test file: the handle, or undefined (its tests skip) with the reason said on the console. */
export async function sharedRedis(): Promise<RedisHandle | undefined> {
  const resolved = await resolveRedis();
  if ('handle' in resolved) return resolved.handle;
  warnSkipped(resolved.skip);
  return undefined;
}

/** A server of the test's own, for tests that stop Redis: never the machine's shared one. */
export async function ownRedis(): Promise<SpawnedRedis | undefined> {
  if (redisServerAvailable()) return SpawnedRedis.start();
  warnSkipped(skipOrFail('redis-server is not on PATH (this test stops Redis, so it never uses REDIS_URL)').skip);
  return undefined;
}

function skipOrFail(reason: string): { skip: string } {
  if (testkitEnv.ci()) throw new Error(`CI=true and no Redis: ${reason}`);
  return { skip: reason };
}

function warnSkipped(reason: string): void {
  console.warn(`Redis tests SKIPPED: ${reason}. Set REDIS_URL or install redis-server to run them.`);
}

/** A key prefix no other run uses: `<label>:<pid>:<random>:`. */
export function uniquePrefix(label = 'test'): string {
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
