import { isIP } from 'node:net';
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
