import type { IncomingMessage } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { everyCall, findCall } from '@tapcard/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages, sendFailure } from '../../http/failure.js';
import { BufferedBody } from './body.js';
import { forwardedHeaders } from './headers.js';
import type { WrittenMessage } from '@tapcard/shared/contract';
import { isSessionChange, isStaffLinkRevoke, isWriteTrigger, revokedLinkOfAnswer, writeOfAnswer } from './triggers.js';

/**
 * /api/* to the upstream with /api removed, nothing else. Bodies are read within their limit before
 * the upstream sees a byte; upstream failures become a generic 502/504; write answers wake the poller.
 */

export const JSON_BODY_LIMIT = 100 * 1024;
const PREFIX = '/api';
const METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];
/** The uploads: the multipart calls (their paths stay patterns: `:cardId` is a parameter). */
const UPLOADS = everyCall()
  .map(([, call]) => call)
  .filter((call) => call.multipart !== undefined);
/** The uploads as routes under the prefix. */
const UPLOAD_ROUTES = UPLOADS.map((call) => call.path);
/** Write answers are a single record; anything bigger is not one. */
const MAX_TRIGGER_ANSWER_BYTES = 256 * 1024;

export interface ProxyOptions {
  upstreamUrl: string;
  timeoutMs: number;
  uploadTimeoutMs: number;
  /** A write for the event answered 2xx at `at`; `written`: the stored message its answer carried. */
  poke: (eventId: string, at: number, written?: WrittenMessage) => void;
  /** A session may have ended (see isSessionChange). */
  sessionsChanged: () => void;
  /** The organiser revoked this staff link. */
  staffLinkRevoked: (linkId: string) => void;
}

function upstreamPath(request: { url: string }): string {
  const path = request.url.split('?', 1)[0] ?? '';
  return path.slice(PREFIX.length) || '/';
}

/**
 * Node answers `Expect: 100-continue` (curl's header for bodies over 1 MB) itself unless the server
 * listens for it: here a body its route's limit would refuse is refused on its Content-Length with no
 * 100, so the client never sends it; any other is asked for as before.
 */
function continueWithinLimits(app: FastifyInstance): void {
  const server = app.server;
  server.on('checkContinue', (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const upload = path.startsWith(PREFIX) && findCall(UPLOADS, 'POST', path.slice(PREFIX.length)) !== undefined;
    const limit = upload ? MAX_UPLOAD_BYTES : JSON_BODY_LIMIT;
    if (!(Number(req.headers['content-length']) > limit)) res.writeContinue();
    server.emit('request', req, res);
  });
}

function readAll(stream: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', () => resolve(undefined));
  });
}

/** reply-from hands `{ statusCode, headers, stream }` (its types call it a ServerResponse). */
function upstreamHeaderNames(res: object): string[] {
  const headers: unknown = Reflect.get(res, 'headers');
  return headers !== null && typeof headers === 'object' ? Object.keys(headers) : [];
}

/** The answers the gateway reads itself (to wake the poller, or to end a revoked link's door subscriptions). */
function readsAnswer(request: { method: string; url: string }): boolean {
  const path = upstreamPath(request);
  return isWriteTrigger(request.method, path) || isStaffLinkRevoke(request.method, path);
}

type Hooks = Required<Pick<NonNullable<FastifyHttpProxyOptions['replyOptions']>, 'onResponse' | 'onError'>>;

function onResponse({ poke, sessionsChanged, staffLinkRevoked }: Pick<ProxyOptions, 'poke' | 'sessionsChanged' | 'staffLinkRevoked'>): Hooks['onResponse'] {
  return (request, reply, res) => {
    if (res.statusCode >= 500) {
      res.stream.resume();
      for (const name of upstreamHeaderNames(res)) reply.removeHeader(name);
      sendFailure(reply, 502, messages.unavailable);
      return;
    }
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (ok && isSessionChange(request.method, upstreamPath(request))) sessionsChanged();
    const trigger = ok && isWriteTrigger(request.method, upstreamPath(request));
    const revoke = ok && isStaffLinkRevoke(request.method, upstreamPath(request));
    if (!trigger && !revoke) {
      reply.send(res.stream);
      return;
    }
    void readAll(res.stream, MAX_TRIGGER_ANSWER_BYTES).then((body) => {
      if (!body) {
        for (const name of upstreamHeaderNames(res)) reply.removeHeader(name);
        sendFailure(reply, 502, messages.unavailable);
        return;
      }
      const write = trigger ? writeOfAnswer(request.method, upstreamPath(request), body) : undefined;
      if (write) poke(write.eventId, Date.now(), write.written);
      const linkId = revoke ? revokedLinkOfAnswer(body) : undefined;
      if (linkId) staffLinkRevoked(linkId);
      reply.send(body);
    });
  };
}

const onError: Hooks['onError'] = (reply, { error }) => {
  const status = Reflect.get(error, 'statusCode') === 504 ? 504 : 502;
  reply.log.warn({ err: error.message, status }, 'upstream request failed');
  sendFailure(reply, status, messages.unavailable);
};

async function proxyScope(app: FastifyInstance, o: ProxyOptions & { bodyLimit: number; routes?: string[]; methods: string[]; timeout: number }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: o.bodyLimit }, (_request, body, done) =>
    done(null, new BufferedBody(Buffer.isBuffer(body) ? body : Buffer.from(body))));
  await app.register(httpProxy, {
    upstream: o.upstreamUrl,
    prefix: PREFIX,
    rewritePrefix: '',
    proxyPayloads: false,
    internalRewriteLocationHeader: false,
    // reply-from's own lines repeat the request's with the upstream URL unredacted (a tid in the path).
    disableRequestLogging: true,
    httpMethods: o.methods,
    ...(o.routes ? { routes: o.routes } : {}),
    replyOptions: {
      timeout: o.timeout,
      rewriteRequestHeaders: (request, headers) => forwardedHeaders(request, headers, readsAnswer(request)),
      onResponse: onResponse(o),
      onError,
    },
  });
}

export default fp(
  async (app, options: ProxyOptions) => {
    continueWithinLimits(app);
    await app.register(proxyScope, { ...options, bodyLimit: MAX_UPLOAD_BYTES, routes: UPLOAD_ROUTES, methods: ['POST'], timeout: options.uploadTimeoutMs });
    await app.register(proxyScope, { ...options, bodyLimit: JSON_BODY_LIMIT, methods: METHODS, timeout: options.timeoutMs });
  },
  { name: 'proxy' },
);
