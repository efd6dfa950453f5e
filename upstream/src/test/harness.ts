import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SERVER_TIMEOUTS } from '@tapcard/shared/net';
import { buildApp } from '../app.js';
import type { UpstreamConfig } from '../config.js';
import { dropSchema, migrate, openDatabase, type Db } from '../db/database.js';
import { hashPassword, hashToken, PASSWORD_HASH_COST, randomId, randomToken } from '../lib/crypto.js';
import { outboxTransport, smtpTransport } from '../lib/mailer.js';
import { mailQueue } from '../mail/queue.js';
import { createPaymentProvider } from '../domain/payment-providers.js';
import type { LiveChangesOptions } from '../plugins/live-changes.js';
import { testEnv } from './env.js';
import { migratedPgliteSnapshot } from './pglite-snapshot.js';

/**
 * One upstream per test file, on the database the run asks for: embedded PGlite by default, or the
 * PostgreSQL server at DATABASE_URL in a schema of its own when UPSTREAM_TEST_DB=postgres (the
 * `upstream-postgres` vitest project). Share it across a file's tests (beforeAll): PGlite takes
 * a while to start, even from the migrated snapshot it loads (test/pglite-snapshot.ts).
 */
export interface TestUpstream {
  app: FastifyInstance;
  db: Db;
  config: UpstreamConfig;
  clock: TestClock;
  /** Every delay a throttle held a request back by (ms), oldest first; tests do not really wait them. */
  delays: number[];
  /** Mail sent so far, newest last. */
  outbox(to?: string): Promise<{ to: string; subject: string; text: string }[]>;
  close(): Promise<void>;
}

export interface TestClock {
  now(): Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  let fixed: number | null = null;
  return {
    now: () => new Date((fixed ?? Date.now()) + offset),
    set: (date) => {
      fixed = new Date(date).getTime();
      offset = 0;
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The mail queue's timings in tests: retries fall due within a second. */
export const TEST_MAIL_QUEUE = { retryDelaysMs: [100, 200, 400], pollMs: 100 } as const;

export const SERVICE_KEY = 'test-service-key-0123456789abcdef';
/** The lowest scrypt cost: the suites hash thousands of passwords, and the cost is not what they test. */
export const TEST_PASSWORD_HASH_COST = PASSWORD_HASH_COST.min;

export interface TestUpstreamOptions {
  /** How requests are held to their calls' declared live changes (default: every call of the contract). */
  liveChanges?: LiveChangesOptions;
}

export async function createTestUpstream(overrides: Partial<UpstreamConfig> = {}, options: TestUpstreamOptions = {}): Promise<TestUpstream> {
  const usePostgres = testEnv.usePostgres();
  const databaseUrl = testEnv.databaseUrl();
  if (usePostgres && !databaseUrl) throw new Error('UPSTREAM_TEST_DB=postgres needs DATABASE_URL');
  const schema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'upstream-test-'));
  const config: UpstreamConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: usePostgres ? databaseUrl : undefined,
    databaseSchema: schema,
    dataDir,
    uploadDir: join(dataDir, 'uploads'),
    smtpUrl: undefined,
    mailFrom: 'TapCard <no-reply@tapcard.test>',
    publicUrl: 'http://localhost:3000',
    serviceKey: SERVICE_KEY,
    seedDemo: false,
    logLevel: 'silent',
    prettyLogs: false,
    trustProxy: ['127.0.0.1', '::1'],
    oidc: null,
    payments: { provider: 'test' },
    timeouts: DEFAULT_SERVER_TIMEOUTS,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...overrides,
  };
  const opened = await openDatabase(usePostgres ? { databaseUrl, schema } : { pgliteSnapshot: await migratedPgliteSnapshot() });
  await migrate(opened, schema);
  const clock = testClock();
  const payments = createPaymentProvider(config.payments, { db: opened.db, publicApiBase: `${config.publicUrl}/api`, now: clock.now });
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  const app = await buildApp({ config, db: opened.db, mailer: mailQueue(opened.db, config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(opened.db), TEST_MAIL_QUEUE), payments, now: clock.now, sleep, checkLiveChanges: options.liveChanges ?? {} }, { logger: false });
  return {
    app,
    db: opened.db,
    config,
    clock,
    delays,
    async outbox(to) {
      let q = opened.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).orderBy('id');
      if (to) q = q.where('to_address', '=', to);
      return (await q.execute()).map((m) => ({ to: m.to_address, subject: m.subject, text: m.text }));
    },
    async close() {
      await app.close();
      await opened.close();
      if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test upstream whose clock stands still: parallel posts share one instant, and waits are the test's own moves. */
export async function createStillClockUpstream(): Promise<TestUpstream> {
  const t = await createTestUpstream();
  t.clock.set(new Date());
  return t;
}

/** A user made by createUser, with the bearer header of its live session. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  authorization: string;
}

/** A user with a live session, made directly in the database (fast). */
export async function createUser(t: TestUpstream, input: { email?: string; password?: string; name?: string } = {}): Promise<TestUser> {
  const id = randomId();
  const email = input.email ?? `user-${id.toLowerCase()}@example.com`;
  const password = input.password ?? 'Passw0rd!';
  await t.db
    .insertInto('users')
    .values({ id, email, name: input.name ?? 'Test User', password_hash: await hashPassword(password, TEST_PASSWORD_HASH_COST), auth_type: 'Email', image: null, description: '' })
    .execute();
  const token = randomToken();
  await t.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: id, expires_at: new Date(t.clock.now().getTime() + 86_400_000) })
    .execute();
  return { id, email, password, token, authorization: `Bearer ${token}` };
}

/** A fresh upstream with one signed-in organiser, for a test file's events. */
export async function upstreamWithOrganiser(name: string): Promise<{ t: TestUpstream; organiser: TestUser }> {
  const t = await createTestUpstream();
  return { t, organiser: await createUser(t, { name }) };
}
