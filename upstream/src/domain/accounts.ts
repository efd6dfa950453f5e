import { hashPassword, randomToken } from '../lib/crypto.js';

/** Emails are compared lowercased and trimmed everywhere. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A scrypt hash of a password nobody knows: verifying against it costs what a real check costs. */
let decoyHash: Promise<string> | null = null;
export const decoy = () => (decoyHash ??= hashPassword(randomToken()));
