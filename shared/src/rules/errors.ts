import type { z } from 'zod';

/** Key under which an issue about the whole value (empty path) is reported. */
export const ROOT_ERROR_KEY = 'root';

/**
 * The first message per field of a failed parse. Keys are issue paths joined with '.', e.g.
 * 'email' or 'prices.0.title'; an issue about the whole value goes under 'root'.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? ROOT_ERROR_KEY : issue.path.map(String).join('.');
    if (!found.has(key)) found.set(key, issue.message);
  }
  return Object.fromEntries(found);
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Parses `value` with `schema`: the parsed data, or the first message per field (see fieldErrors). */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
