import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';

/** The environment of a start without SMTP: the key is given so nothing is written to DATA_DIR. */
const base = { DATA_DIR: './data-test-unused', GATEWAY_SERVICE_KEY: 'k'.repeat(32) };

function refusal(env: Record<string, string>): string {
  try {
    readConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('mail without SMTP_URL (the dev outbox) only on this machine', () => {
  it('refuses to start when the upstream listens beyond loopback, saying why', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'upstream']) {
      const message = refusal({ UPSTREAM_HOST: host });
      expect(message).toContain('SMTP_URL');
      expect(message).toContain(`UPSTREAM_HOST=${host}`);
      expect(message).toContain('dev outbox');
    }
  });

  it("refuses to start when the gateway's HOST (one environment under pnpm start) is not loopback", () => {
    const message = refusal({ HOST: '0.0.0.0' });
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('HOST=0.0.0.0');
    expect(message).not.toContain('UPSTREAM_HOST');
    expect(message).toContain('dev outbox');
  });

  it('starts on loopback addresses without SMTP, and anywhere with SMTP', () => {
    expect(readConfig(base).smtpUrl).toBeUndefined();
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(readConfig({ ...base, UPSTREAM_HOST: host, HOST: host }).host).toBe(host);
    }
    const smtp = readConfig({ ...base, UPSTREAM_HOST: '0.0.0.0', HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:1025' });
    expect(smtp).toMatchObject({ host: '0.0.0.0', smtpUrl: 'smtp://mail:1025' });
  });
});
