import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { onTestFinished } from 'vitest';
import { REALTIME_PATH, type Snapshot, type Subscribe, type Update } from '@tapcard/shared/realtime';
import { RealtimeClient, setRealtimeClient } from '../lib/live/client.js';

/**
 * A real Socket.IO server speaking the shared realtime protocol minimally, for component tests of the
 * live pages: `subscribe` answers the snapshot `snapshotFor` gives (or not_found), `resync` sends it
 * again, and the test emits updates and status. The page's realtime client is pointed at it.
 */
export interface RealtimeTestServer {
  url: string;
  /** Every subscribe payload received, with the handshake token. */
  subscribes: { payload: unknown; token: unknown }[];
  update(update: Update): void;
  status(eventId: string, stale: boolean): void;
  close(): Promise<void>;
}

export async function startRealtimeServer(snapshotFor: (request: Subscribe) => Snapshot | null): Promise<RealtimeTestServer> {
  const http = createServer();
  const io = new Server(http, { path: REALTIME_PATH, cors: { origin: '*' } });
  const subscribes: RealtimeTestServer['subscribes'] = [];
  io.on('connection', (socket) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    socket.on('subscribe', (payload: Subscribe, ack: (answer: unknown) => void) => {
      subscribes.push({ payload, token });
      const snapshot = snapshotFor(payload);
      void socket.join('all');
      ack(snapshot ? { ok: true, snapshot } : { ok: false, error: { code: 'not_found', message: 'Not found' } });
    });
    socket.on('resync', () => {
      const request = subscribes.at(-1)?.payload as Subscribe | undefined;
      const snapshot = request ? snapshotFor(request) : null;
      if (snapshot) socket.emit('snapshot', snapshot);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // The server is always there, so the page's connect and subscribe get a generous time: beside busy loops
  // (load 28) a connect took 8 s, past the product's 3 s grace, and the page fell back to polling a REST
  // endpoint the test's network does not answer (404: not found, so it never subscribed). The fallback
  // itself is tested with clients of its own (lib/live/client.test.ts, the pages' polling tests).
  setRealtimeClient(new RealtimeClient({ url, connectGraceMs: 120_000, ackTimeoutMs: 120_000, lingerMs: 0 }));
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      setRealtimeClient(null);
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    })());
  // Every server ends with the test that started it, so no test file has to remember to close it.
  onTestFinished(close);
  return {
    url,
    subscribes,
    update: (update) => void io.to('all').emit('update', update),
    status: (eventId, stale) => void io.to('all').emit('status', { eventId, stale }),
    close,
  };
}
