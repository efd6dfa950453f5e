import fp from 'fastify-plugin';
import { messages, sendFailure } from '../http/failure.js';

/** Prometheus text at /metrics, for callers on this host only (and never through a proxy hop). */

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export default fp(
  async (app) => {
    app.get('/metrics', async (request, reply) => {
      const direct = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
      if (!direct || !LOOPBACK.has(request.socket.remoteAddress ?? '')) return sendFailure(reply, 403, messages.forbidden);
      return reply.type(app.metrics.registry.contentType).send(await app.metrics.scrape());
    });
  },
  { name: 'metrics-route', dependencies: ['services'] },
);
