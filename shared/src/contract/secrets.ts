import { z } from 'zod';
import { CARD_STATS_PATH, pagePatterns } from '../pages/index.js';
import { upstreamPages } from './calls.js';
import { isCredential } from './credential.js';
import { everyCall } from './every-call.js';

/**
 * URLs that carry a secret, by rule rather than by a list of routes: every path parameter that is a
 * credential. For the API's calls that is each parameter the contract marks with credential()
 * (credential.ts: an attendee's access token, an order reference); for pages, which have no schemas
 * (the web's, shared/src/pages, and the upstream's own, `upstreamPages`), each parameter named in
 * CREDENTIAL_PAGE_PARAMS (an attendee's token, a reset or confirmation token, a staff link's secret, an
 * order reference). Request logs write URLs through redactUrl(), and pages at such URLs are never cached.
 *
 * The gateway's API paths are the upstream's behind /api. What follows a matched path (e.g. an arena's
 * /chat/:aid) is kept.
 */
export const CREDENTIAL_PAGE_PARAMS: ReadonlySet<string> = new Set(['tid', 'token', 'secret', 'reference']);

/** Query parameters whose values are secrets wherever they appear (OAuth codes included). */
const SECRET_QUERY = new Set(['token', 'tid', 'access_token', 'code', 'password', 'reference']);

export const REDACTED = '[redacted]';

/** A route's segments: fixed text, or a parameter (any one segment), redacted when it is a credential. */
type Segment = { text: string } | { secret: boolean };

function segmentsOf(path: string, secret: (name: string) => boolean): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? { secret: secret(part.slice(1)) } : { text: part.toLowerCase() }));
}

/** The routes with at least one credential among their parameters, built on first use (it builds every call). */
let routes: Segment[][] | undefined;
function secretRoutes(): Segment[][] {
  if (routes) return routes;
  const fromCalls = everyCall().map(([, call]) => {
    const shape = call.params instanceof z.ZodObject ? (call.params.shape as Record<string, unknown>) : {};
    return segmentsOf(call.path, (name) => isCredential(shape[name]));
  });
  const fromPages = [...Object.values(pagePatterns), ...Object.values(upstreamPages)].map((path) => segmentsOf(path, (name) => CREDENTIAL_PAGE_PARAMS.has(name)));
  routes = [...fromCalls, ...fromPages].filter((segments) => segments.some((s) => 'secret' in s && s.secret));
  return routes;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

function redactPath(path: string): string {
  const raw = path.split('/');
  // Indexes of the non-empty segments: `//event/u/arena/x` reaches the same page.
  const at = raw.flatMap((segment, i) => (segment === '' ? [] : [i]));
  const names = at.map((i) => decoded(raw[i] ?? ''));
  let changed = false;
  // The gateway's API paths are the upstream's behind /api.
  for (const offset of names[0] === 'api' ? [0, 1] : [0]) {
    for (const route of secretRoutes()) {
      if (names.length < offset + route.length) continue;
      if (!route.every((segment, k) => !('text' in segment) || segment.text === names[offset + k])) continue;
      route.forEach((segment, k) => {
        const index = at[offset + k];
        if ('secret' in segment && segment.secret && index !== undefined) {
          raw[index] = REDACTED;
          changed = true;
        }
      });
    }
  }
  return changed ? raw.join('/') : path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decoded((eq === -1 ? pair : pair.slice(0, eq)).replaceAll('+', ' '));
      return SECRET_QUERY.has(name) && eq !== -1 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL (path and query, as a request line has it) with every secret replaced by REDACTED. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return redactPath(url);
  return `${redactPath(url.slice(0, q))}?${redactQuery(url.slice(q + 1))}`;
}

/** Whether a URL carries a secret (its answer must not be stored by any cache). */
export function urlCarriesSecret(url: string): boolean {
  return redactUrl(url) !== url;
}

export { CARD_STATS_PATH };

/**
 * Fields of a log line whose values are credentials, at its top level or one object down, whatever the
 * line (pino's `redact`): a lookup key such as an order reference must not reach a log by a new line
 * either. Not `code`: error codes go by that name.
 */
const CREDENTIAL_LOG_FIELDS = ['reference', 'token', 'tid', 'access_token', 'password', 'secret'];
export const logRedaction = { paths: [...CREDENTIAL_LOG_FIELDS, ...CREDENTIAL_LOG_FIELDS.map((field) => `*.${field}`)], censor: REDACTED };

const countsVisit = (url: string): boolean => url.startsWith(`${CARD_STATS_PATH}/`) || url.startsWith(`/api${CARD_STATS_PATH}/`);

/**
 * What a request log may say of a request (Fastify's fields, the URL redacted, no client address for a
 * counting beacon); for pino's `req` serializer.
 */
export function requestForLog(request: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } | null }) {
  const anonymous = request.url !== undefined && countsVisit(request.url);
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: anonymous ? undefined : request.ip,
    remotePort: anonymous ? undefined : request.socket?.remotePort,
  };
}
