import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocalOnlyCaller } from '@tapcard/shared/net';

/**
 * A preHandler for routes only this machine's own commands and tests may call: the caller must be on
 * a loopback address with no forwarding header at all (so never a request that the gateway, a proxy
 * or a tunnel passed on) and hold the service key. Anyone else gets the plain 404.
 */
export function thisMachineOnly(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLocalOnlyCaller(request.socket.remoteAddress, request.headers)) return reply.callNotFound();
    await app.requireServiceKey(request);
  };
}
