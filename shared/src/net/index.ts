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
