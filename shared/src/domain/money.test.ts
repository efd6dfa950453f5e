import { describe, expect, it } from 'vitest';
import { formatAmount, formatNaira, roundHalfAwayFromZero } from './money.js';

describe('formatNaira', () => {
  it.each([
    [0, 'NGN 0'],
    [999, 'NGN 999'],
    [1000, 'NGN 1,000'],
    [10000, 'NGN 10,000'],
    [27578, 'NGN 27,578'],
    [1234567.5, 'NGN 1,234,568'],
    [1234567.49, 'NGN 1,234,567'],
    [-1500, 'NGN -1,500'],
    [-2.5, 'NGN -3'],
    [-0.4, 'NGN 0'],
    [1e21, 'NGN 1,000,000,000,000,000,000,000'],
  ])('formats %d as %j', (amount, expected) => {
    expect(formatNaira(amount)).toBe(expected);
  });

  it('formats non-finite amounts as 0', () => {
    expect(formatNaira(Number.NaN)).toBe('NGN 0');
    expect(formatNaira(Number.POSITIVE_INFINITY)).toBe('NGN 0');
  });
});

describe('formatAmount', () => {
  it('formats without the currency', () => {
    expect(formatAmount(10000)).toBe('10,000');
    expect(formatAmount(100)).toBe('100');
    expect(formatAmount(100000)).toBe('100,000');
    expect(formatAmount(-1234567)).toBe('-1,234,567');
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(0.5)).toBe(1);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
    expect(roundHalfAwayFromZero(2.4)).toBe(2);
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });
});
