import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

const waits = (backoff: Parameters<typeof backoffDelay>[1], from: number, count: number) => Array.from({ length: count }, (_, i) => backoffDelay(from + i, backoff));

describe('backoff', () => {
  it('starts at the base and doubles up to the cap, where it stays', () => {
    expect(waits({ baseMs: 1000, maxMs: 15_000 }, 0, 7)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('counts from any attempt (a poller backs off from its first failure on)', () => {
    expect(waits({ baseMs: 500, maxMs: 10_000 }, 1, 6)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('stays at the cap however long it fails, and never waits less than the base', () => {
    expect(backoffDelay(5000, { baseMs: 1000, maxMs: 15_000 })).toBe(15_000);
    expect(backoffDelay(-1, { baseMs: 1000, maxMs: 15_000 })).toBe(1000);
  });
});
