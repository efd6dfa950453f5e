import { CAPS, LIMITS } from '@tapcard/shared/constants';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { runServer } from './test/child-gateway.js';

const KEY = 'k'.repeat(32);

describe('loadConfig', () => {
  test('logs: readable lines when stdout is a terminal, JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY }, true).prettyLogs).toBe(true);
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY }, false).prettyLogs).toBe(false);
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY, LOG_FORMAT: 'json' }, true).prettyLogs).toBe(false);
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY, LOG_FORMAT: 'pretty' }, false).prettyLogs).toBe(true);
    expect(() => loadConfig({ GATEWAY_SERVICE_KEY: KEY, LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });

  test('slow-client limits: 10 s for the headers, 120 s for the request, the first never above the second', () => {
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY }).timeouts).toEqual({ headersMs: 10_000, requestMs: 120_000 });
    expect(loadConfig({ GATEWAY_SERVICE_KEY: KEY, HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '5000' }).timeouts).toEqual({ headersMs: 2000, requestMs: 5000 });
    expect(() => loadConfig({ GATEWAY_SERVICE_KEY: KEY, HEADERS_TIMEOUT_MS: '6000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ GATEWAY_SERVICE_KEY: KEY, HEADERS_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });

  test('defaults', () => {
    const config = loadConfig({ GATEWAY_SERVICE_KEY: KEY });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      upstreamUrl: 'http://127.0.0.1:4000',
      redisUrl: undefined,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      trustProxy: [],
      pollIntervalMs: 1000,
      leaseTtlMs: 2000,
      logLevel: 'info',
      upstreamTimeoutMs: 15_000,
      uploadTimeoutMs: 60_000,
      rateLimitPerMinute: LIMITS.apiRequests.max,
      authRateLimitPerMinute: LIMITS.apiAuthRequests.max,
      maxSocketsPerAddress: CAPS.socketsPerAddress.max,
      organiserRecheckMs: 60_000,
      pingIntervalMs: 25_000,
      pingTimeoutMs: 20_000,
      slowConsumerMaxBytes: 1024 * 1024,
    });
    expect(config.instanceId).toMatch(/^[\w.-]+-[0-9a-f]{8}$/);
  });

  test('lists and URLs are normalised', () => {
    const config = loadConfig({
      GATEWAY_SERVICE_KEY: KEY,
      PORT: '8080',
      UPSTREAM_URL: 'http://upstream:4000/',
      ALLOWED_ORIGINS: 'https://card.example, http://localhost:5173',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(config.upstreamUrl).toBe('http://upstream:4000');
    expect(config.allowedOrigins).toEqual(['https://card.example', 'http://localhost:5173']);
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  test.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['UPSTREAM_URL', 'ftp://x'],
    ['REDIS_URL', 'http://redis'],
    ['ALLOWED_ORIGINS', 'https://card.example/path'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/40'],
    ['LEASE_TTL_MS', '5000'],
    ['POLL_INTERVAL_MS', '0'],
    ['PING_INTERVAL_MS', '10'],
    ['SLOW_CONSUMER_MAX_BYTES', '100'],
    ['MAX_SOCKETS_PER_ADDRESS', '0'],
    ['MAX_SOCKETS_PER_ADDRESS', 'many'],
    ['ORGANISER_RECHECK_MS', '10'],
    ['LOG_LEVEL', 'loud'],
    ['GATEWAY_SERVICE_KEY', 'short'],
  ])('a bad %s (%s) is refused with a message naming it', (name, value) => {
    const env = { GATEWAY_SERVICE_KEY: KEY, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  test('the service key is read from DATA_DIR/service-key when the variable is unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-config-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/GATEWAY_SERVICE_KEY: required/);
      writeFileSync(join(dir, 'service-key'), `${KEY}\n`);
      expect(loadConfig({ DATA_DIR: dir }).serviceKey).toBe(KEY);
      expect(loadConfig({ DATA_DIR: dir, GATEWAY_SERVICE_KEY: 'v'.repeat(30) }).serviceKey).toBe('v'.repeat(30));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the server exits with the message when the configuration is bad', async () => {
  const child = runServer({ GATEWAY_SERVICE_KEY: KEY, PORT: 'nope' });
  expect(await child.exited).toBe(1);
  expect(child.output()).toContain('PORT:');
}, 120_000);
