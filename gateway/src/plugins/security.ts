import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers with a CSP the built SPA runs under (no inline scripts, sockets to this host only). */

function socketSources(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    const url = new URL(origin);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  });
}

export default fp(
  async (app, options: { allowedOrigins: readonly string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...socketSources(options.allowedOrigins)],
          fontSrc: ["'self'", 'data:'],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
    });
  },
  { name: 'security' },
);
