import fp from 'fastify-plugin';
import { isLocalOnlyCaller } from '@tapcard/shared/net';
import { messages, sendFailure } from '../http/failure.js';

/** Prometheus text at /metrics, for callers on this host only (and never through a proxy hop). */

export default fp(
  async (app) => {
    app.get('/metrics', async (request, reply) => {
      if (!isLocalOnlyCaller(request.socket.remoteAddress, request.headers)) return sendFailure(reply, 403, messages.forbidden);
      return reply.type(app.metrics.registry.contentType).send(await app.metrics.scrape());
    });
  },
  { name: 'metrics-route', dependencies: ['services'] },
);
