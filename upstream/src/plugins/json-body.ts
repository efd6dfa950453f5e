import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';

/**
 * JSON bodies nested deeper than any call's schema (a few levels) are refused before they are parsed:
 * a 100 kB body can nest 50,000 levels, and every later walk of it (the NUL check, validation, a
 * serializer) would have to be written for that depth. One pass over the raw text counts the brackets
 * outside strings; the body is then parsed as Fastify's own parser does (prototype keys refused).
 * A route with a JSON parser of its own (the signed Paystack webhook) calls tooDeep() itself.
 */

export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);

/** Whether the JSON text opens more than `max` objects or arrays inside one another (strings ignored). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPEN.has(c)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSE.has(c)) {
      depth -= 1;
    }
  }
  return false;
}

/** The 400 for a body nested beyond MAX_JSON_DEPTH, or null when it is not. */
export function tooDeep(text: string): HttpError | null {
  return nestedDeeperThan(text, MAX_JSON_DEPTH) ? new HttpError(400, TOO_DEEP_MESSAGE, [{ field: 'body', message: TOO_DEEP_MESSAGE }]) : null;
}

export default fp(
  async function jsonBody(app: FastifyInstance) {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const refused = tooDeep(text);
      if (refused) {
        done(refused, undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
