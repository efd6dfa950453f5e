import fp from 'fastify-plugin';
import { createRealtime } from '../realtime/hub.js';
import type { Realtime } from '../realtime/hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Socket.IO on the app's own HTTP server; sockets close before the pollers, which stop before Redis. */
export default fp(
  async (app) => {
    const realtime = createRealtime({
      server: app.server,
      config: app.config,
      coordination: app.coordination,
      redis: app.redis,
      upstream: app.upstream,
      metrics: app.metrics,
      apiBudget: app.apiBudget,
      log: app.log,
    });
    app.decorate('realtime', realtime);
    app.addHook('preClose', async () => realtime.closeSockets());
    app.addHook('onClose', async () => realtime.close());
  },
  { name: 'realtime', dependencies: ['services', 'rate-limit'] },
);
