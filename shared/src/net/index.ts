import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** An IP address or a CIDR range (address/bits). Server-side only: it uses node:net. */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/**
 * A proxy list variable (TRUST_PROXY and its kin): `false` (or empty) for none, else a comma list of
 * IP addresses or CIDR ranges, given as an array.
 */
export function proxyListSchema(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((s) =>
      s.trim() === '' || s.trim() === 'false'
        ? []
        : s
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v.length > 0),
    )
    .refine((l) => l.every(isAddressOrCidr), 'must be false or a comma list of proxy IP addresses or CIDR ranges');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for an address of this machine only: 127.0.0.0/8, ::1, and 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  let value = address.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  const family = isIP(value);
  if (family === 4) return LOOPBACK.check(value, 'ipv4');
  if (family === 6) return LOOPBACK.check(value, 'ipv6');
  return false;
}

/** A listen address that only this machine can reach: a loopback address or 'localhost'. */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * Headers a reverse proxy, tunnel or CDN adds when it passes a request on: RFC 7239's Forwarded, Via,
 * the X-Forwarded-* family (any name with that prefix counts) and the client-address headers of common
 * proxies and CDNs. Lower-case, as Node gives header names.
 */
export const FORWARDING_HEADERS: readonly string[] = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];
const FORWARDING = new Set(FORWARDING_HEADERS);

/** The forwarding headers the gateway writes itself on every request it passes to the upstream. */
export const GATEWAY_FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

export function isForwardingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return FORWARDING.has(lower) || lower.startsWith('x-forwarded-');
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The one rule for what only this machine may ask (the metrics, the dev outbox): the client is a
 * loopback address AND no proxy, tunnel or CDN says it passed the request on. Behind a reverse proxy or
 * tunnel on this machine every request comes from 127.0.0.1, so the address alone proves nothing.
 * `setByTrustedHop`: forwarding headers that a trusted hop in front writes itself, whose client is
 * already resolved into `client` (the gateway's, as the upstream sees them); any other refuses.
 */
export function isLocalOnlyCaller(
  client: string | undefined,
  headers: Readonly<Record<string, unknown>>,
  setByTrustedHop: ReadonlySet<string> = NONE,
): boolean {
  if (!isLoopbackAddress(client)) return false;
  return Object.keys(headers).every((name) => !isForwardingHeader(name) || setByTrustedHop.has(name.toLowerCase()));
}

/**
 * Slow clients: how long a connection may take to send its request's headers, and its whole request
 * (the body included), before the server answers 408 and closes it. Headers are a few hundred bytes, so
 * 10 s covers a phone on a poor network while a client trickling them is closed soon. The whole request
 * gets 120 s: a 10 MB upload at 1 Mbit/s takes 80 s. Neither reaches a Socket.IO connection: a websocket
 * leaves the HTTP server's clock at its upgrade, and a long-poll's request (a GET, or a small POST) has
 * arrived long before its answer is held open. Both servers read the same variables (`pnpm start` gives
 * them one environment).
 */
export const DEFAULT_SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 120_000 } as const;

export const serverTimeoutsEnv = {
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(DEFAULT_SERVER_TIMEOUTS.headersMs),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_SERVER_TIMEOUTS.requestMs),
};

/** The configured limits (the headers' at most the request's). */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
}

/** How often Node looks for connections past a limit (its default, 30 s, would let one live 30 s longer). */
const CHECK_EVERY_MS = 1000;

/** The Fastify options that apply the limits to a server's connections. */
export function serverTimeoutOptions(t: ServerTimeouts) {
  return {
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: Math.min(CHECK_EVERY_MS, t.headersMs) },
  };
}

/**
 * How the servers write their logs: `auto` prints readable lines when stdout is a terminal (a newcomer's
 * `pnpm start`) and JSON otherwise (a log collector, a test, compose); `pretty` and `json` force one.
 */
export const logFormatEnv = {
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
};

/** Whether logs go out as readable lines, for LOG_FORMAT and whether stdout is a terminal. */
export function prettyLogs(format: 'auto' | 'pretty' | 'json', stdoutIsTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal);
}

/**
 * A readable line's message: the log's own, then a request's method and URL (already redacted by the
 * request serializer), or its status and time in whole milliseconds.
 */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const parts = [String(log[messageKey] ?? '')];
  const req = log.req as { method?: unknown; url?: unknown } | undefined;
  const res = log.res as { statusCode?: unknown } | undefined;
  if (typeof req?.method === 'string') parts.push(`${req.method} ${String(req.url ?? '')}`);
  if (typeof res?.statusCode === 'number') {
    parts.push(`→ ${res.statusCode}${typeof log.responseTime === 'number' ? ` in ${Math.round(log.responseTime)} ms` : ''}`);
  }
  return parts.join(' ');
}

/** pino-pretty's options for those lines: time, level and prettyMessage on one line (errors keep their stack). */
export const PRETTY_LOG_OPTIONS = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss',
  singleLine: true,
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat: prettyMessage,
};
