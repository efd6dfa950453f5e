/** Field builders the rule schemas share, so each rule is one line with its own message. */
import { z } from 'zod';

/**
 * A trimmed string that must not be blank; `message` covers a missing, non-string or blank value.
 *
 * Later checks of a field are chained with `.pipe(z.string()...)`, never with `abort: true`: a pipe
 * stops at the first failing step just the same, while an explicit abort would also stop the
 * cross-field refinements of the enclosing object (zod skips them when any issue has `continue: false`).
 */
export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A required, trimmed email: `required` when blank, `invalid` when it is not an address. */
export const emailField = (required: string, invalid: string) =>
  requiredString(required).pipe(z.email({ error: invalid }));

/** Digit groups separated by at most one space or hyphen each, with an optional leading plus. */
const SEPARATED_DIGITS = /^\+?\d+(?:[ -]\d+)*$/;

/** Removes the single spaces and hyphens a person types between digit groups. */
export const compactPhone = (value: string): string => value.replace(/[ -]/g, '');

/**
 * A required phone number. Single spaces or hyphens between digit groups are accepted and removed;
 * the compact value must then match `pattern`. The output is the compact value.
 */
export const phoneField = (required: string, invalid: string, pattern: RegExp) =>
  requiredString(required).pipe(
    z
      .string()
      .refine((value) => SEPARATED_DIGITS.test(value) && pattern.test(compactPhone(value)), invalid)
      .overwrite(compactPhone),
  );

/** Form inputs give numbers as strings: a decimal string becomes a number, a blank or null one undefined. */
export const numberInput = (value: unknown): unknown => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : value;
};

/** A blank string or null becomes undefined, so an optional field left empty is simply absent. */
export const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
