import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './crypto.js';

describe('password hashes', () => {
  it('hash with scrypt at the default cost unless told otherwise, and keep the cost in the hash', async () => {
    expect((await hashPassword('correct horse')).split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect((await hashPassword('correct horse', 10)).split('$')[1]).toBe('1024');
  });

  it('verify a hash made at another cost: raising the cost later still signs in old accounts', async () => {
    const cheap = await hashPassword('correct horse', PASSWORD_HASH_COST.min);
    const dear = await hashPassword('correct horse', PASSWORD_HASH_COST.default);
    for (const stored of [cheap, dear]) {
      expect(await verifyPassword('correct horse', stored)).toBe(true);
      expect(await verifyPassword('correct horsE', stored)).toBe(false);
    }
  });

  it('read PASSWORD_HASH_COST from the environment within 10–16, and refuse anything else by name', () => {
    const base = { GATEWAY_SERVICE_KEY: 'k'.repeat(24) };
    expect(readConfig(base).passwordHashCost).toBe(15);
    expect(readConfig({ ...base, PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    for (const value of ['9', '17', 'fast']) {
      expect(() => readConfig({ ...base, PASSWORD_HASH_COST: value })).toThrow(/PASSWORD_HASH_COST/);
    }
  });
});
