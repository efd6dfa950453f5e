import { hashPassword, randomToken } from '../lib/crypto.js';

/** Emails are compared lowercased and trimmed everywhere. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A scrypt hash of a password nobody knows: verifying against it costs what a real check costs. */
const decoys = new Map<number, Promise<string>>();
export function decoy(cost: number): Promise<string> {
  let hash = decoys.get(cost);
  if (!hash) decoys.set(cost, (hash = hashPassword(randomToken(), cost)));
  return hash;
}
