import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_PATH, handshakeAuthSchema } from '@tapcard/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import { adapterPublisher, adapterSubscriber } from '../redis/adapter-clients.js';
import type { RedisConnections } from '../redis/connections.js';
import type { UpstreamClient } from '../clients/upstream.js';
import { ClaimVerifier } from './claims.js';
import type { Coordination } from './coordination/types.js';
import { Emitter } from './emitter.js';
import type { RealtimeServer } from './emitter.js';
import { LiveEvents } from './live-events.js';
import { originCheck } from './origin.js';
import { SocketSession } from './session.js';
import { watchSlowConsumers } from './slow-consumers.js';

/** Socket.IO on the gateway's HTTP server, wired to the pollers. */

const MAX_MESSAGE_BYTES = 16 * 1024;

export interface RealtimeDeps {
  server: HttpServer;
  config: Config;
  coordination: Coordination;
  redis: RedisConnections | undefined;
  upstream: UpstreamClient;
  metrics: Metrics;
  log: FastifyBaseLogger;
}

export interface Realtime {
  io: RealtimeServer;
  live: LiveEvents;
  /** A write for this event answered 2xx through the proxy at `at`. */
  poke(eventId: string, at: number): void;
  /** Refuses new sessions and disconnects this instance's sockets. */
  closeSockets(): Promise<void>;
  /** Stops the pollers and releases the leases (before Redis closes). */
  close(): Promise<void>;
}

export function createRealtime(d: RealtimeDeps): Realtime {
  const io: RealtimeServer = new Server(d.server, {
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    pingInterval: d.config.pingIntervalMs,
    pingTimeout: d.config.pingTimeoutMs,
    allowRequest: originCheck(d.config.allowedOrigins),
    ...(d.redis
      ? { adapter: createAdapter(adapterPublisher(d.redis.publisher), adapterSubscriber(d.redis.subscriber, d.log), { key: `${d.config.redisKeyPrefix}socket.io` }) }
      : {}),
  });
  const emitter = new Emitter(io, d.metrics);
  const live = new LiveEvents({
    coordination: d.coordination,
    upstream: d.upstream,
    emitter,
    metrics: d.metrics,
    log: d.log,
    pollIntervalMs: d.config.pollIntervalMs,
    leaseTtlMs: d.config.leaseTtlMs,
  });
  const claims = new ClaimVerifier(d.upstream);
  const stopSweep = watchSlowConsumers(io, d.config.slowConsumerMaxBytes, d.metrics, d.log);

  let closing = false;
  io.use((socket, next) => {
    if (closing) return next(new Error('shutting down'));
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('invalid handshake auth'));
    socket.data.token = auth.data.token;
    next();
  });
  io.on('connection', (socket) => {
    d.metrics.connectedSockets.inc();
    socket.once('disconnect', () => d.metrics.connectedSockets.dec());
    new SocketSession(socket, { live, claims, log: d.log });
  });
  d.metrics.onScrape(() => {
    const { polled, inError } = live.stats();
    d.metrics.liveEventsPolled.set(polled);
    d.metrics.pollersInError.set(inError);
  });

  return {
    io,
    live,
    poke: (eventId, at) => live.poke(eventId, at),
    async closeSockets() {
      closing = true;
      stopSweep();
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
    close: () => {
      stopSweep();
      return live.close();
    },
  };
}
