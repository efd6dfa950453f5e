import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, MailLog, MailTransport } from '../lib/mailer.js';
import { createTestUpstream, type TestUpstream } from '../test/harness.js';
import { mailQueue } from './queue.js';

let t: TestUpstream;
beforeAll(async () => {
  t = await createTestUpstream();
});
afterAll(async () => {
  await t.close();
});

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** A transport that fails until told otherwise, and remembers what it delivered. */
function flaky(): MailTransport & { up: boolean; delivered: Mail[] } {
  const transport = {
    kind: 'smtp' as const,
    up: false,
    delivered: [] as Mail[],
    async deliver(mail: Mail) {
      if (!transport.up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      transport.delivered.push(mail);
    },
  };
  return transport;
}

function recordingLog(): MailLog & { errors: string[]; warnings: string[] } {
  const log = { errors: [] as string[], warnings: [] as string[], info: () => undefined, warn: (_: object, msg: string) => void log.warnings.push(msg), error: (_: object, msg: string) => void log.errors.push(msg) };
  return log;
}

describe('the mail queue', () => {
  it('retries a failed mail with growing waits, keeps its attachments, and delivers it once the server answers', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const transport = flaky();
    const queue = mailQueue(t.db, transport, { retryDelaysMs: [10 * SECOND, 30 * SECOND], now: () => now });
    const to = 'retry@example.com';
    await queue.send({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('bytes') }] });
    const row = () => t.db.selectFrom('mail_queue').selectAll().where('to_address', '=', to).executeTakeFirst();
    expect((await row())?.attempts).toBe(1);
    expect((await row())?.next_attempt_at.toISOString()).toBe('2030-01-01T10:00:10.000Z');

    // Not due yet: nothing is tried.
    now = new Date('2030-01-01T10:00:09Z');
    await queue.drain();
    expect((await row())?.attempts).toBe(1);

    now = new Date('2030-01-01T10:00:10Z');
    await queue.drain();
    expect((await row())?.attempts).toBe(2);
    expect((await row())?.next_attempt_at.toISOString()).toBe('2030-01-01T10:00:40.000Z');
    expect((await row())?.last_error).toContain('ECONNREFUSED');

    transport.up = true;
    now = new Date('2030-01-01T10:00:40Z');
    await queue.drain();
    expect(await row()).toBeUndefined();
    expect(transport.delivered).toHaveLength(1);
    expect(transport.delivered[0]?.html).toBe('<p>Hi</p>');
    expect(transport.delivered[0]?.attachments?.[0]?.content.toString()).toBe('bytes');
  });

  it('gives up after a day of failures, says so in the log, and never tries again', async () => {
    let now = new Date('2030-02-01T10:00:00Z');
    const transport = flaky();
    const log = recordingLog();
    const queue = mailQueue(t.db, transport, { retryDelaysMs: [DAY / 2], giveUpAfterMs: DAY, now: () => now, pollMs: 60 * SECOND });
    queue.start?.(log);
    const to = 'give-up@example.com';
    await queue.send({ to, subject: 'Hello', text: 'Hi' });
    const row = () => t.db.selectFrom('mail_queue').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
    now = new Date('2030-02-01T22:00:00Z');
    await queue.drain();
    expect((await row()).failed_at).toBeNull();
    now = new Date('2030-02-02T10:00:00Z');
    await queue.drain();
    expect((await row()).failed_at?.toISOString()).toBe('2030-02-02T10:00:00.000Z');
    expect(log.errors).toEqual(['gave up delivering a mail']);
    transport.up = true;
    now = new Date('2030-02-03T10:00:00Z');
    await queue.drain();
    expect(transport.delivered).toEqual([]);
    await queue.stop?.();
  });
});
