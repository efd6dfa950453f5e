import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers carry tokens and personal data (an attendee's token call, contacts, cards, profiles,
 * sessions, orders), so none may be stored by a browser or a shared cache unless its route says so:
 * every answer without its own Cache-Control goes out `no-store`. A route whose answer is truly public
 * and cacheable sets its own header (uploaded files are cached a year).
 */
export const DEFAULT_CACHE_CONTROL = 'no-store';

export default fp(
  async function cacheControl(app: FastifyInstance) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', DEFAULT_CACHE_CONTROL);
      return payload;
    });
  },
  { name: 'cache-control' },
);
