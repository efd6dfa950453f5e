import { dropUpstreamSchemas } from '../../support/postgres.js';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@tapcard/testkit/net';
import { startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { inheritedEnv, testEnv } from '../../support/env.js';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the accessibility sweep leaves the screenshots of a failing route. */
export const SCREENSHOTS = join(repoRoot, 'tests/reports/screenshots');

export interface RunningProduct {
  baseUrl: string;
  port: number;
  upstreamUrl: string;
  dataDir: string;
  /** The environment the product runs with (for the CLI commands the journeys call). */
  env: Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the product exactly as a newcomer does (`node scripts/start.mjs`, which `pnpm start` runs),
 * on free ports and a fresh data folder, and waits until the gateway answers.
 */
export async function startProduct(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const upstreamPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tapcard-e2e-'));
  const env: Record<string, string> = {
    PORT: String(port),
    UPSTREAM_PORT: String(upstreamPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ALLOWED_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Every journey's browser comes from 127.0.0.1, so the per-address budgets of /api (tested on their
    // own in the gateway's suites) would count the whole run as one client.
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_SOCKETS_PER_ADDRESS: '100000',
    // The journeys check what the server renders; on a loaded machine a render's data can take longer
    // than the 800 ms a phone is kept waiting for it (the fallback to the app shell past that time is
    // tested in the gateway's own suite).
    SSR_TIMEOUT_MS: '10000',
    // scrypt's lowest cost: the journeys sign up and in hundreds of times, and the cost is not what they test.
    PASSWORD_HASH_COST: '10',
    // A Redis shared with other runs keeps this run's counters apart.
    REDIS_KEY_PREFIX: `e2e-${randomBytes(4).toString('hex')}:`,
    ...extraEnv,
  };
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: inheritedEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited while starting:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`the product did not start within 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    baseUrl,
    port,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    dataDir,
    env,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A product with a database of its own: with DATABASE_URL (CI) the upstream runs on that PostgreSQL
 * server in a fresh schema (so the journeys can also run the CLI commands beside the running server),
 * dropped again on stop; without it, on the embedded PGlite database in its data folder.
 */
export async function startProductWithOwnDatabase(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const base = testEnv.databaseUrl();
  if (!base) return startProduct(extraEnv);
  // The upstream creates the schema and keeps every table (and its migration records) in it.
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  let product: RunningProduct;
  try {
    product = await startProduct({ DATABASE_URL: base, DATABASE_SCHEMA: schema, ...extraEnv });
  } catch (error) {
    await dropUpstreamSchemas(base, schema);
    throw error;
  }
  return {
    ...product,
    async stop() {
      await product.stop();
      await dropUpstreamSchemas(base, schema);
    },
  };
}


/** A real SMTP server and a product of the test file's own that mails through it (the mail journeys). */
export async function startMailingProduct(extraEnv: Record<string, string> = {}): Promise<{ smtp: TestSmtp; product: RunningProduct }> {
  const smtp = await startTestSmtp();
  return { smtp, product: await startProductWithOwnDatabase({ SMTP_URL: smtp.url, ...extraEnv }) };
}

/** Stops what `startMailingProduct` started (either may be missing when its start failed). */
export async function stopMailingProduct(running: { smtp?: TestSmtp; product?: RunningProduct }): Promise<void> {
  await running.product?.stop();
  await running.smtp?.stop();
}
