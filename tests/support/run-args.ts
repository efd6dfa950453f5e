import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { resolveRedis, type RedisHandle } from '@tapcard/testkit/redis';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options every bench run takes beside its own. */
const RUN_OPTIONS = {
  'no-write': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** What parseArgs answers for a run's own options and the common ones. */
type RunValues<T extends Options> = ReturnType<typeof parseArgs<{ options: T & typeof RUN_OPTIONS; allowPositionals: false }>>['values'];

/** A bench run's command line (its own options, --no-write and --help); --help prints `help` and exits. */
export function parseRunArgs<const T extends Options>(help: string, options: T): RunValues<T> {
  const all: Options = { ...options, ...RUN_OPTIONS };
  const { values } = parseArgs({ options: all, allowPositionals: false });
  if (values.help) {
    console.log(help);
    process.exit(0);
  }
  return values as RunValues<T>;
}

/** The Redis a bench run uses (REDIS_URL, else one of its own); without one the run exits 1. */
export async function benchRedis(): Promise<RedisHandle> {
  const resolved = await resolveRedis();
  if ('skip' in resolved) {
    console.error(`No Redis: ${resolved.skip}. Set REDIS_URL or install redis-server.`);
    process.exit(1);
  }
  return resolved.handle;
}

/** Runs a bench's body, then stops its Redis and exits: 1 when the body answers that the run failed, or throws. */
export async function runBench(redis: RedisHandle, body: () => Promise<boolean>): Promise<never> {
  let failed = false;
  try {
    failed = await body();
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    await redis.stop();
  }
  process.exit(failed ? 1 : 0);
}
