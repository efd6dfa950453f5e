import { waitFor } from '@tapcard/testkit/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, MailTransport } from '../lib/mailer.js';
import { createTestUpstream, type TestUpstream } from '../test/harness.js';

/** A transport that refuses the addresses in `down`, counts every attempt, and remembers what it delivered. */
function flaky(): MailTransport & { down: Set<string>; attempts: Map<string, number>; delivered: Mail[] } {
  const transport = {
    kind: 'smtp' as const,
    down: new Set<string>(),
    attempts: new Map<string, number>(),
    delivered: [] as Mail[],
    async deliver(mail: Mail) {
      transport.attempts.set(mail.to, (transport.attempts.get(mail.to) ?? 0) + 1);
      if (transport.down.has(mail.to)) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      transport.delivered.push(mail);
    },
  };
  return transport;
}

const GIVE_UP_MS = 6_000;
const transport = flaky();
let t: TestUpstream;
beforeAll(async () => {
  t = await createTestUpstream({}, { transport, mailQueue: { retryDelaySeconds: 1, firstAttemptSeconds: 60, giveUpAfterMs: GIVE_UP_MS } });
});
afterAll(async () => {
  await t.close();
});

describe('the mail queue on the job queue', () => {
  it('retries a failed mail with back-off, keeps its attachments, and delivers it once the server answers', async () => {
    const to = 'retry@example.com';
    transport.down.add(to);
    await t.app.mailer.send({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('bytes'), cid: 'a' }] });
    // The sender's own attempt failed: the mail is stored, and nothing was delivered.
    expect(transport.attempts.get(to)).toBe(1);
    expect(await t.pendingMail(to)).toHaveLength(1);
    // The queue tries it again after the first retry delay (not the minute the sender's attempt held it), and fails again.
    await waitFor(() => (transport.attempts.get(to) ?? 0) >= 2, 20_000, 50, 'a retry');
    transport.down.delete(to);
    await waitFor(() => transport.delivered.some((m) => m.to === to), 20_000, 50, 'the delivery');
    await expect.poll(() => t.pendingMail(to), { timeout: 10_000 }).toEqual([]);
    const delivered = transport.delivered.filter((m) => m.to === to);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.html).toBe('<p>Hi</p>');
    expect(delivered[0]?.attachments?.[0]).toMatchObject({ filename: 'a.txt', contentType: 'text/plain', cid: 'a' });
    expect(delivered[0]?.attachments?.[0]?.content.toString()).toBe('bytes');
  });

  it('a mail delivered by its sender leaves nothing queued', async () => {
    const to = 'at-once@example.com';
    await t.app.mailer.send({ to, subject: 'Hello', text: 'Hi' });
    expect(transport.delivered.filter((m) => m.to === to)).toHaveLength(1);
    expect(await t.pendingMail(to)).toEqual([]);
  });

  it("a mail held in a transaction is stored only if that commits, and its sender's attempt after the commit delivers it", async () => {
    const hold = t.app.mailer.hold?.bind(t.app.mailer);
    if (!hold) throw new Error('the mail queue holds mail');
    const rolledBack = 'rolled-back@example.com';
    await expect(
      t.db.transaction().execute(async (trx) => {
        await hold({ to: rolledBack, subject: 'Hello', text: 'Hi' }, trx);
        throw new Error('the sender changed its mind');
      }),
    ).rejects.toThrow('the sender changed its mind');
    expect(await t.pendingMail(rolledBack)).toEqual([]);

    const to = 'held@example.com';
    const attempt = await t.db.transaction().execute((trx) => hold({ to, subject: 'Hello', text: 'Hi' }, trx));
    // Stored and held: the queue leaves it to the sender for now.
    expect(await t.pendingMail(to)).toHaveLength(1);
    expect(transport.attempts.get(to)).toBeUndefined();
    await attempt();
    expect(transport.delivered.filter((m) => m.to === to)).toHaveLength(1);
    expect(await t.pendingMail(to)).toEqual([]);
    expect(transport.attempts.has(rolledBack)).toBe(false);
  });

  it('gives up once it has failed for the give-up time, and never tries again', async () => {
    const to = 'give-up@example.com';
    transport.down.add(to);
    const sentAt = Date.now();
    await t.app.mailer.send({ to, subject: 'Hello', text: 'Hi' });
    await waitFor(async () => (await t.failedMail(to)).length === 1, 40_000, 100, 'the mail to be given up');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(GIVE_UP_MS);
    expect(await t.pendingMail(to)).toEqual([]);
    const tries = transport.attempts.get(to) ?? 0;
    expect(tries).toBeGreaterThanOrEqual(3);
    // Given up for good: with the server back, the queue does not try it again.
    transport.down.delete(to);
    await t.app.mailer.send({ to: 'later@example.com', subject: 'Later', text: 'Later' });
    expect(transport.attempts.get(to)).toBe(tries);
    expect(transport.delivered.some((m) => m.to === to)).toBe(false);
  });
});
