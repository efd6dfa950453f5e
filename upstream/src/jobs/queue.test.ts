import { waitFor } from '@tapcard/testkit/wait';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { outboxTransport } from '../lib/mailer.js';
import { mailQueue } from '../mail/queue.js';
import { createTestUpstream, TEST_MAIL_QUEUE, type TestUpstream } from '../test/harness.js';
import type { JobRun, JobType } from './queue.js';

// Two upstreams on one database (on PGlite: two apps on the one embedded database), as in production
// behind a gateway: the test's own and a second one built beside it.
let t: TestUpstream;
let second: FastifyInstance;
const extraApps: FastifyInstance[] = [];

async function anotherUpstream(): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db, mailer: mailQueue(outboxTransport(t.db), TEST_MAIL_QUEUE), payments: t.app.payments, now: t.clock.now }, { logger: false });
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestUpstream();
  second = await anotherUpstream();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

const payload = z.object({ key: z.string() });
type Runs = { key: string; by: string; at: number; run: JobRun }[];

/** Defines job `name` on both upstreams with one handler; every run is recorded with the upstream that ran it. */
function defineOnBoth(name: string, handler: (key: string, run: JobRun) => Promise<void> = async () => undefined, retry?: { limit: number; delaySeconds: number; backoff: boolean }) {
  const runs: Runs = [];
  const types: JobType<typeof payload>[] = [];
  for (const [by, app] of [['first', t.app] as const, ['second', second] as const]) {
    types.push(
      app.jobs.define({
        name,
        payload,
        batchSize: 5,
        ...(retry ? { retry } : {}),
        async run({ key }, run) {
          runs.push({ key, by, at: Date.now(), run });
          await handler(key, run);
        },
      }),
    );
  }
  const [type] = types;
  if (!type) throw new Error('no job type');
  return { runs, send: type.send };
}

describe('the job queue with two upstreams on one database', () => {
  it('runs each of 50 jobs exactly once', async () => {
    const { runs, send } = defineOnBoth('test.once');
    const keys = Array.from({ length: 50 }, (_, i) => `job-${i}`);
    await Promise.all(keys.map((key) => send({ key })));
    await waitFor(() => runs.length >= 50, 60_000, 50, '50 runs');
    // Any duplicate run would show up here, after the queue has settled.
    await waitFor(async () => (await t.pendingJobs('test.once')) === 0, 20_000, 100, 'an empty queue');
    expect(runs.map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(new Set(runs.map((r) => r.run.id)).size).toBe(50);
  });

  it('refuses a payload its schema does not allow', async () => {
    const { send } = defineOnBoth('test.checked');
    await expect(send({ key: 42 } as unknown as { key: string })).rejects.toThrow();
  });

  it('runs a job sent for later at its time, not before', async () => {
    const { runs, send } = defineOnBoth('test.later');
    const at = new Date(Date.now() + 2_000);
    await send({ key: 'later' }, { startAfter: at });
    await waitFor(() => runs.length === 1, 20_000, 50, 'the run');
    expect(runs[0]?.at).toBeGreaterThanOrEqual(at.getTime());
  });

  it('keeps one waiting job per singleton key', async () => {
    const name = 'test.single';
    const runs: string[] = [];
    const single = t.app.jobs.define({
      name,
      payload,
      policy: 'stately',
      async run({ key }) {
        runs.push(key);
      },
    });
    const at = new Date(Date.now() + 1_500);
    const ids = await Promise.all(Array.from({ length: 20 }, () => single.send({ key: 'a' }, { singletonKey: 'a', startAfter: at })));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await single.send({ key: 'b' }, { singletonKey: 'b', startAfter: at })).not.toBeNull();
    await waitFor(() => runs.length === 2, 20_000, 50, 'both keys to run');
    expect(runs.sort()).toEqual(['a', 'b']);
  });

  it('retries a failing job with growing waits until it succeeds', async () => {
    let failures = 2;
    const { runs, send } = defineOnBoth(
      'test.retry',
      async () => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('not yet');
        }
      },
      { limit: 5, delaySeconds: 1, backoff: true },
    );
    await send({ key: 'flaky' });
    await waitFor(() => runs.length === 3, 30_000, 50, 'three runs');
    await waitFor(async () => (await t.pendingJobs('test.retry')) === 0, 20_000, 100, 'the job to complete');
    expect(runs.map((r) => r.run.retryCount)).toEqual([0, 1, 2]);
    const [a, b, c] = runs.map((r) => r.at);
    // Back-off: the first retry waits at least the delay, the second at least twice it (the database's and this clock agree to a few ms).
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(1_000 - 50);
    expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(2_000 - 50);
    expect(runs).toHaveLength(3);
  });

  it('a job left by an upstream that stopped runs on the one started after it', async () => {
    const name = 'test.restart';
    const runs: string[] = [];
    const leaving = await anotherUpstream();
    const type = leaving.jobs.define({ name, payload, async run({ key }) { runs.push(`leaving:${key}`); } });
    await type.send({ key: 'survivor' }, { startAfter: new Date(Date.now() + 1_000) });
    await leaving.close();
    expect(await t.pendingJobs(name)).toBe(1);
    const next = await anotherUpstream();
    next.jobs.define({ name, payload, async run({ key }) { runs.push(`next:${key}`); } });
    await waitFor(() => runs.length === 1, 20_000, 50, 'the run after the restart');
    expect(runs).toEqual(['next:survivor']);
  });
});
