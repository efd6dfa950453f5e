import { REALTIME_PATH, snapshotSchema, statusSchema, subscribeAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { ClientToServerEvents, ServerToClientEvents, Snapshot, Status, Subscribe, SubscribeAck, Update } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { TEST_ORIGIN } from './gateway.js';
import { waitFor } from '@tapcard/testkit/wait';

/** Socket.IO clients as the web would be, recording and validating everything they receive. */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ConnectOptions {
  token?: string;
  origin?: string | null;
  transports?: ('websocket' | 'polling')[];
  /** More handshake headers (X-Forwarded-For, as a proxy in front would add). */
  headers?: Record<string, string>;
}

export function connect(url: string, options: ConnectOptions = {}): Promise<ClientSocket> {
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
  const socket: ClientSocket = io(url, {
    path: REALTIME_PATH,
    transports: options.transports ?? ['websocket'],
    forceNew: true,
    reconnection: false,
    // Long enough for a busy machine; a refusal still answers at once.
    timeout: 20_000,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: { ...(origin === null ? {} : { origin }), ...options.headers },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export async function subscribe(socket: ClientSocket, subscription: Subscribe): Promise<SubscribeAck> {
  const answer: unknown = await socket.timeout(10_000).emitWithAck('subscribe', subscription);
  return subscribeAckSchema.parse(answer);
}

export async function subscribeOk(socket: ClientSocket, subscription: Subscribe): Promise<Snapshot> {
  const ack = await subscribe(socket, subscription);
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.error.code} ${ack.error.message}`);
  return ack.snapshot;
}

/**
 * A subscriber's view of one event, kept as the web keeps it: the snapshot, then every 'event' update
 * whose prevVersion is the current version; on a gap it asks for a resync and takes the new snapshot.
 */
export class TrackedClient {
  version = -1;
  readonly chatIds = new Set<string>();
  readonly privateIds = new Set<string>();
  readonly updates: Update[] = [];
  readonly statuses: Status[] = [];
  readonly snapshots: Snapshot[] = [];
  resyncs = 0;

  constructor(
    readonly socket: ClientSocket,
    public eventId: string,
  ) {
    socket.on('update', (raw: unknown) => this.onUpdate(updateSchema.parse(raw)));
    socket.on('snapshot', (raw: unknown) => this.take(snapshotSchema.parse(raw)));
    socket.on('status', (raw: unknown) => this.statuses.push(statusSchema.parse(raw)));
  }

  take(snapshot: Snapshot): void {
    this.snapshots.push(snapshot);
    this.eventId = snapshot.eventId;
    this.version = snapshot.version;
    if (snapshot.kind !== 'door') for (const m of snapshot.chats) this.chatIds.add(m.id);
    if ('private_chats' in snapshot) for (const m of snapshot.private_chats) this.privateIds.add(m.id);
  }

  get stale(): boolean {
    return this.statuses.at(-1)?.stale ?? false;
  }

  async resync(): Promise<void> {
    this.resyncs += 1;
    await this.socket.timeout(10_000).emitWithAck('resync', { eventId: this.eventId, version: Math.max(this.version, 0) });
  }

  waitForChat(messageId: string, timeoutMs = 15_000): Promise<true> {
    return waitFor(() => this.chatIds.has(messageId), timeoutMs);
  }

  private onUpdate(update: Update): void {
    this.updates.push(update);
    for (const m of update.private_chats ?? []) this.privateIds.add(m.id);
    if (update.scope !== 'event' || this.version === -1) return;
    if (update.prevVersion !== this.version) {
      if (update.version > this.version) void this.resync().catch(() => undefined);
      return;
    }
    this.version = update.version;
    for (const m of update.chats ?? []) this.chatIds.add(m.id);
  }
}

/** The event id is known up front only for organisers; the others learn it from the snapshot. */
function eventIdOf(subscription: Subscribe): string {
  return subscription.kind === 'organiser' ? subscription.eventId : '';
}

export async function trackedSubscriber(url: string, subscription: Subscribe, options: ConnectOptions = {}): Promise<TrackedClient> {
  const socket = await connect(url, options);
  const tracked = new TrackedClient(socket, eventIdOf(subscription));
  tracked.take(await subscribeOk(socket, subscription));
  return tracked;
}

/** Emits anything at all, as a hostile client would, bypassing the typed event map. */
export function rawEmit(socket: ClientSocket, event: string, ...args: unknown[]): void {
  Reflect.apply(socket.emit, socket, [event, ...args]);
}
