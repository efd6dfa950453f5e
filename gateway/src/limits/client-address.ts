import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client address of a raw request exactly as Fastify's `request.ip` finds it (the same library,
 * compiled from the same TRUST_PROXY list): the socket's address, or, when that is a trusted proxy,
 * the first untrusted address walking X-Forwarded-For back from it. The realtime handshake is not a
 * Fastify request, so its sockets use this to be limited as the same client as its /api calls.
 */
export function clientAddressOf(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  if (trustProxy.length === 0) return (request) => request.socket.remoteAddress ?? '';
  const trust = proxyAddr.compile([...trustProxy]);
  return (request) => proxyAddr.all(request, trust).at(-1) ?? '';
}
