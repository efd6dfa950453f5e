import fp from 'fastify-plugin';

/** /healthz: the process answers. /readyz: it can do its work (upstream, and Redis when configured). */

const CHECK_TIMEOUT_MS = 2000;

export default fp(
  async (app) => {
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      const [upstream, redis] = await Promise.all([
        app.upstream.healthy(CHECK_TIMEOUT_MS),
        app.redis ? app.coordination.ping() : Promise.resolve(undefined),
      ]);
      const checks = {
        upstream: upstream ? 'ok' : 'failed',
        redis: redis === undefined ? 'not configured' : redis ? 'ok' : 'failed',
        shutdown: draining ? 'in progress' : 'no',
      };
      const ready = upstream && redis !== false && !draining;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  },
  { name: 'health', dependencies: ['services'] },
);
