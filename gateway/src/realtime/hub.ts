import type { Server as HttpServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_PATH, handshakeAuthSchema } from '@tapcard/shared/realtime';
import type { ErrorCode } from '@tapcard/shared/realtime';
import type { WrittenMessage } from '@tapcard/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import { clientAddressOf } from '../limits/client-address.js';
import { SocketCap } from '../limits/socket-cap.js';
import type { ApiBudget } from '../plugins/rate-limit.js';
import type { Metrics } from '../metrics.js';
import { adapterPublisher, adapterSubscriber } from '../redis/adapter-clients.js';
import type { RedisConnections } from '../redis/connections.js';
import type { UpstreamClient } from '../clients/upstream.js';
import { ClaimVerifier } from './claims.js';
import type { Recheck } from './claims.js';
import type { Coordination } from './coordination/types.js';
import { Emitter } from './emitter.js';
import { realtimeError } from './errors.js';
import type { RealtimeServer } from './emitter.js';
import { LiveEvents } from './live-events.js';
import { originCheck } from './origin.js';
import { SocketSession } from './session.js';
import type { DoorCheck, OrganiserCheck } from './session.js';
import type { DoorRecheck } from './claims.js';
import { watchSlowConsumers } from './slow-consumers.js';

/** Socket.IO on the gateway's HTTP server, wired to the pollers. */

const MAX_MESSAGE_BYTES = 16 * 1024;
/** Organiser rechecks start at most this often (many session changes in a burst make one more round). */
const RECHECK_GAP_MS = 1000;
/** Upstream reads of one recheck round at a time. */
const RECHECK_CONCURRENCY = 8;
/** A staff link's id as the contract bounds ids. */
const MAX_LINK_ID_LENGTH = 128;

/** A refused handshake: the client's connect_error carries the protocol's error as its data. */
function refusal(code: ErrorCode): Error {
  return Object.assign(new Error(code), { data: realtimeError(code).error });
}

/** Runs at most `max` of the tasks given to it at once. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    while (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export interface RealtimeDeps {
  server: HttpServer;
  config: Config;
  coordination: Coordination;
  redis: RedisConnections | undefined;
  upstream: UpstreamClient;
  metrics: Metrics;
  apiBudget: ApiBudget;
  log: FastifyBaseLogger;
}

export interface Realtime {
  io: RealtimeServer;
  live: LiveEvents;
  /** A write for this event answered 2xx through the proxy at `at`, with the stored message its answer carried. */
  poke(eventId: string, at: number, written?: WrittenMessage): void;
  /**
   * A session may have ended (a 2xx session or password write through the proxy): every instance
   * checks its organiser subscriptions again with their own tokens and ends those refused.
   */
  sessionsChanged(): void;
  /**
   * The organiser revoked a staff link (a 2xx revoke through the proxy): every instance ends the door
   * subscriptions opened with it at once, and no cached proof of its sessions opens another.
   */
  staffLinkRevoked(linkId: string): void;
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
  const addressOf = clientAddressOf(d.config.trustProxy);
  const cap = new SocketCap({ max: d.config.maxSocketsPerAddress, redis: d.redis?.limits, prefix: d.config.redisKeyPrefix, instanceId: d.config.instanceId, log: d.log });
  const sessions = new Set<SocketSession>();

  let closing = false;
  io.use((socket, next) => {
    if (closing) return next(new Error('shutting down'));
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('invalid handshake auth'));
    socket.data.token = auth.data.token;
    const address = addressOf(socket.request);
    socket.data.address = address;
    cap.acquire(address, socket.id).then(
      (admitted) => {
        if (!admitted) return next(refusal('rate_limited'));
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          cap.release(address, socket.id);
        };
        // The client may have gone while its count was taken: then no 'disconnect' ever comes.
        if (closing || socket.conn.readyState !== 'open') {
          release();
          return next(new Error('closed'));
        }
        socket.conn.once('close', release);
        socket.once('disconnect', release);
        next();
      },
      () => next(refusal('unavailable')),
    );
  });
  io.on('connection', (socket) => {
    d.metrics.connectedSockets.inc();
    const session = new SocketSession(socket, { live, claims, spend: () => d.apiBudget.spend(socket.data.address), log: d.log });
    sessions.add(session);
    socket.once('disconnect', () => {
      d.metrics.connectedSockets.dec();
      sessions.delete(session);
    });
  });

  // Organiser rechecks: one round at a time, each token and event asked once per round.
  let rounds: Promise<void> | undefined;
  let again = false;
  let lastRound = 0;
  const round = async () => {
    const asked = new Map<string, Promise<Recheck>>();
    const limit = limiter(RECHECK_CONCURRENCY);
    const check: OrganiserCheck = (eventId, token) => {
      const key = `${eventId} ${token ?? ''}`;
      let answer = asked.get(key);
      if (!answer) {
        answer = limit(() => claims.recheckOrganiser(eventId, token));
        asked.set(key, answer);
      }
      return answer;
    };
    await Promise.all([...sessions].map((session) => session.recheckOrganisers(check)));
  };
  const recheckOrganisers = () => {
    if (closing) return;
    if (rounds) {
      again = true;
      return;
    }
    rounds = (async () => {
      do {
        again = false;
        const wait = lastRound + RECHECK_GAP_MS - Date.now();
        if (wait > 0) await delay(wait, undefined, { ref: false });
        lastRound = Date.now();
        await round();
      } while (again && !closing);
    })()
      .catch((err: unknown) => d.log.error({ err }, 'organiser recheck failed'))
      .finally(() => (rounds = undefined));
  };
  io.on('recheckOrganisers', recheckOrganisers);

  const endDoorLink = (linkId: unknown) => {
    if (typeof linkId !== 'string' || linkId.length === 0 || linkId.length > MAX_LINK_ID_LENGTH) return;
    claims.revokeLink(linkId);
    for (const session of sessions) session.endDoorLink(linkId);
  };
  io.on('staffLinkRevoked', endDoorLink);
  // Door rechecks: the periodic backstop only (a revocation through any gateway ends its subscriptions at once).
  let doorRound: Promise<void> | undefined;
  const recheckDoors = () => {
    if (closing || doorRound) return;
    const asked = new Map<string, Promise<DoorRecheck>>();
    const limit = limiter(RECHECK_CONCURRENCY);
    const check: DoorCheck = (session) => {
      let answer = asked.get(session);
      if (!answer) {
        answer = limit(() => claims.recheckDoor(session));
        asked.set(session, answer);
      }
      return answer;
    };
    doorRound = Promise.all([...sessions].map((session) => session.recheckDoors(check)))
      .then(() => undefined)
      .catch((err: unknown) => d.log.error({ err }, 'door recheck failed'))
      .finally(() => (doorRound = undefined));
  };

  // The backstop for sessions and staff links that end without a write through any gateway (expiry, another client).
  const periodic = setInterval(() => {
    recheckOrganisers();
    recheckDoors();
  }, d.config.organiserRecheckMs);
  periodic.unref();

  d.metrics.onScrape(() => {
    const { polled, inError } = live.stats();
    d.metrics.liveEventsPolled.set(polled);
    d.metrics.pollersInError.set(inError);
  });

  return {
    io,
    live,
    poke: (eventId, at, written) => live.poke(eventId, at, written),
    sessionsChanged() {
      if (d.redis) io.serverSideEmit('recheckOrganisers');
      recheckOrganisers();
    },
    staffLinkRevoked(linkId) {
      // Through the Redis adapter to the other instances (never to this one), then here.
      if (d.redis) io.serverSideEmit('staffLinkRevoked', linkId);
      endDoorLink(linkId);
    },
    async closeSockets() {
      closing = true;
      clearInterval(periodic);
      cap.close();
      stopSweep();
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
    close: () => {
      clearInterval(periodic);
      cap.close();
      stopSweep();
      return live.close();
    },
  };
}
