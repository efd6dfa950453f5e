import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@tapcard/testkit/smtp';
import { DEFAULT_SERVER_TIMEOUTS } from '@tapcard/shared/net';
import { buildApp } from '../app.js';
import { jobsSchemaFor, type UpstreamConfig } from '../config.js';
import { dropSchema, migrate, openDatabase, type Db } from '../db/database.js';
import { hashPassword, hashToken, PASSWORD_HASH_COST, randomId, randomToken } from '../lib/crypto.js';
import { outboxTransport, smtpTransport, type MailTransport } from '../lib/mailer.js';
import { MAIL_JOB, mailQueue, type MailQueueOptions } from '../mail/queue.js';
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
  /** Mail stored and not yet delivered nor given up on (the mail jobs waiting or running), to `to` when given. */
  pendingMail(to?: string): Promise<{ id: string; state: string; retryCount: number }[]>;
  /** How many jobs named `name` wait or run. */
  pendingJobs(name: string): Promise<number>;
  /** Mail given up on, to `to` when given. */
  failedMail(to?: string): Promise<{ id: string; retryCount: number }[]>;
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

/**
 * The mail queue's timings in tests: a failed first attempt is retried after a second, then 2 s, 4 s, …
 * The sender's own attempt holds its mail a minute, as in production longer than a delivery takes: with
 * a one-second hold, a delivery slowed past it on a loaded machine was sent again by the queue.
 */
export const TEST_MAIL_QUEUE = { retryDelaySeconds: 1, firstAttemptSeconds: 60 } as const;

/** The job queue's timings in tests: idle workers look every half second. */
export const TEST_JOBS_POLL_SECONDS = 0.5;

export const SERVICE_KEY = 'test-service-key-0123456789abcdef';
/** The lowest scrypt cost: the suites hash thousands of passwords, and the cost is not what they test. */
export const TEST_PASSWORD_HASH_COST = PASSWORD_HASH_COST.min;

export interface TestUpstreamOptions {
  /** How requests are held to their calls' declared live changes (default: every call of the contract). */
  liveChanges?: LiveChangesOptions;
  /** How mail is delivered (default: SMTP at smtpUrl, else the dev outbox), and the mail queue's timings. */
  transport?: MailTransport;
  mailQueue?: MailQueueOptions;
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
    jobs: { schema: jobsSchemaFor(schema), pollSeconds: TEST_JOBS_POLL_SECONDS },
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
    clockControl: false,
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
  const app = await buildApp({ config, db: opened.db, mailer: mailQueue(options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(opened.db)), { ...TEST_MAIL_QUEUE, ...options.mailQueue }), payments, now: clock.now, movableClock: clock, sleep, checkLiveChanges: options.liveChanges ?? {} }, { logger: false });
  return {
    app,
    db: opened.db,
    config,
    clock,
    delays,
    pendingMail: (to) => mailJobs(opened.db, config.jobs.schema, ['created', 'retry', 'active'], to),
    async pendingJobs(name) {
      const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${config.jobs.schema}.job`)} where name = ${name} and state::text in ('created', 'retry', 'active')`.execute(opened.db);
      return rows.rows[0]?.n ?? 0;
    },
    failedMail: (to) => mailJobs(opened.db, config.jobs.schema, ['failed'], to),
    async outbox(to) {
      let q = opened.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).orderBy('id');
      if (to) q = q.where('to_address', '=', to);
      return (await q.execute()).map((m) => ({ to: m.to_address, subject: m.subject, text: m.text }));
    },
    async close() {
      await app.close();
      await opened.close();
      if (schema && databaseUrl) {
        await dropSchema(databaseUrl, schema);
        await dropSchema(databaseUrl, config.jobs.schema);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function mailJobs(db: Db, jobsSchema: string, states: string[], to?: string): Promise<{ id: string; state: string; retryCount: number }[]> {
  const rows = await sql<{ id: string; state: string; retry_count: number }>`select id, state::text as state, retry_count from ${sql.table(`${jobsSchema}.job`)} where name = ${MAIL_JOB} and state::text in (${sql.join(states)}) and (${to ?? null}::text is null or data->>'to' = ${to ?? null}) order by created_on`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, state: r.state, retryCount: r.retry_count }));
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

/**
 * The test file's upstream: created before its tests (and handed to `started`), closed after them.
 * `overrides` is read when it is created.
 */
export function upstreamForFile(started: (t: TestUpstream) => void, overrides: () => Partial<UpstreamConfig> = () => ({})): void {
  let t: TestUpstream | undefined;
  beforeAll(async () => {
    t = await createTestUpstream(overrides());
    started(t);
  });
  afterAll(async () => {
    await t?.close();
  });
}

export interface MailingUpstream {
  smtp: TestSmtp;
  t: TestUpstream;
  organiser: TestUser;
}

/**
 * The test file's upstream delivering its mail to a real SMTP server, with a signed-in organiser named
 * Olu Organiser: started before the file's tests (and handed to `started`), stopped after them.
 */
export function mailingUpstreamForFile(started: (upstream: MailingUpstream) => void, overrides: Partial<UpstreamConfig> = {}): void {
  let smtp: TestSmtp | undefined;
  let t: TestUpstream | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestUpstream({ smtpUrl: smtp.url, ...overrides });
    started({ smtp, t, organiser: await createUser(t, { name: 'Olu Organiser' }) });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
}

/** A fresh upstream with one signed-in organiser, for a test file's events. */
export async function upstreamWithOrganiser(name: string): Promise<{ t: TestUpstream; organiser: TestUser }> {
  const t = await createTestUpstream();
  return { t, organiser: await createUser(t, { name }) };
}
