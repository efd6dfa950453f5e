import { CARD_STATS_PATH } from '../pages/index.js';

/**
 * URLs that carry a secret: an attendee's access token (tid; the chip page binds with the same token,
 * but in a body), a registration confirmation or password-reset token, an order reference (it opens the order's name, phone and
 * address). Request logs write URLs through redactUrl(), and pages at such URLs are never cached.
 *
 * Paths are the upstream's (the gateway's API paths are the same behind /api) and the web's pages
 * (web/src/lib/paths.ts; its tests check every page with a token parameter is listed here). `*` is
 * the secret segment; what follows it (e.g. an arena's /chat/:aid) is kept.
 */
const SECRET_PATHS = [
  '/event/public/api/token/*',
  '/event/public/api/create-chat/*',
  '/event/public/api/create-private-chat/*',
  '/v1/connect/api/orders/*',
  '/pay/test/*',
  '/event/u/token/*',
  '/event/u/ticket/*',
  '/event/u/confirm/*',
  '/event/u/arena/*',
  '/reset-password/*',
  '/door/*',
] as const;

/** Query parameters whose values are secrets wherever they appear (OAuth codes included). */
const SECRET_QUERY = new Set(['token', 'tid', 'access_token', 'code', 'password', 'reference']);

export const REDACTED = '[redacted]';

const patterns = SECRET_PATHS.map((path) => path.split('/').filter(Boolean));

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
  // The gateway's API paths are the upstream's behind /api.
  for (const offset of names[0] === 'api' ? [0, 1] : [0]) {
    for (const pattern of patterns) {
      if (names.length < offset + pattern.length) continue;
      if (!pattern.every((segment, k) => segment === '*' || segment === names[offset + k])) continue;
      const secret = at[offset + pattern.indexOf('*')];
      if (secret !== undefined) raw[secret] = REDACTED;
      return raw.join('/');
    }
  }
  return path;
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
