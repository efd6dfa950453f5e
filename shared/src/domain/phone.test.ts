import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneE164 } from './phone.js';

describe('normalisePhone', () => {
  it.each([
    ['08031234567', '2348031234567'],
    ['+2348031234567', '2348031234567'],
    ['8031234567', '2348031234567'],
    ['234 803 123 4567', '2348031234567'],
    ['+234 (803) 123-4567', '2348031234567'],
    ['002348031234567', '2348031234567'],
    ['0803 123 4567', '2348031234567'],
    ['2348031234567', '2348031234567'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it('prefixes a number that starts with 234 but is not longer than 10 digits', () => {
    expect(normalisePhone('2341234567')).toBe('2342341234567');
    expect(normalisePhone('23412345')).toBe('23423412345');
  });

  it('keeps a number that starts with 234 and is longer than 10 digits', () => {
    expect(normalisePhone('23412345678')).toBe('23412345678');
  });

  it('drops the trunk zero written after the country code', () => {
    expect(normalisePhone('+234 (0) 803 123 4567')).toBe('2348031234567');
    expect(normalisePhone('23408031234567')).toBe('2348031234567');
    expect(normalisePhone('2340008031234567')).toBe('2348031234567');
  });

  it('keeps 234 followed by zeros as is when too few digits would remain', () => {
    expect(normalisePhone('23400000001')).toBe('23400000001');
  });

  it('gives an empty string when no significant digit is left', () => {
    expect(normalisePhone('')).toBe('');
    expect(normalisePhone('0')).toBe('');
    expect(normalisePhone('000')).toBe('');
    expect(normalisePhone('+')).toBe('');
    expect(normalisePhone('phone: none')).toBe('');
  });

  it('returns fewer than 8 significant digits unprefixed', () => {
    expect(normalisePhone('234')).toBe('234');
    expect(normalisePhone('5')).toBe('5');
    expect(normalisePhone('0012345')).toBe('12345');
    expect(normalisePhone('1234567')).toBe('1234567');
  });

  it('prefixes 8 significant digits (a Lagos landline)', () => {
    expect(normalisePhone('01 234 5678')).toBe('23412345678');
  });

  it('strips non-ASCII digits and other characters', () => {
    expect(normalisePhone('٠٨٠٣ 0803-123-4567')).toBe('2348031234567');
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        expect(() => normalisePhone(input)).not.toThrow();
      }),
    );
  });

  it('is idempotent', () => {
    const phoneLike = fc.stringMatching(/^[+0 ]{0,3}(234)?0?[0-9 ()-]{0,16}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneLike, fc.string({ unit: fc.constantFrom('0', '2', '3', '4', '+', ' ', '8') })), (input) => {
        const once = normalisePhone(input);
        expect(normalisePhone(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('outputs digits only, without leading zeros', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        expect(normalisePhone(input)).toMatch(/^(?:[1-9]\d*)?$/);
      }),
    );
  });
});

describe('phoneE164', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['12345', '12345'],
    ['', ''],
    ['n/a', ''],
  ])('writes %j as %j', (input, expected) => {
    expect(phoneE164(input)).toBe(expected);
  });
});
