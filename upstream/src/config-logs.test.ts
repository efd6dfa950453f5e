import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';

/** The environment of a start that writes nothing: the key is given. */
const base = { DATA_DIR: './data-test-unused', GATEWAY_SERVICE_KEY: 'k'.repeat(32) };

describe('LOG_FORMAT', () => {
  it('prints readable lines when stdout is a terminal, JSON otherwise, unless it says which', () => {
    expect(readConfig(base, true).prettyLogs).toBe(true);
    expect(readConfig(base, false).prettyLogs).toBe(false);
    expect(readConfig({ ...base, LOG_FORMAT: 'json' }, true).prettyLogs).toBe(false);
    expect(readConfig({ ...base, LOG_FORMAT: 'pretty' }, false).prettyLogs).toBe(true);
    expect(() => readConfig({ ...base, LOG_FORMAT: 'fancy' })).toThrow(ConfigError);
  });

  it('reads the slow-client limits, the headers never above the request', () => {
    expect(readConfig(base).timeouts).toEqual({ headersMs: 10_000, requestMs: 120_000 });
    expect(() => readConfig({ ...base, HEADERS_TIMEOUT_MS: '9000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/);
  });
});
