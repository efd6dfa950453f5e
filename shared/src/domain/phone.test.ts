import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeRules } from '../test/rule-cases.js';
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

  describeRules(normalisePhone, [
    ['prefixes a number that starts with 234 but is not longer than 10 digits', [['2341234567', '2342341234567'], ['23412345', '23423412345']]],
    ['keeps a number that starts with 234 and is longer than 10 digits', [['23412345678', '23412345678']]],
    ['drops the trunk zero written after the country code', [['+234 (0) 803 123 4567', '2348031234567'], ['23408031234567', '2348031234567'], ['2340008031234567', '2348031234567']]],
    ['keeps 234 followed by zeros as is when too few digits would remain', [['23400000001', '23400000001']]],
    ['gives an empty string when no significant digit is left', [['', ''], ['0', ''], ['000', ''], ['+', ''], ['phone: none', '']]],
    ['returns fewer than 8 significant digits unprefixed', [['234', '234'], ['5', '5'], ['0012345', '12345'], ['1234567', '1234567']]],
    ['prefixes 8 significant digits (a Lagos landline)', [['01 234 5678', '23412345678']]],
    ['strips non-ASCII digits and other characters', [['٠٨٠٣ 0803-123-4567', '2348031234567']]],
  ]);

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
