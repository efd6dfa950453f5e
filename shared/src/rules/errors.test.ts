import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { fieldErrors, validate } from './index.js';

describe('fieldErrors', () => {
  const schema = z.object({
    name: z.string().min(1, 'first').min(2, 'second'),
    items: z.array(z.object({ title: z.string('title needed') })),
  });

  it('keeps the first message per path, nested paths joined with dots', () => {
    const result = schema.safeParse({ name: '', items: [{ title: 'ok' }, {}] });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ name: 'first', 'items.1.title': 'title needed' });
  });
  it("reports an issue about the whole value under 'root'", () => {
    const result = z.string('text needed').safeParse(1);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ root: 'text needed' });
    expect(result.success).toBe(false);
  });
  it('survives keys that are Object.prototype names', () => {
    const result = z.object({ constructor: z.string('c'), toString: z.string('t') }).safeParse({});
    if (!result.success) {
      const errors = fieldErrors(result.error);
      expect(Object.keys(errors).sort()).toEqual(['constructor', 'toString']);
      expect(errors['constructor']).toBe('c');
    }
    expect(result.success).toBe(false);
  });
});

describe('validate', () => {
  it('gives the parsed data or the field errors', () => {
    const schema = z.object({ n: z.coerce.number('number needed') });
    expect(validate(schema, { n: '2' })).toEqual({ ok: true, data: { n: 2 } });
    expectInvalid(schema, { n: 'x' }, { n: 'number needed' });
  });
});
