import { describe, expect, it } from 'vitest';
import { messages } from '../rules/messages.js';
import { BUCKETS, CAPS, LIMITS, type Limit } from './limits.js';

const entries = Object.entries(LIMITS) as [string, Limit][];

describe('LIMITS', () => {
  it('gives every limit a positive whole count, a window and a scope', () => {
    for (const [name, limit] of entries) {
      expect(Number.isInteger(limit.max) && limit.max > 0, name).toBe(true);
      expect(Number.isInteger(limit.windowMs) && limit.windowMs > 0, name).toBe(true);
      expect(limit.scope.length, name).toBeGreaterThan(0);
    }
    for (const [name, cap] of Object.entries(CAPS)) expect(cap.max > 0 && cap.scope.length > 0, name).toBe(true);
    for (const [name, bucket] of Object.entries(BUCKETS)) expect(bucket.capacity > 0 && bucket.perSecond > 0 && bucket.scope.length > 0, name).toBe(true);
  });

  it('slows a ceiling down only before it refuses', () => {
    for (const [name, limit] of entries) {
      if (!limit.delay) continue;
      expect(limit.delay.after, name).toBeLessThan(limit.max);
      expect(limit.delay.fromMs, name).toBeLessThanOrEqual(limit.delay.maxMs);
    }
  });

  it('keeps each target per address well under its ceiling, so filling a ceiling takes many addresses', () => {
    for (const [perAddress, ceiling] of [
      [LIMITS.cardToken, LIMITS.cardTokenCeiling],
      [LIMITS.emailCode, LIMITS.emailCodeCeiling],
      [LIMITS.emailSend, LIMITS.emailSendCeiling],
      [LIMITS.login, LIMITS.loginCeiling],
      [LIMITS.chipToken, LIMITS.chipTokenCeiling],
    ] as const) {
      expect(perAddress.max * 2).toBeLessThanOrEqual(ceiling.max);
      expect(perAddress.windowMs).toBe(ceiling.windowMs);
    }
  });

  it('counts the two /api budgets in one window, the minute their settings are named after', () => {
    expect(LIMITS.apiRequests.windowMs).toBe(60_000);
    expect(LIMITS.apiAuthRequests.windowMs).toBe(LIMITS.apiRequests.windowMs);
    expect(LIMITS.apiAuthRequests.max).toBeLessThan(LIMITS.apiRequests.max);
  });

  it('gives both upload byte budgets the window their one message names', () => {
    expect(LIMITS.uploadBytesAccount.windowMs).toBe(LIMITS.uploadBytesAnonymous.windowMs);
    expect(messages.uploadQuotaReached).toBe('Upload limit reached. Please try again within 60 minutes.');
    expect(LIMITS.uploadBytesAnonymous.max).toBeLessThan(LIMITS.uploadBytesAccount.max);
  });
});
