import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.js';
import type { RealtimeServer } from './emitter.js';

/**
 * Drops sockets that do not read what they are sent. Socket.IO queues every packet for a connection
 * whose websocket cannot take more (the engine's write buffer, then the websocket's own), without
 * limit; a client that stops reading would hold that memory until the heartbeat gives up on it. A
 * sweep once a second reads each connection's unsent bytes and terminates the websocket of any
 * connection above the limit (its rooms and subscriptions go with the disconnect, as for any other).
 */

export const SLOW_CONSUMER_CHECK_MS = 1000;

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
}

/** Unsent bytes of one engine.io connection: packets in its queue plus the websocket's buffered amount. */
export function unsentBytes(conn: unknown): number {
  let bytes = 0;
  const queue = field(conn, 'writeBuffer');
  if (Array.isArray(queue)) {
    for (const packet of queue) {
      const data = field(packet, 'data');
      if (typeof data === 'string' || Buffer.isBuffer(data)) bytes += data.length;
    }
  }
  const buffered = field(field(field(conn, 'transport'), 'socket'), 'bufferedAmount');
  if (typeof buffered === 'number') bytes += buffered;
  return bytes;
}

/** Starts the sweep; the returned function stops it. */
export function watchSlowConsumers(io: RealtimeServer, maxBytes: number, metrics: Metrics, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      const unsent = unsentBytes(socket.conn);
      if (unsent <= maxBytes) continue;
      metrics.slowConsumersDropped.inc();
      log.info({ socket: socket.id, unsent }, 'slow consumer dropped');
      // Terminating the websocket frees its buffers at once (a closing handshake would wait for them).
      const ws = field(socket.conn.transport, 'socket');
      const terminate = field(ws, 'terminate');
      if (typeof terminate === 'function') Reflect.apply(terminate, ws, []);
      else socket.disconnect(true);
    }
  }, SLOW_CONSUMER_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
