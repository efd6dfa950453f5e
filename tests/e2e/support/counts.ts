import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How many elements a locator finds, asked again until the assertion chained on it holds (or 10 s
 * pass): a page still rendering, or a live update on its way, must not fail a count read too early.
 * Every count a journey asserts goes through here, e.g. `await expectCount(rows).toBe(2)`.
 */
export function expectCount(locator: Locator, message?: string): ReturnType<typeof expect.poll<number>> {
  return expect.poll(() => locator.count(), { timeout: 30_000, ...(message ? { message } : {}) });
}
