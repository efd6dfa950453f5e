import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import type { Limit } from '@tapcard/shared/constants';
import { delayFor } from './throttle.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const key = () => `test:${randomBytes(6).toString('hex')}`;
const LIMIT: Limit = { max: 5, windowMs: 60_000, scope: 'test key' };

/** Fires `n` attempts at once and answers how many were let through and how many refused with 429. */
async function burst(k: string, limit: Limit, n: number): Promise<{ through: number[]; refused: number }> {
  const results = await Promise.allSettled(Array.from({ length: n }, () => t.app.throttle.attempt(k, limit)));
  const through = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.count] : []));
  const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { statusCode?: number }).statusCode === 429).length;
  return { through, refused };
}

describe('throttle.attempt', () => {
  it('lets exactly the limit through a burst of 50 parallel attempts, each with its own number', async () => {
    const { through, refused } = await burst(key(), LIMIT, 50);
    expect(through.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(refused).toBe(45);
  });

  it('starts a new window once the old one ends', async () => {
    const k = key();
    await burst(k, LIMIT, 10);
    await expect(t.app.throttle.attempt(k, LIMIT)).rejects.toMatchObject({ statusCode: 429 });
    t.clock.advance(LIMIT.windowMs);
    try {
      expect((await t.app.throttle.attempt(k, LIMIT)).count).toBe(1);
    } finally {
      t.clock.advance(-LIMIT.windowMs);
    }
  });

  it('release takes one attempt back and reset forgets them all', async () => {
    const k = key();
    await burst(k, LIMIT, 5);
    await t.app.throttle.release(k);
    expect((await t.app.throttle.attempt(k, LIMIT)).count).toBe(5);
    await expect(t.app.throttle.attempt(k, LIMIT)).rejects.toMatchObject({ statusCode: 429 });
    await t.app.throttle.reset(k);
    expect((await t.app.throttle.attempt(k, LIMIT)).count).toBe(1);
  });

  it('slows attempts past `after` by a doubling, capped delay, and refuses only past max', async () => {
    const limit: Limit = { max: 10, windowMs: 60_000, scope: 'test key', delay: { after: 3, fromMs: 250, maxMs: 1000 } };
    const k = key();
    const start = t.delays.length;
    const waits: number[] = [];
    for (let i = 0; i < limit.max; i++) waits.push((await t.app.throttle.attempt(k, limit)).delayedMs);
    expect(waits).toEqual([0, 0, 0, 250, 500, 1000, 1000, 1000, 1000, 1000]);
    expect(t.delays.slice(start)).toEqual([250, 500, 1000, 1000, 1000, 1000, 1000]);
    await expect(t.app.throttle.attempt(k, limit)).rejects.toMatchObject({ statusCode: 429 });
    expect(delayFor(limit, 1_000_000)).toBe(1000);
  });
});

describe('throttle.attemptAll', () => {
  const SMALL: Limit = { max: 3, windowMs: 60_000, scope: 'test key' };

  it('counts every key in one step and lets through only attempts within every limit, even 50 in parallel', async () => {
    const [wide, narrow] = [key(), key()];
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => t.app.throttle.attemptAll([{ key: wide, limit: LIMIT }, { key: narrow, limit: SMALL }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SMALL.max);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { statusCode?: number }).statusCode === 429)).toHaveLength(50 - SMALL.max);
    // A refused attempt counted on both keys.
    const counts = await t.db.selectFrom('throttles').select(['key', 'count']).where('key', 'in', [wide, narrow]).execute();
    expect(counts.map((row) => row.count)).toEqual([50, 50]);
  });

  it('starts each key’s own window again once it ends', async () => {
    const k = key();
    await Promise.allSettled(Array.from({ length: 5 }, () => t.app.throttle.attemptAll([{ key: k, limit: SMALL }])));
    await expect(t.app.throttle.attemptAll([{ key: k, limit: SMALL }])).rejects.toMatchObject({ statusCode: 429 });
    t.clock.advance(SMALL.windowMs);
    try {
      await expect(t.app.throttle.attemptAll([{ key: k, limit: SMALL }])).resolves.toBeUndefined();
    } finally {
      t.clock.advance(-SMALL.windowMs);
    }
  });
});
