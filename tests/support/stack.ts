import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dropUpstreamSchemas } from './postgres.js';
import { Redis } from 'ioredis';
import { startCountingProxy } from './counting-proxy.js';
import type { CountingProxy } from './counting-proxy.js';
import { createLiveEvent, registerAttendees } from './event-setup.js';
import type { Attendee, LiveEvent } from './event-setup.js';
import { freePort } from '@tapcard/testkit/net';
import { createGateway, createUpstream } from './processes.js';
import type { RunMode, ServerProcess } from './processes.js';
import { deleteKeys, keysUnder, uniquePrefix } from '@tapcard/testkit/redis';
import type { RedisHandle } from '@tapcard/testkit/redis';

/**
 * The realtime stack of one run: the reference upstream (PGlite in a temporary DATA_DIR, or
 * PostgreSQL in a schema of its own), a request-counting proxy in front of it, and gateways sharing
 * one Redis under a key prefix of their own; plus one live event with registered attendees.
 */

export const BENCH_ORIGIN = 'http://bench.tapcard.local';

/** What a run's help says of the environment the stack reads. */
export const STACK_ENVIRONMENT_HELP = `DATABASE_URL (PostgreSQL in a schema of its own; PGlite otherwise), REDIS_URL (else a
spawned redis-server), CI=true (a missing Redis fails).`;

export interface StackOptions {
  mode: RunMode;
  redis: RedisHandle;
  gateways: number;
  attendees: number;
  /** Attendees (the first ones) that post chat messages; their attendee ids are read up front. */
  writers: number;
  /** postgres://…: the upstream runs on PostgreSQL in a schema of its own; PGlite otherwise. */
  databaseUrl?: string;
  gatewayEnv?: Record<string, string>;
  gatewayNodeArgs?: string[];
  /** Give each gateway an inspector port (opened later with SIGUSR1), for forced GCs in memory readings. */
  inspect?: boolean;
  label?: string;
  log?: (line: string) => void;
}

export interface Stack {
  upstream: ServerProcess;
  proxy: CountingProxy;
  gateways: ServerProcess[];
  instanceIds: string[];
  /** Per gateway, its inspector port when `inspect` was asked for. */
  inspectPorts: (number | undefined)[];
  redisUrl: string;
  /** The spawned redis-server's process id (none when REDIS_URL is used). */
  redisPid: number | undefined;
  prefix: string;
  origin: string;
  database: string;
  event: LiveEvent;
  tids: string[];
  writers: Attendee[];
  /** The instance id holding the event's poll lease, or null. */
  leaseHolder(): Promise<string | null>;
  leaseKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

async function createSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
}


/** The same URL with the schema as the connection's search_path (the upstream takes DATABASE_URL as is). */
function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const log = o.log ?? (() => undefined);
  const run = randomBytes(4).toString('hex');
  const label = o.label ?? 'rt';
  const serviceKey = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), `tapcard-${label}-`));
  const prefix = uniquePrefix(`tapcard-${label}`);
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };

  try {
    let databaseUrl: string | undefined;
    let databaseSchema: string | undefined;
    let database = `PGlite (embedded) in ${dataDir}`;
    if (o.databaseUrl) {
      const schema = `rt_${label.replace(/\W/g, '_')}_${run}`.toLowerCase();
      await createSchema(o.databaseUrl, schema);
      cleanups.push(() => dropUpstreamSchemas(o.databaseUrl ?? '', schema));
      databaseUrl = withSearchPath(o.databaseUrl, schema);
      databaseSchema = schema;
      const shown = new URL(o.databaseUrl);
      database = `PostgreSQL ${shown.host}${shown.pathname}, schema ${schema}`;
    }

    // DATABASE_SCHEMA too, not only the search_path: the migrator then looks for its own tables in this
    // schema only, not in another run's schema on the same database.
    const upstream = await createUpstream({
      mode: o.mode,
      dataDir,
      serviceKey,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(databaseSchema ? { env: { DATABASE_SCHEMA: databaseSchema } } : {}),
    });
    await upstream.start(120_000);
    cleanups.push(async () => void (await upstream.stop()));
    log(`upstream on ${upstream.url} (${database})`);

    const proxy = await startCountingProxy(upstream.url);
    cleanups.push(() => proxy.close());

    cleanups.push(() => deleteKeys(o.redis.url, prefix));
    const instanceIds = Array.from({ length: o.gateways }, (_, i) => `${label}-${String.fromCharCode(97 + i)}-${run}`);
    const inspectPorts = await Promise.all(instanceIds.map(async () => (o.inspect ? freePort() : undefined)));
    const gateways = await Promise.all(
      instanceIds.map((instanceId, i) =>
        createGateway({
          mode: o.mode,
          upstreamUrl: proxy.url,
          serviceKey,
          origin: BENCH_ORIGIN,
          instanceId,
          redisUrl: o.redis.url,
          redisKeyPrefix: prefix,
          env: { RATE_LIMIT_PER_MINUTE: '1000000', MAX_SOCKETS_PER_ADDRESS: '1000000', ...o.gatewayEnv },
          nodeArgs: [...(o.gatewayNodeArgs ?? []), ...(inspectPorts[i] ? [`--inspect-port=127.0.0.1:${inspectPorts[i]}`] : [])],
        }),
      ),
    );
    await Promise.all(gateways.map((g) => g.start(60_000)));
    cleanups.push(async () => void (await Promise.all(gateways.map((g) => g.stop()))));
    log(`gateways on ${gateways.map((g) => g.url).join(', ')} (Redis ${o.redis.url}, prefix ${prefix})`);

    const event = await createLiveEvent(upstream.url, o.attendees + 10, `Realtime ${label} ${run}`);
    const began = Date.now();
    const { tids, writers } = await registerAttendees(upstream.url, event, o.attendees, {
      concurrency: 8,
      withIds: o.writers,
      runId: run,
      onProgress: (done) => log(`registered ${done}/${o.attendees}`),
    });
    log(`event ${event.eventId}: ${tids.length} attendees registered in ${((Date.now() - began) / 1000).toFixed(1)} s`);

    const redisClient = () => {
      const r = new Redis(o.redis.url, { maxRetriesPerRequest: 1 });
      r.on('error', () => undefined);
      return r;
    };
    return {
      upstream,
      proxy,
      gateways,
      instanceIds,
      inspectPorts,
      redisUrl: o.redis.url,
      redisPid: o.redis.pid,
      prefix,
      origin: BENCH_ORIGIN,
      database,
      event,
      tids,
      writers,
      async leaseHolder() {
        const r = redisClient();
        try {
          return await r.get(`${prefix}lease:${event.eventId}`);
        } finally {
          r.disconnect();
        }
      },
      leaseKeys: () => keysUnder(o.redis.url, prefix, 'lease:*'),
      stop: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
