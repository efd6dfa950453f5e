import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { upstreamPages } from '@tapcard/shared/contract';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import devRoutes, { OUTBOX_LIMIT } from './dev.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

interface Outbox {
  success: string;
  data: { to: string; subject: string; text: string; created_at: string }[];
}

async function mail(to: string, subject: string, text: string, at: Date): Promise<void> {
  await t.db.insertInto('mail_outbox').values({ to_address: to, subject, text, created_at: at }).execute();
}

describe('dev outbox', () => {
  it(`answers the latest ${OUTBOX_LIMIT} mails as JSON, newest first, filtered by ?to=`, async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < OUTBOX_LIMIT + 5; i++) await mail(i % 2 ? 'odd@example.com' : 'even@example.com', `Mail ${i}`, `Body ${i}`, new Date(start + i * 1000));

    const all = await t.app.inject({ method: 'GET', url: upstreamPages.devOutbox });
    expect(all.statusCode).toBe(200);
    const body = all.json() as Outbox;
    expect(body.success).toBe('true');
    expect(body.data).toHaveLength(OUTBOX_LIMIT);
    expect(body.data[0]).toEqual({ to: 'even@example.com', subject: `Mail ${OUTBOX_LIMIT + 4}`, text: `Body ${OUTBOX_LIMIT + 4}`, created_at: new Date(start + (OUTBOX_LIMIT + 4) * 1000).toISOString() });
    expect(body.data.at(-1)?.subject).toBe('Mail 5');

    const odd = (await t.app.inject({ method: 'GET', url: `${upstreamPages.devOutbox}?to=ODD@example.com` })).json() as Outbox;
    expect(odd.data.length).toBeGreaterThan(0);
    expect(odd.data.every((m) => m.to === 'odd@example.com')).toBe(true);
    expect(odd.data[0]?.subject).toBe(`Mail ${OUTBOX_LIMIT + 3}`);
  });

  it('shows the code a sign-up mailed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/public/api/verify-mail', payload: { email: 'newcomer@example.com' } });
    expect(res.statusCode).toBe(200);
    const body = (await t.app.inject({ method: 'GET', url: `${upstreamPages.devOutbox}?to=newcomer@example.com` })).json() as Outbox;
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.text).toMatch(/verification code is \d{6}/);
  });

  it('answers a readable, escaped HTML page to a browser', async () => {
    await mail('html@example.com', '<script>alert("s")</script>', 'Line 1\n<img src=x onerror=alert(1)>', new Date());
    const res = await t.app.inject({ method: 'GET', url: `${upstreamPages.devOutbox}?to=html@example.com`, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<!doctype html>');
    // A newcomer sees at once that this is not real mail.
    expect(res.body).toContain('<h1>TapCard dev outbox (development only)</h1>');
    expect(res.body).toContain('Development only: nobody receives these mails.');
    expect(res.body).toContain('html@example.com');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&#60;script&#62;alert(&#34;s&#34;)&#60;/script&#62;');
  });
});

describe('dev outbox callers', () => {
  const outbox = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({ method: 'GET', url: upstreamPages.devOutbox, remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

  it('answers loopback callers, directly or through the gateway', async () => {
    await mail('loop@example.com', 'Reset your password', 'https://example.com/reset/secret', new Date());
    for (const res of [await outbox('127.0.0.1'), await outbox('::1'), await outbox('127.0.0.1', '127.0.0.1')]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('reset/secret');
    }
  });

  it('is a plain 404 for anyone else: a client forwarded by the gateway or a direct caller', async () => {
    await mail('far@example.com', 'Reset your password', 'https://example.com/reset/far-secret', new Date());
    // The answer of a route that does not exist, for the outbox's own path.
    const absent = (await t.app.inject({ method: 'GET', url: '/no/such/page', remoteAddress: '127.0.0.1' })).body.replace('/no/such/page', upstreamPages.devOutbox);
    for (const res of [await outbox('127.0.0.1', '203.0.113.7'), await outbox('::1', '2001:db8::7'), await outbox('198.51.100.4'), await outbox('198.51.100.4', '127.0.0.1')]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('far-secret');
      expect(res.body).toBe(absent);
    }
  });
});

describe('dev outbox behind a proxy or tunnel on this machine', () => {
  it("is a plain 404 when any proxy's header is present beside the gateway's, even from loopback", async () => {
    await mail('tunnel@example.com', 'Reset your password', 'https://example.com/reset/tunnel-secret', new Date());
    const absent = (await t.app.inject({ method: 'GET', url: '/no/such/page', remoteAddress: '127.0.0.1' })).body.replace('/no/such/page', upstreamPages.devOutbox);
    const gateway = { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'localhost:3000' };
    const proxies: Record<string, string>[] = [
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { via: '1.1 tunnel' },
      { 'cf-connecting-ip': '203.0.113.7' },
      { 'x-forwarded-server': 'tunnel' },
    ];
    for (const headers of proxies) {
      for (const around of [{}, gateway]) {
        const res = await t.app.inject({ method: 'GET', url: upstreamPages.devOutbox, remoteAddress: '127.0.0.1', headers: { ...around, ...headers } });
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
        expect(res.body).toBe(absent);
      }
    }
    // The gateway's own headers from a trusted gateway still reach it.
    expect((await t.app.inject({ method: 'GET', url: upstreamPages.devOutbox, remoteAddress: '127.0.0.1', headers: gateway })).statusCode).toBe(200);
  });
});

describe('dev outbox with SMTP configured', () => {
  /** The outbox routes alone on a bare Fastify, with the test upstream's database and the given SMTP setting. */
  async function outboxApp(smtpUrl: string | undefined) {
    const app = Fastify({ logger: false });
    app.decorate('config', { ...t.config, smtpUrl });
    app.decorate('db', t.db);
    await app.register(devRoutes);
    await app.ready();
    return app;
  }

  it('is not registered', async () => {
    const withSmtp = await outboxApp('smtp://mail.example.com:587');
    const without = await outboxApp(undefined);
    try {
      expect((await withSmtp.inject({ method: 'GET', url: upstreamPages.devOutbox })).statusCode).toBe(404);
      expect((await without.inject({ method: 'GET', url: upstreamPages.devOutbox })).statusCode).toBe(200);
    } finally {
      await withSmtp.close();
      await without.close();
    }
  });
});
