import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';

/**
 * PostgreSQL (and PGlite) refuse U+0000 in text, so a NUL that reached a query was a 500. Every string
 * of a request (path and query parameters, a parsed body's values and keys at any depth, multipart
 * text fields through readForm) is checked once here, before validation, and a NUL answers 400 naming
 * the field, as a validation failure does.
 */

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * The dotted path (as the validation errors write it) of the first string holding a NUL, or null.
 * Depth first in key order, with a stack of its own rather than the call stack: however deep a value
 * nests, the walk cannot overflow.
 */
export function nulField(value: unknown, path = ''): string | null {
  const pending: { value: unknown; path: string; nulKey: boolean }[] = [{ value, path, nulKey: false }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.nulKey) return next.path;
    const item = next.value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return next.path;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] ?? ['', undefined];
      const clean = key.replaceAll('\u0000', '');
      pending.push({ value: child, path: next.path ? `${next.path}.${clean}` : clean, nulKey: key.includes('\u0000') });
    }
  }
  return null;
}

/** Throws the 400 for the first string of `value` holding a NUL (`part` names a bare string). */
export function refuseNul(value: unknown, part: string): void {
  const field = nulField(value);
  if (field !== null) throw new HttpError(400, NUL_MESSAGE, [{ field: field || part, message: NUL_MESSAGE }]);
}

export default fp(
  async function textInput(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      refuseNul(request.params, 'params');
      refuseNul(request.query, 'querystring');
      refuseNul(request.body, 'body');
    });
  },
  { name: 'text-input' },
);
