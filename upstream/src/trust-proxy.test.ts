import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { ConfigError, readConfig } from './config.js';
import { LIMITS } from '@tapcard/shared/constants';
import { createTestUpstream, createUser, type TestUpstream } from './test/harness.js';

/** The environment of a start that writes nothing: the key is given. */
const base = { DATA_DIR: './data-test-unused', GATEWAY_SERVICE_KEY: 'k'.repeat(32) };

describe('UPSTREAM_TRUST_PROXY', () => {
  it('defaults to the local gateway and reads false or a comma list of IPs and CIDR ranges', () => {
    expect(readConfig(base).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(readConfig({ ...base, UPSTREAM_TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(readConfig({ ...base, UPSTREAM_TRUST_PROXY: ' 172.28.0.11, 172.28.0.12 ,10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '172.28.0.11',
      '172.28.0.12',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['true', 'gateway-1', '10.0.0.0/33', '1.2.3.4/8/1', '*']) {
      expect(() => readConfig({ ...base, UPSTREAM_TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => readConfig({ ...base, UPSTREAM_TRUST_PROXY: value })).toThrow(/UPSTREAM_TRUST_PROXY: must be false or a comma list/);
    }
  });
});

describe('client addresses behind the configured proxies', () => {
  let t: TestUpstream;
  const GATEWAY = '192.0.2.11';
  beforeAll(async () => {
    t = await createTestUpstream({ trustProxy: [GATEWAY] });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress: string, client: string) =>
    t.app.inject({ method: calls.login.method, url: calls.login.path, remoteAddress, headers: { 'x-forwarded-for': client }, payload: { email, password } });
  const someClient = () => `198.51.100.${randomBytes(1)[0]}`;

  it("believes a configured gateway's X-Forwarded-For: one client's wrong passwords do not stop another", async () => {
    const user = await createUser(t);
    const attacker = '203.0.113.7';
    for (let i = 0; i < LIMITS.login.max; i++) expect((await login(user.email, 'Wrong-pass1', GATEWAY, attacker)).statusCode).toBe(401);
    expect((await login(user.email, user.password, GATEWAY, attacker)).statusCode).toBe(429);
    expect((await login(user.email, user.password, GATEWAY, '203.0.113.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from any other peer: its claimed clients share the peer\'s address', async () => {
    const user = await createUser(t);
    const stranger = '192.0.2.99';
    for (let i = 0; i < LIMITS.login.max; i++) expect((await login(user.email, 'Wrong-pass1', stranger, someClient())).statusCode).toBe(401);
    expect((await login(user.email, user.password, stranger, someClient())).statusCode).toBe(429);
  });
});
