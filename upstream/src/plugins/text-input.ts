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

/** The dotted path (as the validation errors write it) of the first string holding a NUL, or null. */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    if (key.includes('\u0000')) return at;
    const found = nulField(item, at);
    if (found !== null) return found;
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
