import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { calls, type ChatMessage } from '@tapcard/shared/contract';
import { REALTIME_PATH, type ArenaView, type Update } from '@tapcard/shared/realtime';
import { mockNetwork, ok } from '../../test/network.js';
import { RealtimeClient } from './client.js';
import { pollArena } from './polls.js';
import type { LiveEventState, LiveSubscription } from './subscription.js';

/**
 * The socket client against a real Socket.IO server speaking the shared protocol minimally: subscribe
 * with its ack snapshot, versioned updates, resync with the snapshot that follows, stale status, and
 * the REST polling fallback when no server answers.
 */

const TID = 'tid-0123456789abcdef';
const EVENT_ID = 'ev-1';
const event = {
  id: EVENT_ID,
  clean_name: 'launch',
  title: 'Launch',
  description: 'The launch',
  location: 'Lagos',
  image: '',
  start_date: '2020-01-01',
  end_date: '2099-01-01',
};
const attendee = { id: 'att-1', name: 'Ada Obi', image: '', price_category: 'Free', checked_in: false };

function message(id: string, seq: number, text: string, from = 'att-2'): ChatMessage {
  return { id, event_id: EVENT_ID, attendee_id: from, name: 'Bola', image: '', message: text, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', seq };
}

function arenaView(version: number, chats: ChatMessage[] = []): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version, event, attendee, chats, private_chats: [] };
}

interface TestServer {
  io: Server;
  http: HttpServer;
  port: number;
  sockets: ServerSocket[];
  subscribes: unknown[];
  resyncs: unknown[];
  /** What a resync answers with. */
  current: ArenaView;
  close(): Promise<void>;
}

async function startServer(initial: ArenaView, port = 0): Promise<TestServer> {
  const http = createServer();
  const io = new Server(http, { path: REALTIME_PATH, cors: { origin: '*' } });
  const server: TestServer = {
    io,
    http,
    port: 0,
    sockets: [],
    subscribes: [],
    resyncs: [],
    current: initial,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
  io.on('connection', (socket) => {
    server.sockets.push(socket);
    socket.on('subscribe', (payload: unknown, ack: (answer: unknown) => void) => {
      server.subscribes.push(payload);
      ack({ ok: true, snapshot: server.current });
    });
    socket.on('resync', (payload: unknown) => {
      server.resyncs.push(payload);
      socket.emit('snapshot', server.current);
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  server.port = (http.address() as AddressInfo).port;
  return server;
}

/** Resolves once the subscription's state satisfies `check`. */
function until<V>(subscription: LiveSubscription<'arena'>, check: (state: LiveEventState<V>) => boolean, timeoutMs = 8000): Promise<LiveEventState<V>> {
  return new Promise((resolve, reject) => {
    const test = () => {
      const state = subscription.snapshot as LiveEventState<V>;
      if (check(state)) {
        clearTimeout(timer);
        stop();
        resolve(state);
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out; last state ${JSON.stringify(subscription.snapshot)}`));
    }, timeoutMs);
    const stop = subscription.listen(test);
    test();
  });
}

function emitUpdate(server: TestServer, update: Update): void {
  server.io.emit('update', update);
}

let server: TestServer | null = null;
let client: RealtimeClient | null = null;

afterEach(() => {
  client?.shutdown();
  client = null;
});

function arenaClient(url: string, options: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  client = new RealtimeClient({ url, connectGraceMs: 400, pollIntervalMs: 100, lingerMs: 0, token: () => null, ...options });
  return client.acquire<'arena'>({ kind: 'arena', tid: TID }, (signal) => pollArena(TID, signal));
}

describe('realtime client', () => {
  it('takes the subscribe ack snapshot as its view and goes live', async () => {
    server = await startServer(arenaView(3, [message('m1', 1, 'Hello')]));
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    const state = await until<ArenaView>(subscription, (s) => s.connection === 'live');
    expect(server.subscribes).toEqual([{ kind: 'arena', tid: TID }]);
    expect(state.view?.version).toBe(3);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['Hello']);
    expect(state.stale).toBe(false);
  });

  it('applies event updates in order, merges scoped ones without moving the version, and ignores duplicates', async () => {
    server = await startServer(arenaView(3));
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    await until(subscription, (s) => s.connection === 'live');

    emitUpdate(server, { eventId: EVENT_ID, version: 4, prevVersion: 3, scope: 'event', chats: [message('m1', 4, 'First')] });
    await until<ArenaView>(subscription, (s) => s.view?.version === 4);

    const privateMessage = { ...message('p1', 5, 'Psst'), attendee_id_1: 'att-2', attendee_id_2: 'att-1' };
    emitUpdate(server, { eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'private', private_chats: [privateMessage] });
    emitUpdate(server, { eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'attendance', attendees: [{ ...attendee, checked_in: true }] });
    emitUpdate(server, { eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', chats: [message('m2', 5, 'Second')] });
    // A repeat of an applied update changes nothing.
    emitUpdate(server, { eventId: EVENT_ID, version: 5, prevVersion: 4, scope: 'event', chats: [message('m2', 5, 'Second')] });
    const state = await until<ArenaView>(subscription, (s) => s.view?.version === 5);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['First', 'Second']);
    expect(state.view?.private_chats.map((c) => c.message)).toEqual(['Psst']);
    expect(state.view?.attendee.checked_in).toBe(true);
    expect(server.resyncs).toEqual([]);
  });

  it('asks for a resync on a version gap and replaces its view with the snapshot that follows', async () => {
    server = await startServer(arenaView(3));
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    await until(subscription, (s) => s.connection === 'live');

    server.current = arenaView(9, [message('m7', 7, 'Missed'), message('m9', 9, 'Latest')]);
    emitUpdate(server, { eventId: EVENT_ID, version: 9, prevVersion: 8, scope: 'event', chats: [message('m9', 9, 'Latest')] });
    const state = await until<ArenaView>(subscription, (s) => s.view?.version === 9);
    expect(server.resyncs).toEqual([{ eventId: EVENT_ID, version: 3 }]);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['Missed', 'Latest']);
  });

  it('shows the stale mark the gateway sends, and clears it', async () => {
    server = await startServer(arenaView(1));
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    await until(subscription, (s) => s.connection === 'live');
    server.io.emit('status', { eventId: EVENT_ID, stale: true });
    await until(subscription, (s) => s.stale);
    server.io.emit('status', { eventId: EVENT_ID, stale: false });
    await until(subscription, (s) => !s.stale);
  });

  it('subscribes again after a reconnect, which resyncs the view', async () => {
    server = await startServer(arenaView(2));
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    await until(subscription, (s) => s.connection === 'live');
    server.current = arenaView(6, [message('m6', 6, 'While away')]);
    server.sockets[0]?.conn.close();
    const state = await until<ArenaView>(subscription, (s) => s.connection === 'live' && s.view?.version === 6);
    expect(server.subscribes).toHaveLength(2);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['While away']);
  });

  it('falls back to polling the REST endpoint when the socket cannot connect, then returns to the socket', async () => {
    // A port nobody listens on (yet).
    const probe = await startServer(arenaView(0));
    const port = probe.port;
    await probe.close();

    const network = mockNetwork();
    let chats = [message('m1', 1, 'Polled')];
    network.on(calls.eventToken, () =>
      ok({
        event,
        name: attendee.name,
        image: '',
        ticket: `TC1.kid00001.${EVENT_ID}.${attendee.id}.${'A'.repeat(86)}`,
        attendee: { id: attendee.id, name: attendee.name, image: '', checked_in: false, price_category: 'Free', event, chats, private_chats: [] },
      }),
    );

    const subscription = arenaClient(`http://127.0.0.1:${port}`);
    let state = await until<ArenaView>(subscription, (s) => s.connection === 'polling' && s.view !== null);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['Polled']);
    expect(network.sent(calls.eventToken)[0]?.path).toBe(`/event/public/api/token/${TID}`);

    chats = [...chats, message('m2', 2, 'Polled again')];
    state = await until<ArenaView>(subscription, (s) => s.view?.chats.length === 2);
    expect(state.connection).toBe('polling');

    // The server comes up: the client's own retries find it and the page goes live again.
    server = await startServer(arenaView(5, [message('m5', 5, 'Live again')]), port);
    state = await until<ArenaView>(subscription, (s) => s.connection === 'live', 12_000);
    expect(state.view?.chats.map((c) => c.message)).toEqual(['Live again']);
    const polls = network.sent(calls.eventToken).length;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(network.sent(calls.eventToken).length).toBe(polls);
  }, 20_000);

  it('reports a refused subscription as an error instead of polling', async () => {
    server = await startServer(arenaView(1));
    server.io.removeAllListeners('connection');
    server.io.on('connection', (socket) => {
      socket.on('subscribe', (_payload: unknown, ack: (answer: unknown) => void) => ack({ ok: false, error: { code: 'not_found', message: 'Unknown token' } }));
    });
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    const state = await until(subscription, (s) => s.error !== null);
    expect(state.error).toEqual({ code: 'not_found', message: 'Unknown token' });
    expect(state.connection).not.toBe('polling');
  });

  it('shows a subscription the gateway ended as an error, and neither polls nor subscribes again', async () => {
    server = await startServer(arenaView(1));
    const network = mockNetwork();
    const subscription = arenaClient(`http://127.0.0.1:${server.port}`);
    await until(subscription, (s) => s.connection === 'live');
    const error = { code: 'forbidden', message: 'Your session has ended. Please log in again.' };
    server.io.emit('ended', { subscription: { kind: 'arena', tid: 'another-tid-0123456789' }, error });
    server.io.emit('ended', { subscription: { kind: 'arena', tid: TID }, error });
    const state = await until(subscription, (s) => s.error !== null);
    expect(state.error).toEqual(error);
    expect(state.connection).not.toBe('polling');
    expect(network.sent(calls.eventToken)).toEqual([]);
    expect(server.subscribes.length).toBe(1);
  });
});
