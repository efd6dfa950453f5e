import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isLoopbackHost, logFormatEnv, prettyLogs, proxyListSchema, serverTimeoutsEnv, type ServerTimeouts } from '@tapcard/shared/net';
import type { JobsConfig } from './jobs/queue.js';
import { readTicketPrivateKey } from './lib/ticket-keys.js';
import { PASSWORD_HASH_COST } from './lib/crypto.js';

/** The upstream's configuration, read once from the environment and validated. */
const envSchema = z.object({
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  UPSTREAM_HOST: z.string().default('127.0.0.1'),
  /** The gateway's listen address (`pnpm start` gives both processes one environment); checked with SMTP_URL. */
  HOST: z.string().optional(),
  /** postgres://… switches from the embedded PGlite database to a PostgreSQL server. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  /** A PostgreSQL schema to keep the tables in (created when missing); default: the server's search path. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').optional(),
  /** The PostgreSQL schema of the job queue's tables; default `<DATABASE_SCHEMA>_jobs`, or `pgboss`. */
  JOBS_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').optional(),
  /** How often an idle job worker looks for due jobs, in seconds (at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  DATA_DIR: z.string().default('./data'),
  UPLOAD_DIR: z.string().optional(),
  /** smtp(s)://user:pass@host:port — without it mail goes to the dev outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('TapCard <no-reply@tapcard.local>'),
  /**
   * The address people reach the product at; used in mailed links and card tap URLs. Default
   * http://localhost:$PORT (the gateway's port, as `pnpm start` sets it), so the minting commands
   * print the links the running app answers.
   */
  PUBLIC_URL: z.url().optional(),
  /** The gateway's port (`pnpm start` gives both processes one environment); only for PUBLIC_URL's default. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The key with which the gateway reads any event's live state. Generated into DATA_DIR when unset. */
  GATEWAY_SERVICE_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Seed the demo organiser, card and event on the first start of an empty database. */
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /**
   * TEST ONLY: `on` lets a caller on this machine move the upstream's clock forward (POST /local/clock,
   * routes/clock-control.ts), so the browser journeys see a scheduled message or a reminder fall due
   * without waiting for it. Refused beyond loopback.
   */
  CLOCK_CONTROL: z.enum(['on', 'off']).default('off').transform((v) => v === 'on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies (the gateways) whose X-Forwarded-For names the client, which per-address limits key on:
   * `false` or a comma list of IPs/CIDRs. Not TRUST_PROXY: `pnpm start` gives the gateway and the
   * upstream one environment, and the gateway's TRUST_PROXY names the proxy in front of it.
   */
  UPSTREAM_TRUST_PROXY: proxyListSchema('127.0.0.1,::1'),
  /** Social sign-in over OpenID Connect: the issuer (discovery at /.well-known/openid-configuration). */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The name on the login button and the new account's auth_type. */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).default('Google'),
  /** `test`: the built-in provider whose page lets the buyer approve their own payment (not for real sales). */
  PAYMENT_PROVIDER: z.enum(['test', 'paystack']).default('test'),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  /** Paystack's API; tests point it at a local server that answers Paystack's documented shapes. */
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /**
   * The Ed25519 private key that signs door tickets (PKCS#8 PEM, or its DER in base64). Unset: one key
   * is generated on first use and kept in the database, shared by every upstream on it.
   */
  TICKET_SIGNING_KEY: z.string().trim().min(1).optional(),
  PASSWORD_HASH_COST: z.coerce.number().int().min(PASSWORD_HASH_COST.min).max(PASSWORD_HASH_COST.max).default(PASSWORD_HASH_COST.default),
  /** Slow clients: the request's headers, and the whole request, must arrive within these (shared/net). */
  ...serverTimeoutsEnv,
  ...logFormatEnv,
});

/** OpenID Connect sign-in, when configured: all of issuer, client id and secret, or none. */
export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
}

export type PaymentConfig = { provider: 'test' } | { provider: 'paystack'; secretKey: string; baseUrl: string };

export interface UpstreamConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  dataDir: string;
  uploadDir: string;
  /** The job queue (jobs/queue.ts). */
  jobs: JobsConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  serviceKey: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Readable log lines (pino-pretty) rather than JSON. */
  prettyLogs: boolean;
  /** Proxy addresses whose X-Forwarded-For is believed; empty: the socket address is the client. */
  trustProxy: string[];
  /** null: social sign-in is not configured; the login page shows no button. */
  oidc: OidcConfig | null;
  payments: PaymentConfig;
  /** The door tickets' signing key as configured (PKCS#8 PEM or base64 DER); unset: the database's. */
  ticketSigningKey?: string | undefined;
  /** How long a connection may take to send its headers and its whole request. */
  timeouts: ServerTimeouts;
  /** log2 of scrypt's N for new password hashes (lib/crypto.ts). */
  passwordHashCost: number;
  /** TEST ONLY: the clock may be moved forward from this machine (routes/clock-control.ts). */
  clockControl: boolean;
}

export class ConfigError extends Error {}

/** The job queue's default schema: beside the app's tables' schema, or pg-boss's usual one. */
export function jobsSchemaFor(databaseSchema: string | undefined): string {
  return databaseSchema ? `${databaseSchema}_jobs` : 'pgboss';
}

/**
 * Reads and validates the environment; a bad value throws a ConfigError naming the variable.
 * `stdoutIsTerminal`: whether the logs go to a terminal (LOG_FORMAT=auto prints readable lines there).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTerminal = process.stdout.isTTY === true): UpstreamConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  refuseOpenOutbox(e.SMTP_URL, e.UPSTREAM_HOST, e.HOST);
  if (e.CLOCK_CONTROL && !isLoopbackHost(e.UPSTREAM_HOST)) {
    throw new ConfigError(`Invalid configuration:\n  CLOCK_CONTROL: is for tests on one machine and cannot be on while listening beyond it (UPSTREAM_HOST=${e.UPSTREAM_HOST})`);
  }
  const oidc = oidcConfig(e);
  if (e.PAYMENT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  PAYSTACK_SECRET_KEY: must be set when PAYMENT_PROVIDER=paystack');
  }
  if (e.TICKET_SIGNING_KEY !== undefined) checkTicketSigningKey(e.TICKET_SIGNING_KEY);
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.UPSTREAM_PORT,
    host: e.UPSTREAM_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir,
    jobs: { schema: e.JOBS_SCHEMA ?? jobsSchemaFor(e.DATABASE_SCHEMA), pollSeconds: e.JOBS_POLL_SECONDS },
    uploadDir: resolve(e.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    serviceKey: e.GATEWAY_SERVICE_KEY ?? serviceKeyFile(dataDir),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    prettyLogs: prettyLogs(e.LOG_FORMAT, stdoutIsTerminal),
    trustProxy: e.UPSTREAM_TRUST_PROXY,
    oidc,
    payments:
      e.PAYMENT_PROVIDER === 'paystack'
        ? { provider: 'paystack', secretKey: e.PAYSTACK_SECRET_KEY ?? '', baseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, '') }
        : { provider: 'test' },
    ticketSigningKey: e.TICKET_SIGNING_KEY,
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS },
    passwordHashCost: e.PASSWORD_HASH_COST,
    clockControl: e.CLOCK_CONTROL,
  };
}

/** A configured ticket key that cannot sign would fail every token page and access mail: refused at start. */
function checkTicketSigningKey(text: string): void {
  try {
    readTicketPrivateKey(text);
  } catch {
    throw new ConfigError('Invalid configuration:\n  TICKET_SIGNING_KEY: must be an Ed25519 private key, as PKCS#8 PEM or its DER in base64');
  }
}

/** Social sign-in is configured by all three of OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or left off. */
function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | null {
  const given = { OIDC_ISSUER_URL: e.OIDC_ISSUER_URL, OIDC_CLIENT_ID: e.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET };
  const missing = Object.entries(given).filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length === 3) return null;
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: must be set with the other OIDC_ variables for social sign-in`);
  return { issuerUrl: e.OIDC_ISSUER_URL ?? '', clientId: e.OIDC_CLIENT_ID ?? '', clientSecret: e.OIDC_CLIENT_SECRET ?? '', providerName: e.OIDC_PROVIDER_NAME };
}

/**
 * Without SMTP_URL every mail (sign-up codes, password-reset links) goes to the dev outbox, which is
 * meant for one machine: listening beyond loopback (UPSTREAM_HOST, or the gateway's HOST) needs SMTP.
 */
function refuseOpenOutbox(smtpUrl: string | undefined, upstreamHost: string, gatewayHost: string | undefined): void {
  if (smtpUrl) return;
  const open = [
    ...(isLoopbackHost(upstreamHost) ? [] : [`UPSTREAM_HOST=${upstreamHost}`]),
    ...(gatewayHost === undefined || gatewayHost.trim() === '' || isLoopbackHost(gatewayHost) ? [] : [`HOST=${gatewayHost}`]),
  ];
  if (open.length === 0) return;
  throw new ConfigError(
    `Invalid configuration:\n  SMTP_URL: must be set when listening beyond this machine (${open.join(', ')}); ` +
      'without it mail (sign-up codes, password-reset links) would go to the dev outbox instead of being sent. ' +
      'Set SMTP_URL=smtp://…, or listen on a loopback address (127.0.0.1).',
  );
}

/** The embedded default: a key generated once and kept in DATA_DIR, where the gateway reads it too. */
export function serviceKeyFile(dataDir: string): string {
  const path = join(dataDir, 'service-key');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    writeFileSync(path, key, { mode: 0o600 });
    return key;
  }
}
