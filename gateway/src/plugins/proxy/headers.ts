import type { IncomingHttpHeaders } from 'node:http';
import { SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import { GATEWAY_FORWARDING_HEADERS, isForwardingHeader } from '@tapcard/shared/net';
import { BufferedBody } from './body.js';

/**
 * Identity and forwarding headers are the gateway's to set: whatever a client sent under these names
 * is dropped, above all the service key, which only the gateway's own poller may present. Hop-by-hop
 * headers (RFC 9110 section 7.6.1) describe the client's connection to the gateway, not the gateway's to the
 * upstream, and the upstream client refuses them: `Expect: 100-continue` (curl's header for bodies over
 * 1 MB) was already answered by Node's server before the body arrived here.
 */
const HOP_BY_HOP = ['connection', 'proxy-connection', 'keep-alive', 'te', 'trailer', 'upgrade', 'expect', 'transfer-encoding'];
const DROPPED = new Set([...HOP_BY_HOP, SERVICE_KEY_HEADER]);

/** The headers a Connection header names are hop-by-hop too. */
function namedByConnection(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  const list = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
}

/** What this needs of a request (any Fastify request, whatever its server type). */
export interface ForwardedRequest {
  ip: string;
  protocol: string;
  host: string;
  body: unknown;
}

export function forwardedHeaders(request: ForwardedRequest, headers: IncomingHttpHeaders, plainAnswer: boolean): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  const hop = namedByConnection(headers);
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED.has(lower) || hop.has(lower) || isForwardingHeader(lower)) continue;
    out[lower] = value;
  }
  const [forwardedFor, forwardedProto, forwardedHost] = GATEWAY_FORWARDING_HEADERS;
  out[forwardedFor] = request.ip;
  out[forwardedProto] = request.protocol;
  out[forwardedHost] = request.host;
  if (request.body instanceof BufferedBody) out['content-length'] = String(request.body.bytes.length);
  // The gateway reads these answers itself, so they must not come compressed.
  if (plainAnswer) out['accept-encoding'] = 'identity';
  return out;
}
