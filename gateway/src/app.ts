import { logRedaction, requestForLog } from '@tapcard/shared/contract';
import { PRETTY_LOG_OPTIONS, serverTimeoutOptions } from '@tapcard/shared/net';
import Fastify from 'fastify';
import pretty from 'pino-pretty';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import devPages from './plugins/dev-pages.js';
import errors from './plugins/errors.js';
import health from './plugins/health.js';
import metricsRoute from './plugins/metrics.js';
import proxy, { JSON_BODY_LIMIT } from './plugins/proxy/index.js';
import rateLimit from './plugins/rate-limit.js';
import realtime from './plugins/realtime.js';
import security from './plugins/security.js';
import services from './plugins/services.js';
import spa from './plugins/static.js';

/** The gateway as a Fastify app, ready to listen (server.ts does); tests build as many as they need. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    // Logs never show a credential: not in a request's URL, nor in a line's fields (shared/src/contract/secrets.ts).
    // Readable lines on a terminal, JSON otherwise (LOG_FORMAT).
    logger: { level: config.logLevel, serializers: { req: requestForLog }, redact: logRedaction, ...(config.prettyLogs ? { stream: pretty(PRETTY_LOG_OPTIONS) } : {}) },
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    bodyLimit: JSON_BODY_LIMIT,
    // A request's headers, and the whole request (slow uploads included), must arrive in time; sockets are not affected.
    ...serverTimeoutOptions(config.timeouts),
    return503OnClosing: true,
  });
  await app.register(errors);
  await app.register(services, { config });
  await app.register(security, { allowedOrigins: config.allowedOrigins });
  await app.register(rateLimit, { perMinute: config.rateLimitPerMinute, strictPerMinute: config.authRateLimitPerMinute });
  await app.register(health);
  await app.register(metricsRoute);
  await app.register(devPages);
  await app.register(realtime);
  await app.register(proxy, {
    upstreamUrl: config.upstreamUrl,
    timeoutMs: config.upstreamTimeoutMs,
    uploadTimeoutMs: config.uploadTimeoutMs,
    poke: (eventId, at, written) => app.realtime.poke(eventId, at, config.writeThrough ? written : undefined),
    sessionsChanged: () => app.realtime.sessionsChanged(),
    staffLinkRevoked: (linkId) => app.realtime.staffLinkRevoked(linkId),
  });
  // A server render reads the upstream as the browser's /api call would have: each client gets as many
  // renders a minute as API calls (a count of its own), and past them the page goes out as the app shell.
  const renders = app.createRateLimit({ allowList: [] });
  await app.register(spa, {
    webDist: config.webDist,
    ssrEntry: config.webSsrEntry,
    apiBase: config.upstreamUrl,
    ssrTimeoutMs: config.ssrTimeoutMs,
    mayRender: async (request) => {
      const limit = await renders(request);
      return limit.isAllowed || !limit.isExceeded;
    },
  });
  return app;
}
