import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPS, LIMITS, POLL_INTERVAL_MS } from '@tapcard/shared/constants';
import { logFormatEnv, prettyLogs, proxyListSchema, serverTimeoutsEnv } from '@tapcard/shared/net';
import { z } from 'zod';

/** Read once at start; a bad value stops the process with a message naming the variable. */

const SERVICE_KEY_MIN_LENGTH = 24;
/** `gateway/src` and `gateway/dist` both sit two levels below the workspace root. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_WEB_SSR = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));
const origin = z.url({ protocol: /^https?$/ }).transform((u, ctx) => {
  const parsed = new URL(u);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    ctx.addIssue({ code: 'custom', message: `'${u}' is not an origin (scheme://host[:port] only)` });
    return z.NEVER;
  }
  return parsed.origin;
});

const list = (s: string) => s.split(',').map((v) => v.trim()).filter((v) => v.length > 0);

const envSchema = z.object({
  PORT: int(0, 65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  UPSTREAM_URL: httpUrl.default('http://127.0.0.1:4000'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only').default('tapcard:'),
  GATEWAY_SERVICE_KEY: z
    .string()
    .trim()
    .min(SERVICE_KEY_MIN_LENGTH, `required, at least ${SERVICE_KEY_MIN_LENGTH} characters (or a service-key file in DATA_DIR)`),
  DATA_DIR: z.string().min(1).optional(),
  WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
  // The web build's server render; 'off' (or a missing file) serves the app shell to every route.
  WEB_SSR_ENTRY: z.string().min(1).default(DEFAULT_WEB_SSR),
  // A page whose data takes longer is sent as the app shell: the browser then fetches it itself.
  SSR_TIMEOUT_MS: int(50, 10_000).default(800),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? undefined : list(s)))
    .pipe(z.array(origin).min(1, 'must list at least one origin').optional()),
  TRUST_PROXY: proxyListSchema('false'),
  POLL_INTERVAL_MS: int(50, 60_000).default(POLL_INTERVAL_MS),
  // 'off': a chat write's stored message is not emitted from its answer; the write wakes a poll, which emits it.
  WRITE_THROUGH: z.enum(['on', 'off']).default('on'),
  // ttl + one lease retry + one poll must stay under the 3 s takeover target.
  LEASE_TTL_MS: int(300, 2500).default(2000),
  INSTANCE_ID: z.string().regex(/^[\w.-]{1,64}$/, 'letters, digits and _ . - only').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPSTREAM_TIMEOUT_MS: int(100, 120_000).default(15_000),
  UPLOAD_TIMEOUT_MS: int(100, 600_000).default(60_000),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(LIMITS.apiRequests.max),
  AUTH_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(LIMITS.apiAuthRequests.max),
  // Open sockets per client address (every instance together): a venue's Wi-Fi puts many phones behind one address.
  MAX_SOCKETS_PER_ADDRESS: int(1, 1_000_000).default(CAPS.socketsPerAddress.max),
  // How often organiser and door subscriptions are checked again with the upstream (sessions that expire,
  // staff links revoked without a write through any gateway).
  ORGANISER_RECHECK_MS: int(200, 3_600_000).default(60_000),
  // Socket.IO heartbeat (its own defaults): a client that stops reading, so stops answering pings, is
  // dropped at most PING_INTERVAL_MS + PING_TIMEOUT_MS after its last answer.
  PING_INTERVAL_MS: int(1000, 300_000).default(25_000),
  PING_TIMEOUT_MS: int(1000, 300_000).default(20_000),
  // A socket whose unsent data (engine queue + websocket buffer) exceeds this is a slow consumer and is dropped.
  SLOW_CONSUMER_MAX_BYTES: int(16 * 1024, 1024 * 1024 * 1024).default(1024 * 1024),
  // Slow clients: the request's headers, and the whole request, must arrive within these (shared/net).
  ...serverTimeoutsEnv,
  ...logFormatEnv,
});

const configSchema = envSchema
  .refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, { path: ['HEADERS_TIMEOUT_MS'], message: 'must not exceed REQUEST_TIMEOUT_MS' })
  .transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  upstreamUrl: e.UPSTREAM_URL,
  redisUrl: e.REDIS_URL,
  redisKeyPrefix: e.REDIS_KEY_PREFIX,
  serviceKey: e.GATEWAY_SERVICE_KEY,
  webDist: e.WEB_DIST,
  webSsrEntry: e.WEB_SSR_ENTRY === 'off' ? null : e.WEB_SSR_ENTRY,
  ssrTimeoutMs: e.SSR_TIMEOUT_MS,
  allowedOrigins: e.ALLOWED_ORIGINS ?? [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`],
  /** Proxy addresses whose X-Forwarded-For is believed; empty: the socket address is the client. */
  trustProxy: e.TRUST_PROXY,
  pollIntervalMs: e.POLL_INTERVAL_MS,
  leaseTtlMs: e.LEASE_TTL_MS,
  writeThrough: e.WRITE_THROUGH === 'on',
  instanceId: e.INSTANCE_ID ?? `${hostname().replace(/[^\w.-]/g, '-').slice(0, 40)}-${randomBytes(4).toString('hex')}`,
  logLevel: e.LOG_LEVEL,
  upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
  uploadTimeoutMs: e.UPLOAD_TIMEOUT_MS,
  rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
  authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
  maxSocketsPerAddress: e.MAX_SOCKETS_PER_ADDRESS,
  organiserRecheckMs: e.ORGANISER_RECHECK_MS,
  pingIntervalMs: e.PING_INTERVAL_MS,
  pingTimeoutMs: e.PING_TIMEOUT_MS,
  slowConsumerMaxBytes: e.SLOW_CONSUMER_MAX_BYTES,
  timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS },
  logFormat: e.LOG_FORMAT,
}));
export type Config = Omit<z.output<typeof configSchema>, 'logFormat'> & {
  /** Readable log lines (pino-pretty) rather than JSON. */
  prettyLogs: boolean;
};

export class ConfigError extends Error {}

function readServiceKeyFile(dataDir: string | undefined): string | undefined {
  if (!dataDir) return undefined;
  const file = join(dataDir, 'service-key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** `stdoutIsTerminal`: whether the logs go to a terminal (LOG_FORMAT=auto prints readable lines there). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTerminal = process.stdout.isTTY === true): Config {
  // An empty variable counts as unset, as shells and compose files often write them.
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && value !== '') defined[name] = value;
  defined.GATEWAY_SERVICE_KEY ??= readServiceKeyFile(defined.DATA_DIR) ?? '';
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '(environment)')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { logFormat, ...config } = parsed.data;
  return { ...config, prettyLogs: prettyLogs(logFormat, stdoutIsTerminal) };
}
