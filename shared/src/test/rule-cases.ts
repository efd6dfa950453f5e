import { describe, expect, it } from 'vitest';

/** A rule of a function, in words, with the inputs it covers and what each gives. */
export type RuleCases<I, O> = [rule: string, cases: [input: I, expected: O][]];

/** One `describe` per rule and one test per case: `fn(input)` equals `expected`. */
export function describeRules<I, O>(fn: (input: I) => O, rules: RuleCases<I, O>[]): void {
  describe.each(rules)('%s', (_rule, cases) => {
    it.each(cases)('%j gives %j', (input, expected) => {
      expect(fn(input)).toEqual(expected);
    });
  });
}
