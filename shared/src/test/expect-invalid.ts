import { expect } from 'vitest';
import type { z } from 'zod';
import { validate } from '../rules/errors.js';

/** Asserts that `schema` refuses `value` with exactly these messages, by field (`root` for the value itself). */
export function expectInvalid(schema: z.ZodType, value: unknown, errors: Record<string, string>): void {
  expect(validate(schema, value)).toEqual({ ok: false, errors });
}
