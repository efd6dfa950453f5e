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
