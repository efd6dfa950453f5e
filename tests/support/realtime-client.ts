import { backoffDelay, REALTIME_PATH, simpleAckSchema, snapshotSchema, statusSchema, subscribeAckSchema, updateSchema, versionStep } from '@tapcard/shared/realtime';
import type { ClientToServerEvents, ServerToClientEvents, Snapshot, Subscribe, Update } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/**
 * A Node client of the gateway's realtime protocol (shared/src/realtime), for benchmarks and
 * integration tests. Every payload it receives is validated with the shared schemas.
 *
 * 'robust' behaves as the web's live layer does (web/src/lib/live): it subscribes on every (re)connect
 * and takes the ack's snapshot, places each 'event' update against the version it holds with the
 * shared merge's `versionStep` (applied when it follows that version, ignored at or below it), and on a
 * gap emits `resync` and takes the snapshot that answers it (again, until it has caught up with the newest version it was
 * told about). It reconnects by itself after a server-side disconnect as the web does.
 *
 * 'naive' is Socket.IO's default behaviour, for comparison: it takes the first snapshot, then only
 * listens to updates. It still subscribes again after a reconnect (or it would hear nothing at all),
 * but ignores that snapshot's messages and never resyncs, so what was emitted while it was away is lost.
 *
 * Each client records every group chat message id it has seen, with the seq and the time it first
 * saw it, whether that came in an update or a snapshot; and likewise when it first saw a message
 * removed by the organiser.
 */

export type ClientMode = 'robust' | 'naive';
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SeenMessage {
  seq: number;
  /** Epoch milliseconds (fractional) when the frame carrying it was handled. */
  at: number;
  via: 'update' | 'snapshot';
}

export interface RealtimeClientOptions {
  url: string;
  /** Sent as the Origin header (the gateway checks it on the websocket upgrade). */
  origin: string;
  subscription: Subscribe;
  mode: ClientMode;
  /** Bearer token for the handshake (organiser subscriptions). */
  token?: string;
  /** Socket.IO reconnection backoff (the web uses 1 s to 5 s). */
  reconnectionDelayMs?: number;
  reconnectionDelayMaxMs?: number;
  /** How long a subscribe or resync ack may take. */
  ackTimeoutMs?: number;
  /** Epoch milliseconds; sub-millisecond by default. */
  now?: () => number;
}

const DEFAULT_ACK_TIMEOUT_MS = 10_000;
/** A resync answered with an older snapshot than an announced version is asked again after this. */
const RESYNC_RETRY_MS = 200;
const MAX_RESYNC_RETRIES = 20;
const FATAL_CODES = new Set(['invalid', 'forbidden', 'not_found']);
/** A subscribe refused for now (or unanswered) is tried again after this, doubling up to the max, as the web does. */
const SUBSCRIBE_RETRY = { baseMs: 1000, maxMs: 15_000 };

export const preciseNow = (): number => performance.timeOrigin + performance.now();

/**
 * A socket to a gateway's realtime endpoint as a page on `origin` opens it (websocket only, a
 * connection of its own), signed in with `token` when given; the caller connects it.
 */
export function realtimeSocket(url: string, origin: string, token: string | undefined, options: Partial<ManagerOptions & SocketOptions> = {}): Socket<ServerToClientEvents, ClientToServerEvents> {
  return io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    autoConnect: false,
    ...options,
    auth: token ? { token } : {},
    extraHeaders: { origin },
  });
}

/** A net.Socket-like object, reached through the engine's websocket (see `drop` and `pauseReading`). */
interface RawTcp {
  destroy(): void;
  pause(): void;
  resume(): void;
}

function property(value: unknown, key: string): unknown {
  return value !== null && (typeof value === 'object' || typeof value === 'function') ? Reflect.get(value, key) : undefined;
}

function isRawTcp(value: unknown): value is RawTcp {
  return typeof property(value, 'destroy') === 'function' && typeof property(value, 'pause') === 'function' && typeof property(value, 'resume') === 'function';
}

export class RealtimeClient {
  readonly socket: RealtimeSocket;
  readonly seen = new Map<string, SeenMessage>();
  /** Chat ids this client has seen removed by the organiser, with when it first saw the removal. */
  readonly removed = new Map<string, SeenMessage>();
  /** Removed messages that still carried text (none should: a removal carries no text anywhere). */
  removedWithText = 0;
  /** Chat ids in the order this client first saw them. */
  readonly arrival: string[] = [];
  eventId: string | undefined;
  /** The version this client's view is at (undefined before the first snapshot). */
  version: number | undefined;
  /** The newest version any update told this client about. */
  announced = -1;
  stale = false;
  /** Counters. */
  connects = 0;
  disconnects = 0;
  subscribes = 0;
  subscribeFailures = 0;
  /** Of those: not answered within the ack timeout, and answered with an error (its code). */
  subscribeTimeouts = 0;
  subscribeRefusals = 0;
  gaps = 0;
  resyncs = 0;
  snapshots = 0;
  updates = 0;
  invalid = 0;
  /** A message seen for the first time with a lower seq than one seen before it. */
  outOfOrder = 0;
  /** The last disconnect reason and when the client was last (re)subscribed. */
  lastDisconnectReason: string | undefined;
  lastDisconnectAt: number | undefined;
  lastSubscribedAt: number | undefined;
  fatal: string | undefined;

  private readonly now: () => number;
  private readonly ackTimeoutMs: number;
  private subscribed = false;
  private closed = false;
  private resyncing = false;
  private resyncRetries = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private pausedTcp: RawTcp | undefined;
  private frozen = false;
  private maxSeq = -1;
  private readonly early: { update: Update; at: number }[] = [];
  private firstSubscribe: { resolve: () => void; reject: (err: Error) => void } | undefined;
  /** Reconnections the client started itself since the last connect, and subscriptions retried since the last success. */
  private manualReconnects = 0;
  private subscribeRetries = 0;

  constructor(readonly options: RealtimeClientOptions) {
    this.now = options.now ?? preciseNow;
    this.ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    this.socket = realtimeSocket(options.url, options.origin, options.token, {
      reconnection: true,
      reconnectionDelay: options.reconnectionDelayMs ?? 1000,
      reconnectionDelayMax: options.reconnectionDelayMaxMs ?? 5000,
      timeout: 10_000,
    });
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('disconnect', (reason) => this.onDisconnect(reason));
    this.socket.on('update', (raw: unknown) => this.onUpdate(raw));
    this.socket.on('snapshot', (raw: unknown) => this.onSnapshot(raw));
    this.socket.on('status', (raw: unknown) => {
      const parsed = statusSchema.safeParse(raw);
      if (!parsed.success) this.invalid += 1;
      else this.stale = parsed.data.stale;
    });
  }

  get mode(): ClientMode {
    return this.options.mode;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Connected and holding a live subscription. */
  get live(): boolean {
    return this.socket.connected && this.subscribed;
  }

  /** Connects and resolves once the first subscription is answered (rejects when refused for good or after `timeoutMs`). */
  start(timeoutMs = 30_000): Promise<void> {
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not subscribed within ${timeoutMs} ms (${this.fatal ?? this.lastDisconnectReason ?? 'no answer'})`)), timeoutMs);
      this.firstSubscribe = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
    });
    this.socket.connect();
    return started;
  }

  /** Cuts the connection as a lost network would (the TCP socket is destroyed); Socket.IO then reconnects. */
  drop(): void {
    const tcp = this.tcp();
    if (tcp) tcp.destroy();
    else this.socket.io.engine?.close();
  }

  /**
   * Stops reading from the TCP socket, as a frozen app would: the kernel buffers fill and the server's
   * writes back up. The client's own heartbeat timer is cleared too (a frozen app runs no timers), so
   * only the server can end the connection; nor does it reconnect afterwards.
   */
  pauseReading(): boolean {
    const tcp = this.tcp();
    if (!tcp) return false;
    tcp.pause();
    this.pausedTcp = tcp;
    this.socket.io.reconnection(false);
    this.frozen = true;
    const engine = this.socket.io.engine;
    const timer = property(engine, '_pingTimeoutTimer');
    if (timer !== undefined) clearTimeout(timer as NodeJS.Timeout);
    Reflect.set(engine, '_pingTimeoutTime', Infinity);
    Reflect.set(engine, '_pingInterval', 3_600_000);
    return true;
  }

  resumeReading(): void {
    this.pausedTcp?.resume();
    this.pausedTcp = undefined;
  }

  /**
   * Asks for the snapshot every `everyMs` without waiting for the answers (writing still works while
   * reading is paused), so data piles up for a client that does not read it.
   */
  requestSnapshots(everyMs: number): void {
    clearInterval(this.snapshotTimer);
    this.snapshotTimer = setInterval(() => {
      if (this.eventId !== undefined) this.socket.emit('resync', { eventId: this.eventId, version: 0 });
    }, everyMs);
  }

  /** Asks for the snapshot (robust mode), as after a gap; resolves when it is answered. */
  async resync(): Promise<void> {
    if (this.eventId === undefined || !this.socket.connected) return;
    this.resyncs += 1;
    this.resyncing = true;
    try {
      const raw: unknown = await this.socket.timeout(this.ackTimeoutMs).emitWithAck('resync', { eventId: this.eventId, version: Math.max(this.version ?? 0, 0) });
      const ack = simpleAckSchema.safeParse(raw);
      if (!ack.success) this.invalid += 1;
    } finally {
      this.resyncing = false;
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.snapshotTimer);
    this.socket.removeAllListeners();
    this.socket.disconnect();
    // A stalled socket would never finish a closing handshake: cut it.
    this.pausedTcp?.destroy();
    this.pausedTcp = undefined;
  }

  /** The chat ids of the view, ordered by seq. */
  chatIdsBySeq(): string[] {
    return [...this.seen.entries()].sort((a, b) => a[1].seq - b[1].seq).map(([id]) => id);
  }

  private tcp(): RawTcp | undefined {
    const ws = property(property(this.socket.io.engine, 'transport'), 'ws');
    const raw = property(ws, '_socket');
    return isRawTcp(raw) ? raw : undefined;
  }

  private onConnect(): void {
    this.connects += 1;
    this.manualReconnects = 0;
    this.subscribed = false;
    void this.subscribe();
  }

  private onDisconnect(reason: string): void {
    this.disconnects += 1;
    this.subscribed = false;
    this.resyncing = false;
    this.early.length = 0;
    this.lastDisconnectReason = reason;
    this.lastDisconnectAt = this.now();
    clearTimeout(this.retryTimer);
    // The server closed the connection on purpose (e.g. it is shutting down): Socket.IO does not
    // retry by itself, so the client does, as the web does.
    if (reason === 'io server disconnect' && !this.closed && !this.frozen) this.later(() => this.socket.connect(), this.nextManualDelay());
  }

  private nextManualDelay(): number {
    return backoffDelay(this.manualReconnects++, { baseMs: this.options.reconnectionDelayMs ?? 1000, maxMs: this.options.reconnectionDelayMaxMs ?? 5000 });
  }

  private later(fn: () => void, ms: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.closed) fn();
    }, ms);
  }

  private async subscribe(): Promise<void> {
    this.subscribes += 1;
    let raw: unknown;
    try {
      raw = await this.socket.timeout(this.ackTimeoutMs).emitWithAck('subscribe', this.options.subscription);
    } catch {
      this.subscribeFailures += 1;
      this.subscribeTimeouts += 1;
      this.retrySubscribe();
      return;
    }
    const at = this.now();
    const ack = subscribeAckSchema.safeParse(raw);
    if (!ack.success) {
      this.invalid += 1;
      this.subscribeFailures += 1;
      return;
    }
    if (!ack.data.ok) {
      this.subscribeFailures += 1;
      this.subscribeRefusals += 1;
      const { code, message } = ack.data.error;
      if (FATAL_CODES.has(code)) {
        this.fatal = `${code}: ${message}`;
        this.firstSubscribe?.reject(new Error(`subscription refused: ${this.fatal}`));
        this.firstSubscribe = undefined;
        return;
      }
      this.retrySubscribe();
      return;
    }
    if (!this.socket.connected) return;
    this.subscribed = true;
    this.subscribeRetries = 0;
    this.lastSubscribedAt = at;
    const first = this.version === undefined;
    this.takeSnapshot(ack.data.snapshot, at, first || this.mode === 'robust');
    for (const held of this.early.splice(0)) this.applyEvent(held.update, held.at);
    this.firstSubscribe?.resolve();
    this.firstSubscribe = undefined;
  }

  /** Tries the subscription again later, with backoff (and jitter, so thousands of clients do not retry in step). */
  private retrySubscribe(): void {
    if (!this.socket.connected || this.closed) return;
    const delay = backoffDelay(this.subscribeRetries++, SUBSCRIBE_RETRY) * (0.5 + Math.random());
    this.later(() => void this.subscribe(), delay);
  }

  private onUpdate(raw: unknown): void {
    const at = this.now();
    const parsed = updateSchema.safeParse(raw);
    if (!parsed.success) {
      this.invalid += 1;
      return;
    }
    const update = parsed.data;
    this.updates += 1;
    if (update.scope !== 'event') return;
    if (!this.subscribed) {
      // The room was joined before the subscribe ack arrived: applied after its snapshot.
      this.early.push({ update, at });
      return;
    }
    this.applyEvent(update, at);
  }

  private applyEvent(update: Update, at: number): void {
    if (this.eventId !== undefined && update.eventId !== this.eventId) return;
    this.announced = Math.max(this.announced, update.version);
    const version = this.version ?? -1;
    if (this.mode === 'naive') {
      this.version = Math.max(version, update.version);
      this.record(update.chats ?? [], at, 'update');
      return;
    }
    const step = versionStep(this.version, update);
    if (step === 'old') return;
    if (step === 'gap') {
      this.gaps += 1;
      if (!this.resyncing && this.live) void this.resync().catch(() => undefined);
      return;
    }
    this.version = update.version;
    this.record(update.chats ?? [], at, 'update');
  }

  private onSnapshot(raw: unknown): void {
    const at = this.now();
    const parsed = snapshotSchema.safeParse(raw);
    if (!parsed.success) {
      this.invalid += 1;
      return;
    }
    if (this.mode === 'naive') return;
    this.takeSnapshot(parsed.data, at, true);
    // A snapshot read from a store a little behind the newest update: ask again shortly.
    if ((this.version ?? -1) < this.announced && this.resyncRetries < MAX_RESYNC_RETRIES) {
      this.resyncRetries += 1;
      this.later(() => {
        if (!this.resyncing && this.live && (this.version ?? -1) < this.announced) void this.resync().catch(() => undefined);
      }, RESYNC_RETRY_MS);
    } else {
      this.resyncRetries = 0;
    }
  }

  private takeSnapshot(snapshot: Snapshot, at: number, keepMessages: boolean): void {
    this.snapshots += 1;
    this.eventId = snapshot.eventId;
    if (this.version === undefined || snapshot.version >= this.version) this.version = snapshot.version;
    if (keepMessages && snapshot.kind !== 'door') this.record(snapshot.chats, at, 'snapshot');
  }

  private record(chats: readonly { id: string; seq: number; removed?: boolean | undefined; message?: string }[], at: number, via: SeenMessage['via']): void {
    for (const m of chats) {
      if (m.removed === true && !this.removed.has(m.id)) {
        this.removed.set(m.id, { seq: m.seq, at, via });
        if (m.message) this.removedWithText += 1;
      }
      if (this.seen.has(m.id)) continue;
      this.seen.set(m.id, { seq: m.seq, at, via });
      this.arrival.push(m.id);
      if (m.seq < this.maxSeq) this.outOfOrder += 1;
      else this.maxSeq = m.seq;
    }
  }
}
