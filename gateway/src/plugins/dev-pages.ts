import fp from 'fastify-plugin';
import { DEV_PAGES_PREFIX } from '@tapcard/shared/contract';
import { isLocalOnlyCaller } from '@tapcard/shared/net';
import { messages, sendFailure } from '../http/failure.js';

/**
 * The upstream's development-only pages (the dev outbox: reset links and sign-up codes) through
 * /api: the gateway is where a reverse proxy's or tunnel's headers are seen (it replaces them with its
 * own before the upstream), so it applies the this-machine-only rule here, as /metrics does, and
 * answers anyone else the plain 404. The path is compared decoded, with repeated slashes folded and in
 * lower case, so no spelling of it slips past.
 */

const API_DEV = `/api${DEV_PAGES_PREFIX}`;

function normalised(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* kept as it came */
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

export function isDevPage(url: string): boolean {
  const path = normalised(url);
  return path === API_DEV || path.startsWith(`${API_DEV}/`);
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isDevPage(request.url)) return;
      if (!isLocalOnlyCaller(request.socket.remoteAddress, request.headers)) return sendFailure(reply, 404, messages.notFound);
    });
  },
  { name: 'dev-pages' },
);
