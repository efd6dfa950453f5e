import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A random id a stranger cannot enumerate (128 bits, URL-safe). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/** A secret token: 256 random bits, URL-safe. Access tokens, attendee tids and reset tokens use it. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A numeric code of `length` digits (email verification). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** A scratch token for a physical card: 6 characters from an alphabet without look-alikes. */
export function randomScratchToken(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** SHA-256 of a high-entropy secret, for lookup by hash (tokens are never stored in the clear). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * scrypt (memory-hard) with r=8, p=1 and N=2^cost. The default cost 15 uses 32 MiB and takes ~60 ms
 * here. The test suites hash thousands of passwords and set a lower cost (PASSWORD_HASH_COST); a stored
 * hash keeps its own N, so raising the cost later still verifies the old ones.
 */
export const PASSWORD_HASH_COST = { default: 15, min: 10, max: 16 } as const;
// scrypt needs 128·N·r bytes: room for the highest cost.
const SCRYPT = { r: 8, p: 1, maxmem: 2 * 128 * 8 * 2 ** PASSWORD_HASH_COST.max } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, all parameters kept so they can be raised later. */
export async function hashPassword(password: string, cost: number = PASSWORD_HASH_COST.default): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scryptAsync(password, salt, { ...SCRYPT, N });
  return ['scrypt', N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  const expected = Buffer.from(hash, 'base64url');
  return key.length === expected.length && timingSafeEqual(key, expected);
}
