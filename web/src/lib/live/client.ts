import type { io as connectSocket } from 'socket.io-client';
import { POLL_INTERVAL_MS } from '@tapcard/shared/constants';
import { backoffDelay, REALTIME_PATH, endedSchema, snapshotSchema, statusSchema, updateSchema, type Subscribe, type ViewKind, type ViewOf } from '@tapcard/shared/realtime';
import { currentAuthorization } from '../session.js';
import { isOnline, listenNetwork } from './network.js';
import { keyOf, LiveSubscription, RETRY_BACKOFF, RETRY_MAX_MS, RETRY_MIN_MS, type Poller, type RealtimeSocket } from './subscription.js';

/**
 * The socket of the live pages (arena, chats, chip page, organiser attendees and admin chat).
 *
 * One Socket.IO connection per page (same origin, REALTIME_PATH, websocket first) carries every
 * subscription of the page (subscription.ts); the client opens it on the first subscription, hands its
 * frames to the subscriptions and closes it a little after the last one ends.
 *
 * When the socket cannot connect, or drops and is not back within `connectGraceMs`, the subscriptions
 * poll the REST endpoints every POLL_INTERVAL_MS instead (connection 'polling') while Socket.IO keeps
 * retrying with backoff; the first successful subscribe after that returns them to 'live'.
 *
 * The browser's offline event shows 'offline' at once (a dead socket would otherwise look live until its
 * ping times out) and closes the socket; the online event reconnects at once, which resyncs the views.
 */

export interface RealtimeOptions {
  /** Socket.IO server origin; the page's own origin when absent. */
  url?: string;
  /** How long a connect (or reconnect) may take before the page falls back to polling. */
  connectGraceMs?: number;
  pollIntervalMs?: number;
  /** How long a subscribe ack may take. */
  ackTimeoutMs?: number;
  /** How long the socket stays open after its last subscription ends (a page change keeps it). */
  lingerMs?: number;
  /** The handshake's bearer token (the stored session by default). */
  token?: () => string | null;
}

const DEFAULTS = { connectGraceMs: 3000, pollIntervalMs: POLL_INTERVAL_MS, ackTimeoutMs: 5000, lingerMs: 2000 };

// Socket.IO is fetched when a page first subscribes, after its first render, to keep it out of the first load's JavaScript.
let socketIo: Promise<{ io: typeof connectSocket }> | null = null;
const loadSocketIo = () => (socketIo ??= import('socket.io-client'));

/** The page's socket and its subscriptions. */
export class RealtimeClient {
  readonly options: Required<Omit<RealtimeOptions, 'url' | 'token'>> & Pick<RealtimeOptions, 'url' | 'token'>;
  private socket: RealtimeSocket | null = null;
  private opening = false;
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Reconnects of our own (those Socket.IO does not make) since the socket was last connected. */
  private reconnects = 0;
  private unlistenNetwork: (() => void) | null = null;
  /** The browser said it went offline (its offline event), until its online event. */
  offline = false;

  constructor(options: RealtimeOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private readonly onNetwork = (): void => {
    const offline = !isOnline();
    if (offline === this.offline) return;
    this.offline = offline;
    const socket = this.socket;
    if (offline) {
      for (const subscription of [...this.subscriptions.values()]) subscription.onOffline();
      clearTimeout(this.reconnectTimer);
      // A dead socket would look connected until its ping times out: close it now.
      socket?.disconnect();
      return;
    }
    for (const subscription of [...this.subscriptions.values()]) subscription.onOnline();
    this.reconnects = 0;
    if (socket && !socket.connected) socket.connect();
    else if (!socket) this.ensureSocket();
  };

  /** A subscription for `request` (shared with other holders of the same one); release it when done. */
  acquire<K extends ViewKind>(request: Extract<Subscribe, { kind: K }>, poller: Poller<ViewOf<K>>, cached: ViewOf<K> | null = null): LiveSubscription<K> {
    clearTimeout(this.lingerTimer);
    if (!this.unlistenNetwork) {
      this.unlistenNetwork = listenNetwork(this.onNetwork);
      this.offline = !isOnline();
    }
    const key = keyOf(request);
    let subscription = this.subscriptions.get(key) as LiveSubscription<K> | undefined;
    if (!subscription) {
      subscription = new LiveSubscription<K>(this, request, poller, cached);
      this.subscriptions.set(key, subscription as unknown as LiveSubscription);
      subscription.start(this.ensureSocket());
    }
    subscription.refs += 1;
    return subscription;
  }

  release(subscription: LiveSubscription): void {
    subscription.refs -= 1;
    if (subscription.refs > 0) return;
    const key = keyOf(subscription.request);
    if (this.subscriptions.get(key) === subscription) this.subscriptions.delete(key);
    subscription.close(this.socket);
    if (this.subscriptions.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => this.shutdown(), this.options.lingerMs);
    }
  }

  /** Closes the socket and every subscription (tests, and a page that no longer needs live data). */
  shutdown(): void {
    clearTimeout(this.lingerTimer);
    clearTimeout(this.reconnectTimer);
    this.unlistenNetwork?.();
    this.unlistenNetwork = null;
    for (const subscription of this.subscriptions.values()) subscription.close(this.socket);
    this.subscriptions.clear();
    const socket = this.socket;
    this.socket = null;
    this.opening = false;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
  }

  /** The socket when it is open; otherwise opens it, and its `connect` subscribes every subscription. */
  private ensureSocket(): RealtimeSocket | null {
    if (this.socket || this.opening) return this.socket;
    this.opening = true;
    void loadSocketIo().then(
      ({ io }) => {
        if (!this.opening) return;
        this.opening = false;
        if (this.subscriptions.size > 0) this.openSocket(io);
      },
      () => {
        // The download failed: the subscriptions poll after their grace period; the next subscription tries again.
        this.opening = false;
        socketIo = null;
      },
    );
    return null;
  }

  private openSocket(io: typeof connectSocket): void {
    const tokenOf = this.options.token ?? currentAuthorization;
    const settings = {
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      // A proxy that refuses websockets still lets the socket through over HTTP long-polling.
      tryAllTransports: true,
      reconnectionDelay: RETRY_MIN_MS,
      reconnectionDelayMax: RETRY_MAX_MS / 3,
      timeout: this.options.ackTimeoutMs,
      auth: (cb: (data: object) => void) => {
        const token = tokenOf();
        cb(token ? { token } : {});
      },
    };
    const socket: RealtimeSocket = this.options.url ? io(this.options.url, settings) : io(settings);
    this.socket = socket;
    const each = (fn: (s: LiveSubscription) => void) => {
      for (const subscription of [...this.subscriptions.values()]) fn(subscription);
    };
    socket.on('connect', () => {
      this.reconnects = 0;
      each((s) => s.onConnect(socket));
    });
    socket.on('disconnect', (reason) => {
      each((s) => s.onDisconnect());
      // The server closed the connection on purpose: Socket.IO does not retry by itself.
      if (reason === 'io server disconnect') this.reconnectLater(socket);
    });
    socket.on('connect_error', () => {
      each((s) => s.onDisconnect());
      // A refused handshake is not retried by Socket.IO; a network failure is.
      if (!socket.active) this.reconnectLater(socket);
    });
    socket.on('update', (raw: unknown) => {
      const parsed = updateSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onUpdate(socket, parsed.data));
    });
    socket.on('snapshot', (raw: unknown) => {
      const parsed = snapshotSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onSnapshot(parsed.data));
    });
    socket.on('status', (raw: unknown) => {
      const parsed = statusSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onStatus(parsed.data.eventId, parsed.data.stale));
    });
    socket.on('ended', (raw: unknown) => {
      const parsed = endedSchema.safeParse(raw);
      if (parsed.success) this.subscriptions.get(keyOf(parsed.data.subscription))?.onEnded(parsed.data.error);
    });
  }

  private reconnectLater(socket: RealtimeSocket): void {
    clearTimeout(this.reconnectTimer);
    const delay = backoffDelay(this.reconnects++, RETRY_BACKOFF);
    this.reconnectTimer = setTimeout(() => {
      if (this.socket === socket && !socket.connected && !this.offline) socket.connect();
    }, delay);
  }
}

let defaultClient: RealtimeClient | null = null;

/** The page's client (created on first use). */
export function realtimeClient(): RealtimeClient {
  defaultClient ??= new RealtimeClient();
  return defaultClient;
}

/** Replaces the page's client (tests point it at their own server). */
export function setRealtimeClient(client: RealtimeClient | null): void {
  defaultClient?.shutdown();
  defaultClient = client;
}
